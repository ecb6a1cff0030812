import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';

/** Records that book `bookId` is indexed, under a new version (search_book): cached answers name it. */
export async function renewIndexVersion(db: Db, bookId: number): Promise<void> {
  const version = { version: randomUUID() };
  await db
    .insertInto('search_book')
    .values({ book_id: bookId, ...version })
    .onConflict((conflict) => conflict.column('book_id').doUpdateSet(version))
    .execute();
}
