import type { KyselyPlugin } from 'kysely';
import { expect, test } from 'vitest';
import { migrateToLatest, type Db } from '../src/db/database.ts';
import { createPositionSaver } from '../src/features/bookmarks/position-saver.ts';
import { withScratchDatabase } from './support/database.ts';

/** A ready book of `pages` pages; its id. */
async function addBook(db: Db, pages: number): Promise<number> {
  const { id } = await db
    .insertInto('book')
    .values({
      title: 'A book',
      author: '',
      page_count: pages,
      sha256: `sha ${Math.random()}`,
      status: 'ready',
      source_name: 'a.pdf',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** `db`, and how many statements have gone through it. */
function counted(db: Db): { db: Db; statements: () => number } {
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => (statements++, node),
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(plugin), statements: () => statements };
}

const positions = (db: Db) =>
  db
    .selectFrom('reading_position')
    .select(['user_id as userId', 'book_id as bookId', 'page'])
    .orderBy('user_id')
    .orderBy('book_id')
    .execute();

test("the positions of one turn's calls are one statement; the later of one user's in a book is kept", async () => {
  await withScratchDatabase('threadbook-positions-', async ({ db }) => {
    await migrateToLatest(db);
    const [first, second] = [await addBook(db, 50), await addBook(db, 50)];
    const writes = counted(db);
    const save = createPositionSaver(writes.db);
    const shelf = (userId: string, bookId: number) => ({ userId, bookId, pageCount: 50 });
    await Promise.all([
      save(shelf('ann', first), 3),
      save(shelf('bob', first), 9),
      save(shelf('ann', second), 12),
      save(shelf('ann', first), 4),
    ]);
    expect(writes.statements()).toBe(1);
    expect(await positions(db)).toEqual([
      { userId: 'ann', bookId: first, page: 4 },
      { userId: 'ann', bookId: second, page: 12 },
      { userId: 'bob', bookId: first, page: 9 },
    ]);
    // The next turn writes over them.
    await save(shelf('bob', first), 10);
    expect((await positions(db)).find((row) => row.userId === 'bob')?.page).toBe(10);
  });
});

test('a call whose row cannot be written fails alone: the others of its turn are saved', async () => {
  await withScratchDatabase('threadbook-positions-', async ({ db }) => {
    await migrateToLatest(db);
    const book = await addBook(db, 50);
    const save = createPositionSaver(db);
    const outcomes = await Promise.allSettled([
      save({ userId: 'ann', bookId: book, pageCount: 50 }, 5),
      // A book deleted since its access was checked: no such book for the row's foreign key.
      save({ userId: 'bob', bookId: book + 1000, pageCount: 50 }, 6),
      save({ userId: 'cid', bookId: book, pageCount: 50 }, 7),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await positions(db)).toEqual([
      { userId: 'ann', bookId: book, page: 5 },
      { userId: 'cid', bookId: book, page: 7 },
    ]);
  });
});
