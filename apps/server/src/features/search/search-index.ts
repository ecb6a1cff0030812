import type { Db } from '../../db/database.ts';
import { databaseKind } from '../../db/dialect.ts';
import { postgresSearchIndex } from './postgres-index.ts';
import type { SearchIndex } from './search-engine.ts';
import { sqliteSearchIndex } from './sqlite-index.ts';

const engineOf = (db: Db): SearchIndex =>
  databaseKind(db) === 'postgres' ? postgresSearchIndex : sqliteSearchIndex;

/** Find in the book (search-engine.ts), by the engine of the database it is given (db/dialect.ts). */
export const searchIndex: SearchIndex = {
  indexBook: (db, bookId, book) => engineOf(db).indexBook(db, bookId, book),
  search: (db, bookId, terms, limit) => engineOf(db).search(db, bookId, terms, limit),
};
