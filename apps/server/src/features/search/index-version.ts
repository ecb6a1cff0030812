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

/** Books whose index version is kept at most; the least recently read goes first. */
const KEPT_VERSIONS = 10_000;

/**
 * The index version of a book (undefined before it is indexed), read from the database at most every
 * `revalidateMs` per book: every search asks for it (it names the kept answers), and a book is indexed
 * again only by an import, which runs in another process. A new index is searched within that time,
 * as the book's access and graph are seen within it (books/access.ts, graph/graph-cache.ts).
 */
export function createIndexVersions(
  db: Db,
  { revalidateMs = 1000 } = {},
): (bookId: number) => Promise<string | undefined> {
  const known = new Map<number, { version: string | undefined; readAt: number }>();
  return async (bookId) => {
    const entry = known.get(bookId);
    if (entry && Date.now() - entry.readAt < revalidateMs) return entry.version;
    const row = await db
      .selectFrom('search_book')
      .select('version')
      .where('book_id', '=', bookId)
      .executeTakeFirst();
    known.delete(bookId);
    known.set(bookId, { version: row?.version, readAt: Date.now() });
    if (known.size > KEPT_VERSIONS) known.delete(known.keys().next().value!);
    return row?.version;
  };
}
