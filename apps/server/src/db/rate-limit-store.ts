import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from './database.ts';
import { countInWindow, deleteEndedWindows } from './window-counter.ts';

type Incr = FastifyRateLimitStore['incr'];

/** How often each route's ended windows are removed, by each server. */
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * A @fastify/rate-limit store over the database (its `store` option) in place of its in-process one, so
 * a limit holds across every server of the installation. Each route's limit counts under its own keys,
 * whose ended windows each server removes every ten minutes.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  const store = (prefix: string): FastifyRateLimitStore => {
    let prunedAt = 0;
    const incr: Incr = (key, callback, timeWindow) => {
      if (Date.now() - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        // Best effort: a failed clean-up is tried again at the next interval.
        deleteEndedWindows(db, 'rate_limit_counter', prefix, timeWindow).catch(() => undefined);
      }
      countInWindow(db, 'rate_limit_counter', `${prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    };
    return {
      incr,
      child: (options) => {
        // What @fastify/rate-limit passes is the route's limit options, the route itself under routeInfo
        // (its types say the route).
        const route = (options as { routeInfo?: typeof options }).routeInfo ?? options;
        return store(`${String(route.method)} ${route.url} `);
      },
    };
  };
  return class DatabaseRateLimitStore {
    constructor() {
      return store('');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
