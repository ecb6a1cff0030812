/**
 * Typographic measures of a book's running text: body font size and face, line spacing, paragraph indent,
 * and each page's text margins. Later stages compare lines against them.
 */
import type { BodyMetrics, Line } from './types.ts';

export interface PageMargins {
  left: number;
  right: number;
}

function mode(values: number[], weights?: number[]): number | null {
  const counts = new Map<number, number>();
  values.forEach((v, i) => counts.set(v, (counts.get(v) ?? 0) + (weights?.[i] ?? 1)));
  let best: number | null = null;
  let bestCount = 0;
  for (const [v, n] of counts) {
    if (n > bestCount) {
      best = v;
      bestCount = n;
    }
  }
  return best;
}

const round = (v: number, step: number) => Math.round(v / step) * step;

export function isBodySize(line: Line, body: BodyMetrics): boolean {
  return Math.abs(line.size - body.size) <= 0.06 * body.size;
}

export function measureBody(pages: Line[][]): BodyMetrics {
  const all = pages.flat();
  const size = mode(
    all.map((l) => round(l.size, 0.1)),
    all.map((l) => l.text.length),
  );
  if (size === null) return { size: 10, font: '', lineSpacing: 12, indent: 0 };
  const bodyish = { size, font: '', lineSpacing: 0, indent: 0 };
  const fonts = new Map<string, number>();
  for (const l of all)
    if (isBodySize(l, bodyish)) fonts.set(l.font, (fonts.get(l.font) ?? 0) + l.text.length);
  const font = [...fonts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  const deltas: number[] = [];
  for (const lines of pages) {
    const body = lines.filter((l) => isBodySize(l, bodyish)).sort((a, b) => a.baseline - b.baseline);
    for (let i = 1; i < body.length; i++) {
      const d = body[i]!.baseline - body[i - 1]!.baseline;
      if (d > 0.9 * size && d < 2 * size) deltas.push(round(d, 0.1));
    }
  }
  const lineSpacing = mode(deltas) ?? 1.2 * size;
  const indents: number[] = [];
  for (const lines of pages) {
    const margins = pageMargins(lines, bodyish);
    for (const l of lines) {
      const d = l.x0 - margins.left;
      if (isBodySize(l, bodyish) && d > 0.5 * size && d < 4 * size) indents.push(round(d, 0.5));
    }
  }
  const indentMode = mode(indents);
  return {
    size,
    font,
    lineSpacing,
    indent: indentMode ?? 0,
    paragraphsSpaced: partsBySpace(pages, size, lineSpacing),
  };
}

/** Space between two lines, in line spacings, that parts paragraphs in a book that does so. */
export const PARAGRAPH_SPACE = 1.35;

/**
 * Whether the book parts its paragraphs by space rather than by an indent (Sphinx, web pages, many
 * manuals): after a sentence's end, the next line starts flush at the margin with a paragraph's space
 * above it far more often than set in.
 */
function partsBySpace(pages: Line[][], size: number, lineSpacing: number): boolean {
  let spaced = 0;
  let indented = 0;
  for (const lines of pages) {
    const margins = pageMargins(lines, { size });
    const body = lines
      .filter((l) => Math.abs(l.size - size) <= 0.06 * size)
      .sort((a, b) => a.baseline - b.baseline);
    for (let i = 1; i < body.length; i++) {
      const [a, b] = [body[i - 1]!, body[i]!];
      if (!/[.!?:]["”’)]?$/.test(a.text)) continue;
      const x = b.x0 - margins.left;
      const dy = b.baseline - a.baseline;
      if (x > 0.5 * size && x < 4 * size && dy < 1.2 * lineSpacing) indented++;
      else if (Math.abs(x) < 0.5 * size && dy > PARAGRAPH_SPACE * lineSpacing && dy < 2.5 * lineSpacing)
        spaced++;
    }
  }
  return spaced > 2 * indented;
}

/** The page's text margins: most common start and end of long body lines (justified text aligns there). */
export function pageMargins(lines: Line[], body: Pick<BodyMetrics, 'size'>): PageMargins {
  const long = lines.filter((l) => Math.abs(l.size - body.size) <= 0.06 * body.size && l.text.length > 30);
  // The leftmost start that two long lines share: on a page of short paragraphs, first lines set in at
  // the indent may outnumber the lines at the margin.
  const starts = long.map((l) => round(l.x0, 1));
  const shared = starts.filter((v) => starts.filter((w) => Math.abs(w - v) <= 1).length >= 2);
  const left =
    (shared.length > 0 ? Math.min(...shared) : mode(starts)) ??
    (lines.length ? Math.min(...lines.map((l) => l.x0)) : 72);
  const right =
    mode(long.map((l) => round(l.x1, 1))) ?? (lines.length ? Math.max(...lines.map((l) => l.x1)) : 540);
  return { left, right };
}

/** Lines this much larger than body text are headings. */
export const HEADING_RATIO = 1.06;
