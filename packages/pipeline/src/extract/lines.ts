/**
 * Rebuilds visual lines from pdf.js text runs. TeX output comes in small pieces (a word, a symbol, a space),
 * with sub- and superscripts on shifted baselines; runs are grouped by baseline (tolerant of script shifts),
 * ordered by x, and joined with a space where the gap between two pieces is word-sized.
 */
import type { Line, PageText, TextRun } from './types.ts';

/** A run belongs to a line if its baseline is within this share of the larger font size. */
const BASELINE_TOLERANCE = 0.5;
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
      if (run.size > refSize + 0.01 && run.str.trim() !== '') {
        refY = run.y;
        refSize = run.size;
      }
      continue;
    }
    if (group.length > 0) groups.push(group);
    group = [run];
    refY = run.y;
    refSize = run.str.trim() === '' ? 0 : run.size;
  }
  if (group.length > 0) groups.push(group);
  const lines: Line[] = [];
  for (const g of groups) {
    const line = makeLine(page.page, g);
    if (line) lines.push(line);
  }
  return lines;
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
      const j = sorted.findIndex((n, k) => k > i && n.str.trim() !== '');
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
export function makeLine(page: number, runs: TextRun[]): Line | null {
  const sorted = foldNegations([...runs].sort((p, q) => p.x - q.x));
  const visible = sorted.filter((r) => r.str.trim() !== '');
  if (visible.length === 0) return null;
  const sizeChars = new Map<number, number>();
  const fontChars = new Map<string, number>();
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const r of visible) {
    const key = Math.round(r.size * 10) / 10;
    sizeChars.set(key, (sizeChars.get(key) ?? 0) + r.str.length);
    fontChars.set(r.font, (fontChars.get(r.font) ?? 0) + r.str.length);
    x0 = Math.min(x0, r.x);
    x1 = Math.max(x1, r.x + r.width);
  }
  const size = argMax(sizeChars);
  const font = argMax(fontChars);
  // Baseline: that of the main-size text (scripts sit above or below it).
  const main = visible.filter((r) => Math.abs(r.size - size) < 0.06);
  const baseline = median(main.map((r) => r.y));
  let text = '';
  let end = -Infinity;
  for (const r of sorted) {
    const blank = r.str.trim() === '';
    if (blank) {
      if (text !== '' && !text.endsWith(' ')) text += ' ';
    } else {
      const gap = r.x - end;
      if (
        text !== '' &&
        !text.endsWith(' ') &&
        !/^\s/.test(r.str) &&
        gap > SPACE_GAP * Math.min(r.size, size)
      ) {
        text += ' ';
      }
      text += r.str;
    }
    end = Math.max(end, r.x + r.width);
  }
  return {
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

function argMax<K>(counts: Map<K, number>): K {
  let best: K | undefined;
  let bestCount = -1;
  for (const [k, n] of counts) {
    if (n > bestCount) {
      best = k;
      bestCount = n;
    }
  }
  return best as K;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}
