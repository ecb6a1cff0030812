import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from './database.ts';

type Incr = FastifyRateLimitStore['incr'];

/**
 * One request counted against `key` in a fixed window of `windowMs`, in one statement (insert, or on
 * conflict start a new window or add one), so servers sharing the database count the same requests and
 * two at once never read the same count. Answers the count in the window and the milliseconds it has left.
 */
export async function countRequest(
  db: Db,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<{ current: number; ttl: number }> {
  const expired = sql<boolean>`rate_limit_counter.window_started_at + ${windowMs} <= ${now}`;
  const row = await db
    .insertInto('rate_limit_counter')
    .values({ key, count: 1, window_started_at: now })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else rate_limit_counter.count + 1 end`,
        window_started_at: sql<number>`case when ${expired} then ${now} else rate_limit_counter.window_started_at end`,
      }),
    )
    .returning(['count', 'window_started_at'])
    .executeTakeFirstOrThrow();
  return { current: Number(row.count), ttl: Math.max(0, Number(row.window_started_at) + windowMs - now) };
}

/**
 * A @fastify/rate-limit store over the database (its `store` option) in place of its in-process one, so
 * a limit holds across every server of the installation. Each route's limit counts under its own keys.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  const store = (prefix: string): FastifyRateLimitStore => {
    const incr: Incr = (key, callback, timeWindow) => {
      countRequest(db, `${prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    };
    return {
      incr,
      child: (routeOptions) => store(`${routeOptions.method} ${routeOptions.url} `),
    };
  };
  return class DatabaseRateLimitStore {
    constructor() {
      return store('');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
