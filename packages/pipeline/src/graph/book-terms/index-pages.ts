/**
 * Where the printed index sends the reader, as pages of the PDF: the index prints page labels ("83"), the
 * book's pages are counted from its cover. The labels of the body are its pages less a fixed count (the
 * front matter); that count is the one that puts most entries on a page whose text has their words.
 */
import { wordKeys } from '../semantic/shared-terms.ts';
import type { GraphParagraph } from '../types.ts';
import type { PrintedIndexEntry } from './printed-index.ts';

/** An entry's pages in the PDF: all of them, and those the index marks (where it is defined). */
export interface PlacedEntry {
  pages: number[];
  marked: number[];
}

/** The front matter a book may have, in pages, at most. */
const MAX_OFFSET = 80;
/** Share of the entries' pages the best offset must put on a page with their words, at least. */
const MIN_FIT = 0.3;

/** Per entry key (wordKeys joined), its pages in the PDF; empty when no offset fits. */
export function placeIndex(
  entries: readonly PrintedIndexEntry[],
  paragraphs: readonly GraphParagraph[],
): Map<string, PlacedEntry> {
  const pageText = new Map<number, string>();
  for (const p of paragraphs)
    pageText.set(p.page, `${pageText.get(p.page) ?? ''} ${wordKeys(p.text).join(' ')} `);
  const keyOf = (entry: PrintedIndexEntry) => wordKeys(entry.head ?? entry.term).join(' ');
  const onPage = (key: string, page: number) =>
    (pageText.get(page)?.includes(` ${key} `) ?? false) ||
    (pageText.get(page - 1)?.includes(` ${key} `) ?? false);
  const tries = entries.flatMap((entry) => entry.pages.map((page) => ({ key: keyOf(entry), page })));
  let best = { offset: 0, fits: -1 };
  for (let offset = -MAX_OFFSET / 8; offset <= MAX_OFFSET; offset++) {
    const fits = tries.filter(({ key, page }) => key !== '' && onPage(key, page + offset)).length;
    if (fits > best.fits) best = { offset, fits };
  }
  const placed = new Map<string, PlacedEntry>();
  if (tries.length === 0 || best.fits < MIN_FIT * tries.length) return placed;
  for (const entry of entries) {
    const key = wordKeys(entry.term).join(' ');
    const known = placed.get(key) ?? { pages: [], marked: [] };
    known.pages.push(...entry.pages.map((page) => page + best.offset));
    known.marked.push(...entry.marked.map((page) => page + best.offset));
    placed.set(key, known);
  }
  return placed;
}
