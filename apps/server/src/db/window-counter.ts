import { sql } from 'kysely';
import type { Db } from './database.ts';

/** The tables of counters in fixed windows: a key, its count and when its window began (ms). */
type CounterTable = 'rate_limit_counter' | 'sign_in_failure';

/**
 * One more event counted against `key` in a fixed window of `windowMs`, in one statement (insert, or on
 * conflict start a new window or add one), so servers sharing the database count the same events and two
 * at once never read the same count. Answers the count in the window and the milliseconds it has left.
 */
export async function countInWindow(
  db: Db,
  table: CounterTable,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<{ current: number; ttl: number }> {
  const column = (name: 'count' | 'window_started_at') => sql.ref(`${table}.${name}`);
  const expired = sql<boolean>`${column('window_started_at')} + ${windowMs} <= ${now}`;
  const row = await db
    .insertInto(table)
    .values({ key, count: 1, window_started_at: now })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else ${column('count')} + 1 end`,
        window_started_at: sql<number>`case when ${expired} then ${now} else ${column('window_started_at')} end`,
      }),
    )
    .returning(['count', 'window_started_at'])
    .executeTakeFirstOrThrow();
  return { current: Number(row.count), ttl: Math.max(0, Number(row.window_started_at) + windowMs - now) };
}

/**
 * Removes the counters of keys starting with `prefix` whose window of `windowMs` has ended (the next event
 * of such a key starts a new window anyway), so the table holds only live windows. Answers how many went.
 */
export async function deleteEndedWindows(
  db: Db,
  table: CounterTable,
  prefix: string,
  windowMs: number,
  now = Date.now(),
): Promise<number> {
  // Not LIKE, whose wildcards and case rules differ by engine: the key's first characters are the prefix.
  const result = await db
    .deleteFrom(table)
    .where(sql`substr(${sql.ref('key')}, 1, ${prefix.length})`, '=', prefix)
    .where('window_started_at', '<=', now - windowMs)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
