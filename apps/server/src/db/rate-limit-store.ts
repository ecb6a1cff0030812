import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from './database.ts';
import { countInWindow } from './window-counter.ts';

type Incr = FastifyRateLimitStore['incr'];

/**
 * A @fastify/rate-limit store over the database (its `store` option) in place of its in-process one, so
 * a limit holds across every server of the installation. Each route's limit counts under its own keys.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  const store = (prefix: string): FastifyRateLimitStore => {
    const incr: Incr = (key, callback, timeWindow) => {
      countInWindow(db, 'rate_limit_counter', `${prefix}${key}`, timeWindow).then(
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
