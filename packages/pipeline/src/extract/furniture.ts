/**
 * Removes page furniture: running heads, running feet and page numbers. Candidates are the lines nearest
 * the top and bottom edges. One is furniture when
 * - it is a bare page number;
 * - it carries the printed page number at one end ("2 CHAPTER 1. AN INTRODUCTION", "The Need for
 *   Efficiency §1.1  13"): a number whose offset from the physical page is the book's page-number offset,
 *   seen on many pages. This catches heads that change from section to section, or appear on one page only;
 * - its text, with numbers masked, repeats on several pages and it is set apart from the text block (a box's
 *   "Example:" label opening many pages sits close to its text);
 * - it is the edge line, set apart from the text, in the running heads' face: a face other than the body's
 *   set apart at the page edge on many pages (a head without a number, its page number at the foot);
 * - it is the edge line, set apart from the text, at the running heads' place: the height where lines set
 *   well apart at the page edge stand on many pages. A head in the body's own face that changes with every
 *   section ("1.1 Identifying the puzzles" on one page, the next section's title two pages on) is found
 *   by where it stands, on any page;
 * - it is a head carrying a number at one end set apart from the text below it.
 */
import { isItemNumber } from './blocks/index.ts';
import type { Line } from './types.ts';

/** Share of the page height at the top and at the bottom where furniture lives. */
const BAND = 0.12;
/** How many lines at each edge are candidates. */
const EDGE_LINES = 2;
/** A masked text seen on at least this many pages is furniture. */
const MIN_REPEATS = 3;
/** A face set apart at the page edge on this share of the pages is the running heads' face. */
const HEAD_STYLE_SHARE = 0.2;
/**
 * How far, in its own size, a line at the head's place stands from the text to count as set well apart:
 * more than a paragraph's space (a page opening with a one-line paragraph), as heads and feet are.
 */
const WELL_APART = 1.5;
/** How near (points) two lines' heights are to be at one place. */
const SAME_PLACE = 1.5;

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
export function removeFurniture(pages: PageLines[], maxSize = Infinity, bodyFont = ''): Line[][] {
  const counts = new Map<string, number>();
  const perPage = pages.map((p) => candidates(p, maxSize));
  for (const cands of perPage) {
    for (const key of new Set(cands.map((l) => furnitureKey(l.text))))
      counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const repeated = (line: Line) => (counts.get(furnitureKey(line.text)) ?? 0) >= MIN_REPEATS;
  const offsets = pageNumberOffsets(perPage);
  const numbered = (line: Line, page: number) => {
    const n = endNumber(line.text);
    return n !== null && offsets.has(n - page);
  };
  const sortedPages = pages.map((page) => [...page.lines].sort((a, b) => a.top - b.top));
  const isHead = (l: Line, i: number) => perPage[i]!.includes(l) && (repeated(l) || numbered(l, i + 1));
  const apartOn = (line: Line, i: number) =>
    setApart(line, sortedPages[i]!, (l) => l.size > maxSize || isHead(l, i));
  // The running heads' own face: set apart at the very top or foot of many pages in a face other than the
  // body's. A head in it is found even when its text changes from page to page and carries no number.
  const styles = new Map<string, number>();
  sortedPages.forEach((sorted, i) => {
    for (const line of new Set([sorted[0], sorted[sorted.length - 1]])) {
      if (!line || !perPage[i]!.includes(line) || isItemNumber(line.text)) continue;
      if (line.font === bodyFont || !apartOn(line, i)) continue;
      styles.set(styleOf(line), (styles.get(styleOf(line)) ?? 0) + 1);
    }
  });
  const leastStyled = Math.max(MIN_REPEATS, HEAD_STYLE_SHARE * pages.length);
  const headStyle = (line: Line) => line.font !== bodyFont && (styles.get(styleOf(line)) ?? 0) >= leastStyled;
  const atHeadPlace = headPlaces(sortedPages, perPage, leastStyled);
  return pages.map((page, i) => {
    const drop = new Set<Line>();
    const sorted = sortedPages[i]!;
    const cands = new Set(perPage[i]);
    const apart = (line: Line) => apartOn(line, i);
    for (const line of cands) {
      // An item's number alone ("8.6.3.", an answer's label at the foot of a page of answers) repeats as a
      // shape and may have a face of its own, but a head or foot has words, or is the page number alone.
      if (isItemNumber(line.text)) continue;
      const key = furnitureKey(line.text);
      const edge = line === sorted[0] || line === sorted[sorted.length - 1];
      if (
        key === '#' ||
        (numbered(line, i + 1) && (edge || apart(line))) ||
        ((repeated(line) || (edge && (headStyle(line) || atHeadPlace(line, sorted)))) && apart(line))
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
 * The places of the running heads and feet: the heights (a head's top, a foot's baseline) where the edge
 * line of many pages stands well apart from the text. Answers whether a page's edge line stands at one.
 */
function headPlaces(
  sortedPages: Line[][],
  perPage: Line[][],
  least: number,
): (line: Line, sorted: Line[]) => boolean {
  const heightOf = (line: Line, sorted: Line[]) => (line === sorted[0] ? line.top : line.baseline);
  const wellApart = (line: Line, sorted: Line[]) => {
    const at = sorted.indexOf(line);
    const neighbour = at === 0 ? sorted[1] : sorted[at - 1];
    if (!neighbour) return false;
    const gap = at === 0 ? neighbour.top - line.baseline : line.top - neighbour.baseline;
    return gap > WELL_APART * Math.min(line.size, neighbour.size);
  };
  const seen: { top: boolean; height: number }[] = [];
  sortedPages.forEach((sorted, i) => {
    for (const line of new Set([sorted[0], sorted[sorted.length - 1]])) {
      if (!line || !perPage[i]!.includes(line) || isItemNumber(line.text) || !wellApart(line, sorted))
        continue;
      seen.push({ top: line === sorted[0], height: heightOf(line, sorted) });
    }
  });
  const near = (a: { top: boolean; height: number }, b: { top: boolean; height: number }) =>
    a.top === b.top && Math.abs(a.height - b.height) <= SAME_PLACE;
  const places = seen.filter((place) => seen.filter((other) => near(place, other)).length >= least);
  return (line, sorted) => {
    const here = { top: line === sorted[0], height: heightOf(line, sorted) };
    return places.some((place) => near(place, here));
  };
}

/** A line's face and size, as one key. */
function styleOf(line: Line): string {
  return `${line.font}@${line.size.toFixed(1)}`;
}

/** The number at either end of a line ("2 CHAPTER 1. ..." or "... §1.1  13"); null when it has none. */
function endNumber(text: string): number | null {
  const m = /^(\d{1,4})\s|\s(\d{1,4})$|^(\d{1,4})$/.exec(text.trim());
  return m ? Number(m[1] ?? m[2] ?? m[3]) : null;
}

/**
 * The book's page-number offsets (printed number minus physical page): those seen at the page edges on
 * many pages. A book has one or two (front matter numbered apart); chance numbers at a line's end scatter.
 */
function pageNumberOffsets(perPage: Line[][]): Set<number> {
  const counts = new Map<number, number>();
  perPage.forEach((cands, i) => {
    const seen = new Set<number>();
    for (const line of cands) {
      const n = endNumber(line.text);
      if (n !== null) seen.add(n - (i + 1));
    }
    for (const offset of seen) counts.set(offset, (counts.get(offset) ?? 0) + 1);
  });
  const least = Math.max(MIN_REPEATS, 0.1 * perPage.length);
  return new Set([...counts].filter(([, n]) => n >= least).map(([offset]) => offset));
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
