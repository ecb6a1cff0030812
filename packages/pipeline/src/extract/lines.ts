/**
 * Rebuilds visual lines from pdf.js text runs. TeX output comes in small pieces (a word, a symbol, a space),
 * with sub- and superscripts on shifted baselines; runs are grouped by baseline (tolerant of script shifts),
 * ordered by x, and joined with a space where the gap between two pieces is word-sized.
 */
import type { Line, PageText, TextRun } from './types.ts';

/** A run belongs to a line if its baseline is within this share of the larger font size. */
const BASELINE_TOLERANCE = 0.5;
/** Share of a line's characters in a fixed-pitch face that makes it a line of code. */
const MONO_SHARE = 0.8;
/** A horizontal gap wider than this share of the font size is a word space. */
const SPACE_GAP = 0.15;

export function buildLines(page: PageText): Line[] {
  const runs = [...page.runs].sort((p, q) => p.y - q.y || p.x - q.x);
  const groups: TextRun[][] = [];
  let group: TextRun[] = [];
  let refY = 0;
  let refSize = 0;
  for (const run of runs) {
    const tol = BASELINE_TOLERANCE * Math.max(refSize, run.size);
    if (group.length > 0 && Math.abs(run.y - refY) <= tol) {
      group.push(run);
      // The line's reference baseline is that of its largest text, so scripts do not drag it.
      if (run.size > refSize + 0.01 && !isBlank(run.str)) {
        refY = run.y;
        refSize = run.size;
      }
      continue;
    }
    if (group.length > 0) groups.push(group);
    group = [run];
    refY = run.y;
    refSize = isBlank(run.str) ? 0 : run.size;
  }
  if (group.length > 0) groups.push(group);
  const lines: Line[] = [];
  for (const cluster of stackClusters(groups)) {
    if (cluster.length === 1) pushLine(lines, makeLine(page.page, cluster[0]!));
    else for (const parts of attachLayers(cluster)) pushLine(lines, stackedLine(page.page, parts));
  }
  return lines;
}

function pushLine(lines: Line[], line: Line | null) {
  if (line) lines.push(line);
}

/** Stacked material sits closer to its line than this share of the font size; lines of text are further apart. */
const STACK_GAP = 0.9;
/** A group with this many characters is a line of prose, not a layer of math. */
const PROSE_CHARS = 40;
/** Pieces of a layer closer than this share of the font size (math spacing) are read together. */
const UNIT_GAP = 0.6;
/** A wide group with fewer characters per point than this share of the densest wide group is a layer. */
const SPARSE = 0.35;

interface GroupInfo {
  runs: TextRun[];
  y: number;
  size: number;
  x0: number;
  x1: number;
  chars: number;
}

function groupInfo(runs: TextRun[]): GroupInfo {
  let chars = 0;
  let longest = 0;
  let size = 0;
  let y = 0;
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const r of runs) {
    const n = r.str.trim().length;
    if (n === 0) continue;
    chars += n;
    // The group's baseline is that of its largest, then longest, piece of text.
    if (r.size > size + 0.01 || (Math.abs(r.size - size) <= 0.01 && n > longest)) {
      size = Math.max(size, r.size);
      y = r.y;
      longest = n;
    }
    x0 = Math.min(x0, r.x);
    x1 = Math.max(x1, r.x + r.width);
  }
  return { runs, y, size, x0, x1, chars };
}

/**
 * Consecutive baseline groups closer together than lines of text are: the layers of stacked math (the
 * numerator and denominator of a display fraction, the two entries of a binomial coefficient, limits of a
 * sum) around their line. Returns clusters of groups, in top-to-bottom order.
 */
function stackClusters(groups: TextRun[][]): TextRun[][][] {
  const clusters: TextRun[][][] = [];
  let prev: GroupInfo | null = null;
  for (const g of groups) {
    const info = groupInfo(g);
    const last = clusters[clusters.length - 1];
    if (
      last &&
      (info.chars === 0 || (prev && info.y - prev.y < STACK_GAP * Math.min(info.size, prev.size)))
    ) {
      last.push(g);
    } else {
      clusters.push([g]);
    }
    if (info.chars > 0) prev = info;
  }
  return clusters;
}

/** A group with words in it (or much text) is a line of prose, never a layer of a formula. */
function isProse(info: GroupInfo): boolean {
  return info.chars >= PROSE_CHARS || info.runs.some((r) => /[A-Za-z]{4}/.test(r.str));
}

/**
 * Splits a cluster into lines: groups at least half as wide as the widest are lines of their own; a narrower
 * group within the horizontal extent of its nearest such line (and close enough to it) is a layer of stacked
 * math of that line. Others stay lines of their own. Returns [line, ...its layers] lists in reading order.
 */
function attachLayers(cluster: TextRun[][]): GroupInfo[][] {
  const infos = cluster.map(groupInfo).filter((i) => i.chars > 0);
  const widest = Math.max(...infos.map((i) => i.x1 - i.x0));
  const size = Math.min(...infos.map((i) => i.size));
  const span = infos[infos.length - 1]!.y - infos[0]!.y;
  if (span <= 2.5 * size && !infos.some(isProse)) {
    // A display made of layers only (a fraction beside a binomial, ...): one line, on its middle layer.
    const mid = infos[0]!.y + span / 2;
    let host = infos[0]!;
    for (const i of infos) {
      const d = Math.abs(i.y - mid) - Math.abs(host.y - mid);
      if (d < -0.5 || (d <= 0.5 && i.chars > host.chars)) host = i;
    }
    return [[host, ...infos.filter((i) => i !== host)]];
  }
  // A wide group is a line unless its few characters are spread thin (the stars, limits and exponents of
  // one line of inline math, set on a baseline of their own above it).
  const density = (i: GroupInfo) => i.chars / Math.max(i.x1 - i.x0, 1);
  const wide = infos.filter((i) => i.x1 - i.x0 >= 0.5 * widest);
  const densest = Math.max(...wide.map(density));
  const hosts = wide.filter((i) => isProse(i) || density(i) >= SPARSE * densest);
  const out = new Map<GroupInfo, GroupInfo[]>(hosts.map((h) => [h, [h]]));
  for (const i of infos) {
    if (out.has(i) || isProse(i)) {
      if (!out.has(i)) out.set(i, [i]);
      continue;
    }
    // A layer goes with the line most of its pieces are nearest to: a big operator's glyph may sit
    // higher than the scripts around it.
    const y = middleBaseline(i);
    let best: GroupInfo | null = null;
    for (const h of hosts) {
      const overlap = Math.min(i.x1, h.x1) - Math.max(i.x0, h.x0);
      const within =
        ((i.x0 >= h.x0 - h.size && i.x1 <= h.x1 + h.size) || overlap >= 0.8 * (i.x1 - i.x0)) &&
        i.chars < h.chars;
      const near = Math.abs(y - h.y) < STACK_GAP * Math.min(i.size, h.size);
      if (within && near && (!best || Math.abs(y - h.y) < Math.abs(y - best.y))) best = h;
    }
    if (best) out.get(best)!.push(i);
    else out.set(i, [i]);
  }
  return [...out.values()].sort((p, q) => p[0]!.y - q[0]!.y);
}

/** The median baseline of a group's visible pieces. */
function middleBaseline(info: GroupInfo): number {
  const ys = info.runs.filter((r) => !isBlank(r.str)).map((r) => r.y);
  return median(ys);
}

/**
 * One line from a line's group and its layers of stacked math: each layer is read as a unit at its place in
 * the line, upper layers before lower ones where they overlap ("n" before "k" in a binomial coefficient,
 * numerator before denominator).
 */
function stackedLine(page: number, parts: GroupInfo[]): Line | null {
  const host = parts[0]!;
  if (parts.length === 1) return makeLine(page, host.runs);
  interface Unit {
    x0: number;
    x1: number;
    y: number;
    runs: TextRun[];
  }
  // Each group is read in pieces separated by more than a math space, each piece a unit.
  const units: Unit[] = [];
  for (const l of parts) {
    let unit: Unit | null = null;
    for (const r of [...l.runs].sort((p, q) => p.x - q.x)) {
      if (isBlank(r.str)) continue;
      if (unit && r.x - unit.x1 <= UNIT_GAP * r.size) {
        unit.runs.push(r);
        unit.x1 = Math.max(unit.x1, r.x + r.width);
      } else {
        unit = { x0: r.x, x1: r.x + r.width, y: l.y, runs: [r] };
        units.push(unit);
      }
    }
  }
  units.sort((p, q) => p.x0 - q.x0);
  // Overlapping layers: the upper one first.
  for (let i = 0; i + 1 < units.length; i++) {
    const a = units[i]!;
    const b = units[i + 1]!;
    if (b.y < a.y - 0.5 && b.x0 < a.x1 && a.runs.length + b.runs.length > 0) {
      units[i] = b;
      units[i + 1] = a;
      if (i > 0) i -= 2;
    }
  }
  const line = makeLine(
    page,
    units.flatMap((u) => u.runs),
    true,
  );
  if (!line) return null;
  const baseline = host.y;
  return { ...line, baseline, top: baseline - 0.8 * line.size };
}

const NEGATED: Record<string, string> = {
  '=': '≠',
  '∈': '∉',
  '≡': '≢',
  '⊂': '⊄',
  '⊃': '⊅',
  '⊆': '⊈',
  '⊇': '⊉',
  '∼': '≁',
  '|': '∤',
  '<': '≮',
  '>': '≯',
};

/**
 * TeX draws a negated relation as a zero-width slash over the relation; without a Unicode mapping pdf.js
 * reports the slash as "6" ("6=" for "≠"). Folds such pairs into the negated symbol.
 */
export function foldNegations(sorted: TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const r = sorted[i]!;
    if (r.str === '6' && r.width < 0.05 * r.size) {
      const j = sorted.findIndex((n, k) => k > i && !isBlank(n.str));
      const next = j >= 0 ? sorted[j] : undefined;
      const first = next?.str.trimStart()[0];
      if (next && first && NEGATED[first] && Math.abs(next.x - r.x) < 0.3 * r.size) {
        const at = next.str.indexOf(first);
        sorted[j] = { ...next, str: next.str.slice(0, at) + NEGATED[first] + next.str.slice(at + 1) };
      }
      continue;
    }
    out.push(r);
  }
  return out;
}

/** Makes one line from runs (any order); null when they hold no visible text. */
export function makeLine(page: number, runs: TextRun[], ordered = false): Line | null {
  const sorted = foldNegations(ordered ? [...runs] : [...runs].sort((p, q) => p.x - q.x));
  const visible = sorted.filter((r) => !isBlank(r.str));
  if (visible.length === 0) return null;
  // The dominant size and font by characters; a line has few of either, so lists beat maps here.
  const sizes: number[] = [];
  const sizeChars: number[] = [];
  const fonts: string[] = [];
  const fontChars: number[] = [];
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const r of visible) {
    tally(sizes, sizeChars, Math.round(r.size * 10) / 10, r.str.length);
    tally(fonts, fontChars, r.font, r.str.length);
    x0 = Math.min(x0, r.x);
    x1 = Math.max(x1, r.x + r.width);
  }
  const size = sizes[argMax(sizeChars)]!;
  const font = fonts[argMax(fontChars)]!;

  // Baseline: that of the main-size text (scripts sit above or below it).
  const mainYs: number[] = [];
  for (const r of visible) if (Math.abs(r.size - size) < 0.06) mainYs.push(r.y);
  const baseline = median(mainYs);
  let text = '';
  // Whether the text ends in a space, kept aside: asking the growing string would flatten it each time.
  let spaced = false;
  let end = -Infinity;
  for (const r of sorted) {
    if (isBlank(r.str)) {
      if (text !== '' && !spaced) {
        text += ' ';
        spaced = true;
      }
    } else {
      const gap = r.x - end;
      if (
        text !== '' &&
        !spaced &&
        !startsWithSpace(r.str) &&
        // A jump back to the left: the next layer of stacked math.
        (gap > SPACE_GAP * Math.min(r.size, size) || (ordered && gap < -0.3 * r.size))
      ) {
        text += ' ';
      }
      text += r.str;
      spaced = r.str.endsWith(' ');
    }
    end = Math.max(end, r.x + r.width);
  }
  const line: Line = {
    page,
    x0,
    x1,
    top: baseline - 0.8 * size,
    baseline,
    size,
    font,
    text: normaliseText(text),
    runs: sorted,
  };
  if (isCodeLine(visible)) line.mono = true;
  return line;
}

/** Adds `count` to `key`'s entry of two parallel lists. */
function tally<K>(keys: K[], counts: number[], key: K, count: number): void {
  const i = keys.indexOf(key);
  if (i >= 0) counts[i]! += count;
  else {
    keys.push(key);
    counts.push(count);
  }
}

const NOT_BLANK = /\S/;
const LEADING_SPACE = /^\s/;

/** A run with no visible character (what `str.trim() === ''` says, without making a string). */
export function isBlank(str: string): boolean {
  return !NOT_BLANK.test(str);
}

function startsWithSpace(str: string): boolean {
  return LEADING_SPACE.test(str);
}

/**
 * Whether a line's runs make it a line of code: most of its characters in a fixed-pitch face. A line of
 * code may carry a line number or a prompt in another face; a word of code in a sentence does not make the
 * sentence code.
 */
function isCodeLine(runs: TextRun[]): boolean {
  let chars = 0;
  let monoChars = 0;
  for (const r of runs) {
    if (isBlank(r.str)) continue;
    chars += r.str.length;
    if (r.mono) monoChars += r.str.length;
  }
  return chars > 0 && monoChars >= MONO_SHARE * chars;
}

/** Sets each line's `mono` again from its runs' (after the book's fixed-pitch faces are known). */
export function markCodeLines(lines: Line[]): void {
  for (const line of lines) {
    if (isCodeLine(line.runs)) line.mono = true;
    else delete line.mono;
  }
}

/** Ligatures to letters, runs of white space to one space. */
export function normaliseText(text: string): string {
  return (
    text
      .replace(/[\uFB00-\uFB06]/g, (c) => c.normalize('NFKC'))
      // Control characters come from fonts without a Unicode mapping for a glyph: nothing readable.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000E-\u001F]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Index of the largest count; the first on a tie. */
function argMax(counts: number[]): number {
  let best = 0;
  for (let i = 1; i < counts.length; i++) if (counts[i]! > counts[best]!) best = i;
  return best;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}
