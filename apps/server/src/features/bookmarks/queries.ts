import { BOOKMARK_LIMITS, type Bookmark } from '@threadbook/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { databaseKind } from '../../db/dialect.ts';
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
 * In a book of no more pages than the limit (every book but a few) there is nothing to count: the book
 * cannot hold more bookmarks than that, one per page. In a longer one it is one transaction holding the
 * user's shelf, so that concurrent calls cannot both take the last free place.
 */
export async function putBookmark(
  db: Db,
  shelf: Shelf,
  page: number,
  label: string | null,
): Promise<PutOutcome> {
  if (shelf.pageCount <= BOOKMARK_LIMITS.perBook) {
    return databaseKind(db) === 'postgres'
      ? upsert(db, shelf, page, label)
      : relabelOrInsert(db, shelf, page, label);
  }
  const { userId, bookId } = shelf;
  return db.transaction().execute(async (trx) => {
    await holdUntilCommit(trx, `bookmarks ${userId} ${bookId}`);
    // A bookmark already there is relabelled: it takes no new place.
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

/**
 * One statement, which says whether it inserted: on PostgreSQL each statement is a round trip to the
 * database, most of what a write costs there. A row the statement inserted has no deleting transaction
 * (xmax 0); one it updated has this one.
 */
async function upsert(db: Db, { userId, bookId }: Shelf, page: number, label: string | null) {
  const { created, ...bookmark } = await db
    .insertInto('bookmark')
    .values({ user_id: userId, book_id: bookId, page, label, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'book_id', 'page']).doUpdateSet({ label }))
    .returning([...bookmarkColumns, sql<boolean>`xmax = 0`.as('created')])
    .executeTakeFirstOrThrow();
  return { status: created ? 'created' : 'updated', bookmark } as const;
}

/**
 * SQLite's statements are calls in this process, not round trips: the label is set if the bookmark is
 * there, else it is added, and an insert that loses to another call adding the same page at once
 * relabels it.
 */
async function relabelOrInsert(
  db: Db,
  shelf: Shelf,
  page: number,
  label: string | null,
): Promise<PutOutcome> {
  const relabelled = await relabel(db, shelf, page, label);
  if (relabelled) return { status: 'updated', bookmark: relabelled };
  const created = await insert(db, shelf, page, label);
  if (created) return { status: 'created', bookmark: created };
  // Added by another call since the relabel, or added and removed again: tried anew.
  return relabelOrInsert(db, shelf, page, label);
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
