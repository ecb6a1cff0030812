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
  /** Throws 404 'Book not found' unless `userId` may see ready book `bookId`. */
  check(bookId: number, userId: string): Promise<void>;
  /** Forgets what it knows of `bookId` (this server changed who sees it). */
  forget(bookId: number): void;
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
 * Book access read from the database at most every `revalidateMs` per book (the reader's busiest calls
 * ask on every request): a book unshared or removed by another server or a command is refused within that
 * time, this server's own removals at once (`forget`); a refusal is always read afresh.
 */
export function createBookAccess(db: Db, { revalidateMs = 1000 } = {}): BookAccess {
  type Known = { visibility: 'shared' | 'private'; owners: Set<string> } | 'none';
  const known = new Map<number, { access: Known; checkedAt: number }>();

  const read = async (bookId: number): Promise<Known> => {
    const book = await readyBooks(db)
      .select('book.visibility')
      .where('book.id', '=', bookId)
      .executeTakeFirst();
    if (!book) return 'none';
    if (book.visibility === 'shared') return { visibility: 'shared', owners: new Set() };
    const owners = await db
      .selectFrom('book_owner')
      .select('user_id')
      .where('book_id', '=', bookId)
      .execute();
    return { visibility: 'private', owners: new Set(owners.map((row) => row.user_id)) };
  };

  return {
    async check(bookId, userId) {
      const allows = (access: Known) =>
        access !== 'none' && (access.visibility === 'shared' || access.owners.has(userId));
      const entry = known.get(bookId);
      if (entry && Date.now() - entry.checkedAt < revalidateMs && allows(entry.access)) return;
      // A refusal is never taken from memory: a book just imported or just added is seen at once.
      const access = await read(bookId);
      known.set(bookId, { access, checkedAt: Date.now() });
      // Bounded: a book id is read again after `revalidateMs` anyway.
      if (known.size > 10_000) known.delete(known.keys().next().value!);
      if (!allows(access)) throw new ApiError.BookNotFound();
    },
    forget(bookId) {
      known.delete(bookId);
    },
  };
}
