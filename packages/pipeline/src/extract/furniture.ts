/**
 * Removes page furniture: running heads, page numbers and footers. Candidates are the lines nearest the top
 * and bottom edges; one is furniture when its text, with numbers masked, repeats on several pages and it is
 * set apart from the text block (a box's "Example:" label opening many pages sits close to its text), when
 * it is a bare page number, or when it is a head carrying a page number set apart from the text below it.
 */
import type { Line } from './types.ts';

/** Share of the page height at the top and at the bottom where furniture lives. */
const BAND = 0.12;
/** How many lines at each edge are candidates. */
const EDGE_LINES = 2;
/** A masked text seen on at least this many pages is furniture. */
const MIN_REPEATS = 3;

export interface PageLines {
  height: number;
  lines: Line[];
}

export function furnitureKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/\b[ivxlc]+\b/g, '#')
    .replace(/\d+/g, '#')
    .replace(/\s+/g, ' ')
    .trim();
}

function candidates(page: PageLines, maxSize: number): Line[] {
  const sorted = [...page.lines].filter((l) => l.size <= maxSize).sort((a, b) => a.top - b.top);
  const top = sorted.slice(0, EDGE_LINES).filter((l) => l.top < BAND * page.height);
  const bottom = sorted.slice(-EDGE_LINES).filter((l) => l.baseline > (1 - BAND) * page.height);
  return [...new Set([...top, ...bottom])];
}

/**
 * Returns each page's lines without its furniture (same order). Lines larger than `maxSize` (headings,
 * chapter numbers) are never furniture.
 */
export function removeFurniture(pages: PageLines[], maxSize = Infinity): Line[][] {
  const counts = new Map<string, number>();
  const perPage = pages.map((p) => candidates(p, maxSize));
  for (const cands of perPage) {
    for (const key of new Set(cands.map((l) => furnitureKey(l.text))))
      counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const repeated = (line: Line) => (counts.get(furnitureKey(line.text)) ?? 0) >= MIN_REPEATS;
  return pages.map((page, i) => {
    const drop = new Set<Line>();
    const sorted = [...page.lines].sort((a, b) => a.top - b.top);
    const cands = new Set(perPage[i]);
    for (const line of cands) {
      const key = furnitureKey(line.text);
      if (
        key === '#' ||
        (repeated(line) && setApart(line, sorted, (l) => l.size > maxSize || (cands.has(l) && repeated(l))))
      ) {
        drop.add(line);
        continue;
      }
      // A head like "CHAPTER 3. GROUPS   33" on a page of its own chapter: a number at one end, space below.
      if (line === sorted[0] && /^\d+\s|\s\d+$/.test(line.text)) {
        const next = sorted[1];
        if (next && next.top - line.baseline > 1.2 * line.size) drop.add(line);
      }
    }
    return page.lines.filter((l) => !drop.has(l));
  });
}

/**
 * Whether a line at the top (bottom) edge is separated by more than a normal line gap from the first text
 * below (above) it, passing over what `skip` says (other furniture: a two-line head stays together; headings).
 */
function setApart(line: Line, sorted: Line[], skip: (l: Line) => boolean): boolean {
  const at = sorted.indexOf(line);
  const atTop = at < sorted.length / 2;
  let k = atTop ? at + 1 : at - 1;
  while (k >= 0 && k < sorted.length && skip(sorted[k]!)) k += atTop ? 1 : -1;
  const neighbour = sorted[k];
  if (!neighbour) return true;
  const gap = atTop ? neighbour.top - line.baseline : line.top - neighbour.baseline;
  return gap > 0.8 * Math.min(line.size, neighbour.size);
}
