import { BookImportError } from './errors.ts';
import { readyBooks } from './ready-books.ts';
import type { Db } from '../../db/database.ts';
import type { BookStorage } from './storage.ts';

export interface BookSummary {
  id: number;
  title: string;
  author: string;
  pageCount: number;
  visibility: 'shared' | 'private';
  /** The addresses of the users who added it (a private book's, or a shared one that began private). */
  owners: string[];
  status: 'importing' | 'ready';
  createdAt: string;
}

/**
 * Operator actions on books, like the users command's on accounts: list them, share a book a user added
 * (an instructor's course textbook) with everyone, make it private to its owners again, remove one.
 * Running servers see a change within a second (features/books/access.ts).
 */
export function createBookAdmin(db: Db, storage: BookStorage) {
  const find = async (id: number) => {
    const book = await readyBooks(db)
      .select(['book.id', 'book.title', 'book.visibility'])
      .where('book.id', '=', id)
      .executeTakeFirst();
    if (!book) throw new BookImportError(`There is no book ${id} in the library.`);
    return book;
  };

  return {
    async list(): Promise<BookSummary[]> {
      const books = await db
        .selectFrom('book')
        .select(['id', 'title', 'author', 'page_count', 'visibility', 'status', 'created_at'])
        .orderBy('id')
        .execute();
      const owners = await db
        .selectFrom('book_owner')
        .leftJoin('user', 'user.id', 'book_owner.user_id')
        .select(['book_owner.book_id', 'book_owner.user_id', 'user.email'])
        .orderBy('book_owner.added_at')
        .execute();
      return books.map((book) => ({
        id: book.id,
        title: book.title,
        author: book.author,
        pageCount: book.page_count,
        visibility: book.visibility,
        owners: owners
          .filter((owner) => owner.book_id === book.id)
          .map((owner) => owner.email ?? owner.user_id),
        status: book.status,
        createdAt: book.created_at,
      }));
    },

    /** Makes book `id` part of the shared library; its owners keep their names for it. */
    async share(id: number): Promise<string> {
      const book = await find(id);
      await db.updateTable('book').set({ visibility: 'shared' }).where('id', '=', id).execute();
      return book.title;
    },

    /** Makes book `id` private to the users who added it again; refused for a book no user added. */
    async unshare(id: number): Promise<string> {
      const book = await find(id);
      const owner = await db
        .selectFrom('book_owner')
        .select('user_id')
        .where('book_id', '=', id)
        .executeTakeFirst();
      if (!owner) {
        throw new BookImportError(
          `Book ${id} ("${book.title}") was not added by a user, so no one would see it; remove it instead.`,
        );
      }
      await db.updateTable('book').set({ visibility: 'private' }).where('id', '=', id).execute();
      return book.title;
    },

    /** Removes book `id` for everyone: its row (graph, index, bookmarks and positions by cascade), then its files. */
    async remove(id: number): Promise<string> {
      const book = await find(id);
      await db.deleteFrom('book').where('id', '=', id).execute();
      await storage.remove(id);
      return book.title;
    },
  };
}
