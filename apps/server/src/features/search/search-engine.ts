import type { BookDocument } from '@threadbook/book';
import type { SearchHit } from '@threadbook/contracts';
import type { Db } from '../../db/database.ts';

/**
 * Find in the book (docs/design.md "Search"): a full-text index of every paragraph of each book, behind this
 * interface so that each database has its own engine (SQLite FTS5, PostgreSQL's tsvector and GIN). An
 * engine folds case and diacritics, and matches terms (query.ts) as whole words. Deleting a
 * book removes its index in the database itself (a trigger on SQLite, a foreign key on PostgreSQL), so
 * whatever deletes a book leaves no index behind.
 */
export interface SearchIndex {
  /**
   * Replaces the index of book `bookId` by the paragraphs of `book` and gives it a new version
   * (search_book). Given a transaction (the one storing the book's graph), it runs inside it, so the
   * index always holds the paragraphs the graph holds.
   */
  indexBook(db: Db, bookId: number, book: BookDocument): Promise<void>;
  /**
   * The paragraphs of book `bookId` that have every term, in reading order, at most `limit` of them, and
   * how many there are in all. No terms match nothing.
   */
  search(
    db: Db,
    bookId: number,
    terms: string[],
    limit: number,
  ): Promise<{ hits: SearchHit[]; total: number }>;
}
