import DataLoader from 'dataloader';
import type { Db } from '../../db/database.ts';
import type { Shelf } from '../books/index.ts';

interface PositionWrite {
  userId: string;
  bookId: number;
  page: number;
}

/** Positions saved at most in one statement: a few distinct statements, each prepared once per connection. */
const MAX_BATCH = 32;

/**
 * One row per user and book, the last write of each in the order the calls came, sorted by user and book:
 * statements of two servers then take the rows' locks in the same order, and cannot deadlock.
 */
const shelfKey = ({ userId, bookId }: PositionWrite) => `${userId} ${bookId}`;

function lastOfEach(writes: readonly PositionWrite[]): PositionWrite[] {
  const byShelf = new Map<string, PositionWrite>();
  for (const write of writes) byShelf.set(shelfKey(write), write);
  return [...byShelf.values()].sort((a, b) =>
    a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : a.bookId - b.bookId,
  );
}

function upsert(db: Db, writes: readonly PositionWrite[]) {
  const updatedAt = new Date().toISOString();
  return db
    .insertInto('reading_position')
    .values(
      writes.map(({ userId, bookId, page }) => ({
        user_id: userId,
        book_id: bookId,
        page,
        updated_at: updatedAt,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['user_id', 'book_id']).doUpdateSet((eb) => ({
        page: eb.ref('excluded.page'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/**
 * Saves reading positions, those of the calls of one turn of the event loop in one statement: a reader
 * sends its position as the student turns pages, and on PostgreSQL each statement is a round trip, most
 * of what a write costs. Two calls of the same user and book in one turn leave the later one's page, as
 * one after the other would. When the statement fails (a book deleted meanwhile), each row is tried on
 * its own, so that each call has its own outcome.
 */
export function createPositionSaver(db: Db): (shelf: Shelf, page: number) => Promise<void> {
  const loader = new DataLoader<PositionWrite, void>(
    async (writes) => {
      const rows = lastOfEach(writes);
      try {
        await upsert(db, rows);
        return writes.map(() => undefined);
      } catch {
        // Each shelf's row alone; a call superseded in its turn shares the outcome of its shelf's row.
        const outcomes = new Map(
          await Promise.all(
            rows.map(async (row) => {
              const outcome = await upsert(db, [row]).then(
                () => undefined,
                (error: Error) => error,
              );
              return [shelfKey(row), outcome] as const;
            }),
          ),
        );
        return writes.map((write) => outcomes.get(shelfKey(write)));
      }
    },
    { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (run) => setImmediate(run) },
  );
  return ({ userId, bookId }, page) => loader.load({ userId, bookId, page });
}
