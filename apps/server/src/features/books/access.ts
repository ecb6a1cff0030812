import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { ApiError } from '../../api-errors.ts';
import { readyBooks } from './ready-books.ts';

/**
 * Who may see which book: a 'shared' book every signed-in user, a 'private' one only its owners (the
 * users who added it, book_owner). Every route that takes a book id asks here first, and a book the user
 * may not see is a 404 like a book that does not exist, never a 403, which would say it exists.
 */
export interface BookAccess {
  /**
   * Ready book `bookId` as `userId` sees it (the title and author they gave it, if any); throws 404 'Book
   * not found' unless they may see it.
   */
  book(bookId: number, userId: string): Promise<VisibleBook>;
  /** Throws 404 'Book not found' unless `userId` may see ready book `bookId`. */
  check(bookId: number, userId: string): Promise<void>;
  /** Forgets what it knows of `bookId` (this server changed who sees it, or what they call it). */
  forget(bookId: number): void;
}

/** A ready book as one user sees it. */
export interface VisibleBook {
  id: number;
  title: string;
  author: string;
  pageCount: number;
  visibility: 'shared' | 'private';
}

/** The ready books `userId` may see, with the title and author they gave it (select them with `named`). */
export function booksOf(db: Db, userId: string) {
  return readyBooks(db)
    .leftJoin('book_owner', (join) =>
      join.onRef('book_owner.book_id', '=', 'book.id').on('book_owner.user_id', '=', userId),
    )
    .where((eb) => eb.or([eb('book.visibility', '=', 'shared'), eb('book_owner.user_id', 'is not', null)]));
}

/** Title, author and visibility of a row of booksOf, as that user sees them. */
export function named(eb: ExpressionBuilder<Database, 'book' | 'book_owner'>) {
  return [
    eb.fn.coalesce('book_owner.title', 'book.title').as('title'),
    eb.fn.coalesce('book_owner.author', 'book.author').as('author'),
    'book.visibility',
  ] as const;
}

/**
 * Book access read from the database at most every `revalidateMs` per book (the reader's calls ask on
 * every request, and a file or metadata call needs the book's names and page count): a book unshared,
 * removed or renamed by another server or a command is seen so within that time, this server's own changes
 * at once (`forget`); a refusal is always read afresh. One query reads a book with its owners.
 */
export function createBookAccess(db: Db, { revalidateMs = 1000 } = {}): BookAccess {
  type Names = { title: string | null; author: string | null };
  type Known =
    | {
        visibility: 'shared' | 'private';
        pageCount: number;
        names: { title: string; author: string };
        /** Who added the book, with the names they gave it. */
        owners: Map<string, Names>;
      }
    | 'none';
  const known = new Map<number, { access: Known; checkedAt: number }>();

  const read = async (bookId: number): Promise<Known> => {
    const rows = await readyBooks(db)
      .leftJoin('book_owner', 'book_owner.book_id', 'book.id')
      .select([
        'book.visibility',
        'book.page_count',
        'book.title',
        'book.author',
        'book_owner.user_id',
        'book_owner.title as owner_title',
        'book_owner.author as owner_author',
      ])
      .where('book.id', '=', bookId)
      .execute();
    const first = rows[0];
    if (!first) return 'none';
    const owners = new Map<string, Names>();
    for (const row of rows) {
      if (row.user_id !== null) owners.set(row.user_id, { title: row.owner_title, author: row.owner_author });
    }
    return {
      visibility: first.visibility,
      pageCount: first.page_count,
      names: { title: first.title, author: first.author },
      owners,
    };
  };
  const allows = (access: Known, userId: string) =>
    access !== 'none' && (access.visibility === 'shared' || access.owners.has(userId));

  const book = async (bookId: number, userId: string): Promise<VisibleBook> => {
    const entry = known.get(bookId);
    let access: Known;
    if (entry && Date.now() - entry.checkedAt < revalidateMs && allows(entry.access, userId)) {
      access = entry.access;
    } else {
      // A refusal is never taken from memory: a book just imported or just added is seen at once.
      access = await read(bookId);
      known.set(bookId, { access, checkedAt: Date.now() });
      // Bounded: a book id is read again after `revalidateMs` anyway.
      if (known.size > 10_000) known.delete(known.keys().next().value!);
    }
    if (access === 'none' || !allows(access, userId)) throw new ApiError.BookNotFound();
    // As named() coalesces: the user's own names, else the book's.
    const own = access.owners.get(userId);
    return {
      id: bookId,
      title: own?.title ?? access.names.title,
      author: own?.author ?? access.names.author,
      pageCount: access.pageCount,
      visibility: access.visibility,
    };
  };

  return {
    book,
    async check(bookId, userId) {
      await book(bookId, userId);
    },
    forget(bookId) {
      known.delete(bookId);
    },
  };
}
