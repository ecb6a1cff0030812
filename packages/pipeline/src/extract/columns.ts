/**
 * Reading order for pages with two columns, whole-page or local (a two-column list, a side-by-side
 * example). Lines that share a baseline across a wide, vertically aligned gap (a gutter) are cut at the gutter;
 * within such a region the left column is read before the right one. Everything else keeps top-to-bottom order.
 */
import { makeLine } from './lines.ts';
import type { Line, TextRun } from './types.ts';

/** A gap at least this many font sizes wide may be a gutter. */
const GUTTER_GAP = 3;

interface Gutter {
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
  const visible = line.runs.filter((r) => r.str.trim() !== '').sort((p, q) => p.x - q.x);
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

/**
 * Orders one page's lines (sorted top to bottom) for reading. `maxSize` leaves out larger lines (headings)
 * from gutter detection: their word spacing can be wide.
 */
export function orderColumns(lines: Line[], maxSize = Infinity): Line[] {
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
