/**
 * Reading order for pages with two columns, whole-page or local (a two-column list, a side-by-side
 * example).
 * - A page set in two columns has a gutter: a narrow vertical strip near the middle of its text that no
 *   line crosses but its full-width ones (the running head, a wide title), with many lines ending at its
 *   left edge and many starting at its right edge. The gutter can be narrower than a word space is wide in
 *   the page's largest type (linalg's is under one em), so it is found from the whole page, not from a line.
 *   Between full-width lines, the left column is read before the right one.
 * - Elsewhere, lines that share a baseline across a wide, vertically aligned gap are cut at the gap; within
 *   such a region the left column is read before the right one. Everything else keeps top-to-bottom order.
 */
import { buildLines, isBlank, makeLine } from './lines.ts';
import type { Line, PageText, TextRun } from './types.ts';

/** A gap at least this many font sizes wide may be a gutter. */
const GUTTER_GAP = 3;

export interface Gutter {
  left: number;
  right: number;
}

/**
 * The widest gap between visible runs of a line if it is gutter-wide. Runs are taken left to right: a line
 * kept in content order (stacked math) may hold a superscript far right before the words left of it.
 */
export function findGutter(line: Line): Gutter | null {
  let best: Gutter | null = null;
  let end = -Infinity;
  const visible = line.runs.filter((r) => !isBlank(r.str)).sort((p, q) => p.x - q.x);
  for (const r of visible) {
    if (end > -Infinity && r.x - end >= GUTTER_GAP * line.size) {
      if (!best || r.x - end > best.right - best.left) best = { left: end, right: r.x };
    }
    end = Math.max(end, r.x + r.width);
  }
  return best;
}

function crosses(line: Line, g: Gutter): boolean {
  return line.x0 < g.right - 0.5 && line.x1 > g.left + 0.5;
}

/** Splits a line at a gutter into its left and right parts (either may be missing). */
function splitAt(line: Line, g: Gutter): { left: Line | null; right: Line | null } {
  const middle = (g.left + g.right) / 2;
  const left: TextRun[] = [];
  const right: TextRun[] = [];
  for (const r of line.runs) (r.x + r.width / 2 < middle ? left : right).push(r);
  return { left: makeLine(line.page, left), right: makeLine(line.page, right) };
}

/** Share of a page's text width, on each side of its middle, where a page gutter is looked for. */
const GUTTER_BAND = 0.2;
/** Lines a column must have touching the gutter (ending at its left edge, starting at its right one). */
const MIN_COLUMN_LINES = 8;
/** Share of a column's lines that meet the gutter. */
const COLUMN_LINE_SHARE = 0.5;
/** The narrowest gutter, in points. */
const MIN_GUTTER = 3;
/** A line crossing the gutter: at most this share of the page's lines (running heads, titles, wide displays). */
const MAX_CROSSING_SHARE = 0.25;

/** The x-extent of a line's ink, run by run (blank runs carry none). */
function inkSpans(line: Line): [number, number][] {
  return line.runs.filter((r) => !isBlank(r.str)).map((r) => [r.x, r.x + r.width]);
}

/** Which side of a page gutter a line is on: 'full' when it crosses it. */
export function sideOf(line: Line, g: Gutter): 'left' | 'right' | 'full' {
  if (line.x1 <= g.left + 0.5) return 'left';
  if (line.x0 >= g.right - 0.5) return 'right';
  return 'full';
}

function crossesAt(line: Line, g: Gutter): boolean {
  return inkSpans(line).some(([x0, x1]) => x0 < g.right - 0.5 && x1 > g.left + 0.5);
}

/**
 * The gutter of a page set in two columns, or null. Ink coverage is counted per point of width; the gutter
 * is the least covered stretch of the middle of the text (at most a quarter of the lines, the full-width
 * ones, cross it), at least a few points wide, with enough lines of each column meeting it.
 */
export function findPageGutter(lines: Line[]): Gutter | null {
  if (lines.length < 2 * MIN_COLUMN_LINES) return null;
  const left = Math.floor(Math.min(...lines.map((l) => l.x0)));
  const right = Math.ceil(Math.max(...lines.map((l) => l.x1)));
  const width = right - left;
  if (width < 100) return null;
  // Ink coverage per point: each line counts once where its runs (merged where they overlap) have ink.
  const cover = new Int32Array(width + 1);
  for (const line of lines) {
    let end = -1;
    for (const [x0, x1] of inkSpans(line).sort((p, q) => p[0] - q[0])) {
      const start = Math.max(end + 1, Math.floor(x0) - left, 0);
      const stop = Math.min(width, Math.ceil(x1) - left);
      for (let x = start; x < stop; x++) cover[x]!++;
      end = Math.max(end, stop - 1);
    }
  }
  const from = Math.floor(width * (0.5 - GUTTER_BAND));
  const to = Math.ceil(width * (0.5 + GUTTER_BAND));
  // The least covered stretch at least MIN_GUTTER points wide: a lone uncovered point is where word
  // spaces happen to line up, not a gutter.
  const level = (x: number) => {
    let most = 0;
    for (let k = x; k < Math.min(x + MIN_GUTTER, cover.length); k++) most = Math.max(most, cover[k]!);
    return most;
  };
  let least = Infinity;
  let at = from;
  for (let x = from; x <= to; x++) {
    const here = level(x);
    if (here < least) {
      least = here;
      at = x;
    }
  }
  if (least > MAX_CROSSING_SHARE * lines.length) return null;
  let start = at;
  let end = at + MIN_GUTTER - 1;
  while (start > 0 && cover[start - 1]! <= least) start--;
  while (end < width && cover[end + 1]! <= least) end++;
  const g: Gutter = { left: left + start, right: left + end + 1 };
  const em = median(lines.map((l) => l.size));
  // Lines may hold both columns (they share baselines): each side of the gutter is judged on its own.
  // Text set in columns is justified prose: most lines of the left column end at the gutter, most of the
  // right column start at it, and they are made of words. Short rows side by side (exercise parts, a
  // table, a matrix, contents with dot leaders) leave a gap too, but few of their lines reach it, or they
  // are not words.
  const leftSide = { meet: 0, all: 0 };
  const rightSide = { meet: 0, all: 0 };
  for (const line of lines) {
    const runs = line.runs.filter((r) => !isBlank(r.str));
    if (runs.some((r) => r.x < g.right - 0.5 && r.x + r.width > g.left + 0.5)) continue;
    const leftRuns = runs.filter((r) => r.x + r.width <= g.left + 0.5);
    const rightRuns = runs.filter((r) => r.x >= g.right - 0.5);
    if (isProse(leftRuns)) {
      leftSide.all++;
      if (Math.max(...leftRuns.map((r) => r.x + r.width)) > g.left - 2 * em) leftSide.meet++;
    }
    if (isProse(rightRuns)) {
      rightSide.all++;
      if (Math.min(...rightRuns.map((r) => r.x)) < g.right + 4 * em) rightSide.meet++;
    }
  }
  const meets = (side: { meet: number; all: number }) =>
    side.meet >= Math.max(MIN_COLUMN_LINES, COLUMN_LINE_SHARE * side.all);
  if (!meets(leftSide) || !meets(rightSide)) return null;
  return g;
}

/** Runs that read as prose: a few words of letters (not numbers, symbols or dot leaders). */
function isProse(runs: TextRun[]): boolean {
  const words =
    runs
      .map((r) => r.str)
      .join(' ')
      .match(/\p{L}{2,}/gu) ?? [];
  return words.length >= 4;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * A page's lines, built column by column on a page set in two columns. Lines are grouped by baseline, and
 * the two columns' baselines interleave: built across the whole page, a sum's limits or a fraction's layers
 * in one column join the other column's lines and cut its paragraphs. So the page's lines are built once to
 * find its gutter, then the runs of every line that does not cross the gutter (running heads, titles and
 * wide displays do) are built again, each column on its own. Returns lines sorted top to bottom.
 */
export function buildColumnLines(page: PageText): Line[] {
  const lines = buildLines(page);
  const g = findPageGutter(lines);
  if (!g) return lines;
  const full: Line[] = [];
  const left: TextRun[] = [];
  const right: TextRun[] = [];
  const middle = (g.left + g.right) / 2;
  for (const line of lines) {
    if (crossesAt(line, g)) full.push(line);
    else for (const r of line.runs) (r.x + r.width / 2 < middle ? left : right).push(r);
  }
  return [...full, ...buildLines({ ...page, runs: left }), ...buildLines({ ...page, runs: right })].sort(
    (p, q) => p.baseline - q.baseline || p.x0 - q.x0,
  );
}

/**
 * A page in two columns, in reading order: runs of lines between full-width ones are read left column
 * first; a full-width line stays where it is.
 */
function orderByPageGutter(lines: Line[], g: Gutter): Line[] {
  const out: Line[] = [];
  let lefts: Line[] = [];
  let rights: Line[] = [];
  const flush = () => {
    out.push(...lefts, ...rights);
    lefts = [];
    rights = [];
  };
  for (const line of lines) {
    if (crossesAt(line, g)) {
      flush();
      out.push(line);
      continue;
    }
    const { left, right } = splitAt(line, g);
    if (left) lefts.push(left);
    if (right) rights.push(right);
  }
  flush();
  return out;
}

/**
 * Orders one page's lines (sorted top to bottom) for reading. `maxSize` leaves out larger lines (headings)
 * from gutter detection: their word spacing can be wide.
 */
export function orderColumns(
  lines: Line[],
  maxSize = Infinity,
  pageGutter: Gutter | null = findPageGutter(lines),
): Line[] {
  if (pageGutter) return orderByPageGutter(lines, pageGutter);
  const out: Line[] = [];
  let region: { gutter: Gutter; lines: Line[]; splits: number; lastSplit: number } | null = null;

  const flush = () => {
    if (!region) return;
    const r = region;
    region = null;
    const inRegion = r.lines.slice(0, r.lastSplit + 1);
    const after = r.lines.slice(r.lastSplit + 1);
    if (r.splits < 2) {
      out.push(...inRegion);
    } else {
      const lefts: Line[] = [];
      const rights: Line[] = [];
      for (const line of inRegion) {
        const { left, right } = splitAt(line, r.gutter);
        if (left) lefts.push(left);
        if (right) rights.push(right);
      }
      out.push(...lefts, ...rights);
    }
    // One-sided lines after the last split line are not part of the region: handle them afresh.
    for (const line of after) consider(line);
  };

  const consider = (line: Line) => {
    const gutter = line.size <= maxSize ? findGutter(line) : null;
    if (region) {
      const last = region.lines[region.lines.length - 1]!;
      const dy = line.baseline - last.baseline;
      if (gutter && dy <= 3 * line.size) {
        const left = Math.max(region.gutter.left, gutter.left);
        const right = Math.min(region.gutter.right, gutter.right);
        if (right - left >= 0.5 * line.size) {
          region.gutter = { left, right };
          region.lines.push(line);
          region.splits++;
          region.lastSplit = region.lines.length - 1;
          return;
        }
      } else if (!gutter && !crosses(line, region.gutter) && dy <= 1.6 * line.size) {
        region.lines.push(line);
        return;
      }
      flush();
      consider(line);
      return;
    }
    if (gutter) region = { gutter, lines: [line], splits: 1, lastSplit: 0 };
    else out.push(line);
  };

  for (const line of lines) consider(line);
  flush();
  return out;
}
