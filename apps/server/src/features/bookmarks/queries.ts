import { BOOKMARK_LIMITS, type Bookmark } from '@threadbook/contracts';
import type { Db } from '../../db/database.ts';
import { holdUntilCommit } from '../../db/locks.ts';
import type { Shelf } from '../books/index.ts';

const bookmarkColumns = ['page', 'label', 'created_at as createdAt'] as const;

export function listBookmarks(db: Db, { userId, bookId }: Shelf): Promise<Bookmark[]> {
  return db
    .selectFrom('bookmark')
    .select(bookmarkColumns)
    .where('user_id', '=', userId)
    .where('book_id', '=', bookId)
    .orderBy('page')
    .execute();
}

export type PutOutcome = { status: 'created' | 'updated'; bookmark: Bookmark } | { status: 'full' };

/** Sets the label of the bookmark of `page`, if there is one: one statement, atomic on its own. */
function relabel(db: Db, { userId, bookId }: Shelf, page: number, label: string | null) {
  return db
    .updateTable('bookmark')
    .set({ label })
    .where('user_id', '=', userId)
    .where('book_id', '=', bookId)
    .where('page', '=', page)
    .returning(bookmarkColumns)
    .executeTakeFirst();
}

/**
 * Bookmarks `page` with `label` (replacing the label of an existing bookmark, which keeps its creation
 * time). A new bookmark beyond BOOKMARK_LIMITS.perBook is refused.
 *
 * A page already bookmarked is one statement. A new one in a book of no more pages than the limit (every
 * book but a few) is one more: the book cannot hold more bookmarks than that, one per page, so there is
 * nothing to count, and an insert that loses to another call adding the same page at once relabels it.
 * In a longer book it is one transaction holding the user's shelf, so that concurrent calls cannot both
 * take the last free place.
 */
export async function putBookmark(
  db: Db,
  shelf: Shelf,
  page: number,
  label: string | null,
): Promise<PutOutcome> {
  const relabelled = await relabel(db, shelf, page, label);
  if (relabelled) return { status: 'updated', bookmark: relabelled };
  if (shelf.pageCount <= BOOKMARK_LIMITS.perBook) {
    const created = await insert(db, shelf, page, label);
    if (created) return { status: 'created', bookmark: created };
    const updated = await relabel(db, shelf, page, label);
    if (updated) return { status: 'updated', bookmark: updated };
  }
  const { userId, bookId } = shelf;
  return db.transaction().execute(async (trx) => {
    await holdUntilCommit(trx, `bookmarks ${userId} ${bookId}`);
    // Added by another call since the statement above.
    const updated = await relabel(trx, shelf, page, label);
    if (updated) return { status: 'updated', bookmark: updated };

    const { count } = await trx
      .selectFrom('bookmark')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('book_id', '=', bookId)
      .executeTakeFirstOrThrow();
    if (count >= BOOKMARK_LIMITS.perBook) return { status: 'full' };
    const created = await insert(trx, shelf, page, label);
    if (!created) throw new Error(`bookmark of page ${page} added while the shelf was held`);
    return { status: 'created', bookmark: created };
  });
}

/** Adds the bookmark of `page`, unless it is there: undefined then. */
function insert(db: Db, { userId, bookId }: Shelf, page: number, label: string | null) {
  return db
    .insertInto('bookmark')
    .values({ user_id: userId, book_id: bookId, page, label, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'book_id', 'page']).doNothing())
    .returning(bookmarkColumns)
    .executeTakeFirst();
}

/** Removes the bookmark of `page`; false when there was none. */
export async function deleteBookmark(db: Db, { userId, bookId }: Shelf, page: number): Promise<boolean> {
  const result = await db
    .deleteFrom('bookmark')
    .where('user_id', '=', userId)
    .where('book_id', '=', bookId)
    .where('page', '=', page)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The page the user last read, or null. */
export async function readingPosition(db: Db, { userId, bookId }: Shelf): Promise<number | null> {
  const row = await db
    .selectFrom('reading_position')
    .select('page')
    .where('user_id', '=', userId)
    .where('book_id', '=', bookId)
    .executeTakeFirst();
  return row?.page ?? null;
}

export async function saveReadingPosition(db: Db, { userId, bookId }: Shelf, page: number): Promise<void> {
  const updatedAt = new Date().toISOString();
  await db
    .insertInto('reading_position')
    .values({ user_id: userId, book_id: bookId, page, updated_at: updatedAt })
    .onConflict((oc) => oc.columns(['user_id', 'book_id']).doUpdateSet({ page, updated_at: updatedAt }))
    .execute();
}
