import type { FastifyBaseLogger } from 'fastify';
import { parseBookXml, type BookDocument } from '@threadbook/book';
import { BOOK_FILES } from '@threadbook/contracts';
import type { Db } from '../../db/database.ts';
import { type BookStorage, readyBooks } from '../books/index.ts';
import { searchIndex } from './search-index.ts';

/**
 * Indexes the ready books the search index lacks (imported before it existed) from their stored Book XML,
 * which holds their section titles as the database does not. It runs before the server answers, so every
 * ready book is searchable; it costs a few seconds for a large book (ipsur, 384 pages: 2.2 s on a busy
 * two-core machine, two thirds of it parsing), once. A book whose XML cannot be read is left out with a warning
 * (and tried again at the next start).
 */
export async function indexUnindexedBooks(
  db: Db,
  storage: BookStorage,
  log: FastifyBaseLogger,
): Promise<void> {
  let indexed = 0;
  const unindexed = await readyBooks(db)
    .select('id')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('search_book').select('version').whereRef('search_book.book_id', '=', 'book.id')),
      ),
    )
    .orderBy('id')
    .execute();
  for (const { id } of unindexed) {
    let book: BookDocument;
    try {
      book = parseBookXml((await storage.read(id, BOOK_FILES.xml)).toString('utf8'));
    } catch (error) {
      log.warn(`book ${id} cannot be indexed for search: ${(error as Error).message}`);
      continue;
    }
    await searchIndex.indexBook(db, id, book);
    indexed++;
  }
  if (indexed > 0) log.info(`indexed ${indexed} book(s) for search`);
}
