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
  // The pages that have a key's words, found from the pages with its first word.
  const pagesWithWord = new Map<string, number[]>();
  for (const [page, text] of pageText) {
    for (const word of new Set(text.split(' '))) {
      let pages = pagesWithWord.get(word);
      if (pages === undefined) pagesWithWord.set(word, (pages = []));
      pages.push(page);
    }
  }
  const pagesWith = memoised((key: string) =>
    (pagesWithWord.get(key.split(' ')[0]!) ?? []).filter((page) => pageText.get(page)!.includes(` ${key} `)),
  );
  const tries = entries.flatMap((entry) => entry.pages.map((page) => ({ key: keyOf(entry), page })));
  // Per offset, the entries' pages it puts on a page (or just after one) with their words.
  const fits = new Map<number, number>();
  for (const { key, page } of tries) {
    if (key === '') continue;
    const offsets = new Set<number>();
    for (const found of pagesWith(key)) {
      for (const offset of [found - page, found + 1 - page]) {
        if (offset >= -MAX_OFFSET / 8 && offset <= MAX_OFFSET) offsets.add(offset);
      }
    }
    for (const offset of offsets) fits.set(offset, (fits.get(offset) ?? 0) + 1);
  }
  // The offset that fits most entries' pages; the smallest of equals.
  let best = { offset: 0, fits: 0 };
  for (const [offset, count] of fits) {
    if (count > best.fits || (count === best.fits && offset < best.offset)) best = { offset, fits: count };
  }
  const placed = new Map<string, PlacedEntry>();
  if (best.fits === 0 || best.fits < MIN_FIT * tries.length) return placed;
  for (const entry of entries) {
    const key = wordKeys(entry.term).join(' ');
    const known = placed.get(key) ?? { pages: [], marked: [] };
    known.pages.push(...entry.pages.map((page) => page + best.offset));
    known.marked.push(...entry.marked.map((page) => page + best.offset));
    placed.set(key, known);
  }
  return placed;
}

function memoised<T>(of: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    if (!known.has(key)) known.set(key, of(key));
    return known.get(key)!;
  };
}
