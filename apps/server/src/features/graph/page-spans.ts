import type { Db } from '../../db/database.ts';
import { createVersionedCache } from '../../versioned-cache.ts';

/** Pages whose spans are kept, over every book; the least recently read goes first. */
const KEPT_PAGES = 4096;

/** The spans (references or terms) of each page, read from the stored graph once per graph version. */
export interface PageSpans<Spans> {
  get(bookId: number, graphVersion: string, page: number): Promise<Spans>;
}

/**
 * A page's spans change only with its book's graph: the reader asks for them on every page it shows, so
 * they are read once per version of the graph (GraphCache says which is current) and then served from
 * memory.
 */
export function createPageSpans<Spans>(
  db: Db,
  read: (db: Db, bookId: number, page: number) => Promise<Spans>,
): PageSpans<Spans> {
  const pages = createVersionedCache<Spans>(KEPT_PAGES);
  return {
    get: (bookId, graphVersion, page) =>
      pages.get(`${bookId}:${page}`, graphVersion, 1, () => read(db, bookId, page)),
  };
}
