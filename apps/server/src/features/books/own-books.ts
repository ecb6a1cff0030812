import { z } from 'zod';
import { UNTITLED_BOOK } from '@threadbook/book';
import type { Db } from '../../db/database.ts';
import { holdUntilCommit } from '../../db/locks.ts';
import { readyBooks } from './ready-books.ts';
import type { BookStorage } from './storage.ts';

/**
 * Books users add themselves: a book is 'shared' (the operator's library) or 'private' to its owners
 * (book_owner), each of whom may rename it (their own name for it) and remove it (their ownership; the
 * book goes with its last owner). Who may see a book: access.ts.
 */

/**
 * A user adding a PDF, with what they called it. Their names are theirs alone: the book itself is named
 * from the PDF, since another user adding the same file gets the same book.
 */
export const bookOwnerSchema = z.object({
  userId: z.string(),
  title: z.string().optional(),
  author: z.string().optional(),
  /** Their file's name: their title for a book whose PDF names none. */
  fileName: z.string(),
});
export type BookOwner = z.infer<typeof bookOwnerSchema>;

/** A title from a file's name: "Graph Notes.pdf" -> "Graph Notes". */
export const fileTitle = (fileName: string) => fileName.replace(/\.pdf$/i, '');

/**
 * The book_owner row of `owner` for a book titled `bookTitle`: what they typed, else the book's own names
 * (null), except that a PDF naming no title is called by their file's name, for them alone.
 */
export function ownerRow(owner: BookOwner, bookId: number, bookTitle: string) {
  return {
    book_id: bookId,
    user_id: owner.userId,
    title: owner.title ?? (bookTitle === UNTITLED_BOOK ? fileTitle(owner.fileName) : null),
    author: owner.author ?? null,
    added_at: new Date().toISOString(),
  };
}

/**
 * Puts an imported (or found) book where its importer wants it: the operator's imports (no owner) in the
 * shared library, making a private book with the same PDF shared; a user's among their own books under
 * their names for it, unless it is shared already. Idempotent: a user who has the book keeps their names.
 */
export async function placeInLibrary(db: Db, bookId: number, owner: BookOwner | undefined): Promise<void> {
  if (owner === undefined) {
    await db.updateTable('book').set({ visibility: 'shared' }).where('id', '=', bookId).execute();
    return;
  }
  await db.transaction().execute(async (trx) => {
    const book = await trx
      .selectFrom('book')
      .select(['visibility', 'title'])
      .where('id', '=', bookId)
      .executeTakeFirst();
    if (book?.visibility !== 'private') return;
    await trx
      .insertInto('book_owner')
      .values(ownerRow(owner, bookId, book.title))
      .onConflict((conflict) => conflict.columns(['book_id', 'user_id']).doNothing())
      .execute();
  });
}

export type OwnBookOutcome = 'done' | 'not-found' | 'not-yours';

/** Whether `userId` owns private book `bookId` ('done'), sees it shared ('not-yours') or not at all. */
async function ownership(db: Db, bookId: number, userId: string): Promise<OwnBookOutcome> {
  const row = await readyBooks(db)
    .leftJoin('book_owner', (join) =>
      join.onRef('book_owner.book_id', '=', 'book.id').on('book_owner.user_id', '=', userId),
    )
    .select(['book.visibility', 'book_owner.user_id'])
    .where('book.id', '=', bookId)
    .executeTakeFirst();
  if (!row) return 'not-found';
  if (row.visibility === 'shared') return 'not-yours';
  return row.user_id === null ? 'not-found' : 'done';
}

/** Renames one of the user's private books: their own title and author for it. */
export async function renameOwnBook(
  db: Db,
  bookId: number,
  userId: string,
  change: { title?: string | undefined; author?: string | undefined },
): Promise<OwnBookOutcome> {
  const outcome = await ownership(db, bookId, userId);
  if (outcome !== 'done') return outcome;
  await db
    .updateTable('book_owner')
    .set({
      ...(change.title === undefined ? {} : { title: change.title }),
      ...(change.author === undefined ? {} : { author: change.author }),
    })
    .where('book_id', '=', bookId)
    .where('user_id', '=', userId)
    .execute();
  return 'done';
}

/**
 * Removes one of the user's private books for them: their bookmarks and position in it and their
 * ownership; with its last owner the book itself goes, its graph and search index by cascade, then its
 * files.
 */
export async function removeOwnBook(
  db: Db,
  storage: BookStorage,
  bookId: number,
  userId: string,
): Promise<OwnBookOutcome> {
  const outcome = await ownership(db, bookId, userId);
  if (outcome !== 'done') return outcome;
  const gone = await db.transaction().execute(async (trx) => {
    // Two owners removing at once: the second sees the first's removal.
    await holdUntilCommit(trx, `book ${bookId}`);
    await trx.deleteFrom('bookmark').where('book_id', '=', bookId).where('user_id', '=', userId).execute();
    await trx
      .deleteFrom('reading_position')
      .where('book_id', '=', bookId)
      .where('user_id', '=', userId)
      .execute();
    await trx.deleteFrom('book_owner').where('book_id', '=', bookId).where('user_id', '=', userId).execute();
    const others = await trx
      .selectFrom('book_owner')
      .select('user_id')
      .where('book_id', '=', bookId)
      .executeTakeFirst();
    if (others) return false;
    await trx.deleteFrom('book').where('id', '=', bookId).where('visibility', '=', 'private').execute();
    return true;
  });
  if (gone) await storage.remove(bookId);
  return 'done';
}
