import type { BookDocument } from '@threadbook/book';
import type { BookGraph } from '@threadbook/pipeline';
import type { Db } from '../../db/database.ts';
// The graph and the search index are stored with the book, in the transaction that makes the book ready.
import { replaceBookGraph } from '../graph/index.ts';
import { searchIndex } from '../search/index.ts';
import type { ImportResult } from './import-types.ts';
import { type BookOwner, type BookStorage, ownerRow } from '../books/index.ts';
import { thisProcess } from '../../process-owner.ts';

/** A book made in a staging folder (its PDF, Book XML and cover), to be stored. */
export interface StagedBook {
  staging: string;
  pdfName: string;
  sha256: string;
  /** The user adding it: private to them; else shared. */
  owner?: BookOwner | undefined;
  title: string;
  author: string;
  pageCount: number;
  book: BookDocument;
  graph: BookGraph;
  /** What else is written as the book is made ready, in the same transaction. */
  storedWith?: StoredWith | undefined;
}

/** Rows written with a book in the transaction that makes it ready (the sample's memory of it). */
export type StoredWith = (trx: Db, bookId: number) => Promise<void>;

/** The library's book with this SHA-256 (ready or still importing), if any. */
export function findBySha(db: Db, sha256: string) {
  return db
    .selectFrom('book')
    .select(['id', 'title', 'author', 'page_count', 'status'])
    .where('sha256', '=', sha256)
    .executeTakeFirst();
}

/**
 * The import's last stage: a row is inserted as 'importing', the staged files put in place as the book's,
 * and the graph and the search index stored with the row marked 'ready', in one transaction. A failure
 * after the insert removes the row and the folder. When another process finished the same file meanwhile
 * (the SHA-256 is unique), its book is the answer and the staging folder goes.
 */
export async function storeBook(db: Db, storage: BookStorage, staged: StagedBook): Promise<ImportResult> {
  const { staging, title, author, pageCount } = staged;
  const inserted = await db
    .insertInto('book')
    .values({
      title,
      author,
      page_count: pageCount,
      sha256: staged.sha256,
      status: 'importing',
      source_name: staged.pdfName,
      import_owner: thisProcess(),
      created_at: new Date().toISOString(),
      visibility: staged.owner === undefined ? 'shared' : 'private',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch(async (error: unknown): Promise<{ id: number; duplicate: true }> => {
      const winner = await findBySha(db, staged.sha256);
      if (winner?.status === 'ready') return { id: winner.id, duplicate: true };
      throw error;
    });
  if ('duplicate' in inserted) {
    await storage.discardStaged(staging);
    return { id: inserted.id, title, author, pageCount, created: false };
  }
  const bookId = inserted.id;
  try {
    await storage.putStaged(staging, bookId);
    await db.transaction().execute(async (trx) => {
      await replaceBookGraph(trx, bookId, staged.book, staged.graph);
      await searchIndex.indexBook(trx, bookId, staged.book);
      if (staged.owner !== undefined) {
        await trx
          .insertInto('book_owner')
          .values(ownerRow(staged.owner, bookId, title))
          .execute();
      }
      await staged.storedWith?.(trx, bookId);
      await trx
        .updateTable('book')
        .set({ status: 'ready', import_owner: null })
        .where('id', '=', bookId)
        .execute();
    });
  } catch (error) {
    await storage.remove(bookId);
    await db.deleteFrom('book').where('id', '=', bookId).execute();
    throw error;
  }
  return { id: bookId, title, author, pageCount, created: true };
}
