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

/**
 * Bookmarks `page` with `label` (replacing the label of an existing bookmark, which keeps its creation
 * time). A new bookmark beyond BOOKMARK_LIMITS.perBook is refused. One transaction holding the user's
 * shelf, so concurrent calls cannot both take the last free place, nor both add the same page.
 */
export function putBookmark(
  db: Db,
  { userId, bookId }: Shelf,
  page: number,
  label: string | null,
): Promise<PutOutcome> {
  return db.transaction().execute(async (trx) => {
    await holdUntilCommit(trx, `bookmarks ${userId} ${bookId}`);
    const updated = await trx
      .updateTable('bookmark')
      .set({ label })
      .where('user_id', '=', userId)
      .where('book_id', '=', bookId)
      .where('page', '=', page)
      .returning(bookmarkColumns)
      .executeTakeFirst();
    if (updated) return { status: 'updated', bookmark: updated };

    const { count } = await trx
      .selectFrom('bookmark')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('book_id', '=', bookId)
      .executeTakeFirstOrThrow();
    if (count >= BOOKMARK_LIMITS.perBook) return { status: 'full' };

    const created = await trx
      .insertInto('bookmark')
      .values({ user_id: userId, book_id: bookId, page, label, created_at: new Date().toISOString() })
      .returning(bookmarkColumns)
      .executeTakeFirstOrThrow();
    return { status: 'created', bookmark: created };
  });
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
