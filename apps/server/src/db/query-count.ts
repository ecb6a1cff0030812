import { AsyncLocalStorage } from 'node:async_hooks';
import fp from 'fastify-plugin';
import type { LogEvent } from 'kysely';

/** The queries a request made so far, and the milliseconds they took (from sent to answered). */
interface QueryCount {
  queries: number;
  ms: number;
}

const perRequest = new AsyncLocalStorage<QueryCount>();

/**
 * Kysely's log: counts each query against the request it runs for. Queries batched for several requests
 * (the session lookup) count for the request whose turn ran the batch, so a kind of request's mean is its
 * round trips per request under load.
 */
export function countQuery(event: LogEvent): void {
  const count = perRequest.getStore();
  if (!count) return;
  count.queries++;
  count.ms += event.queryDurationMillis;
}

/**
 * Every response says how many database queries its request made, and how long they took, in a
 * Server-Timing header ("db;dur=1.8;desc="2 queries"", which browsers' developer tools show): the bench
 * (bench:scale) reads it to print round trips per kind of request.
 */
export const serverTiming = fp(
  async (app) => {
    app.addHook('onRequest', (_request, _reply, done) => {
      // The rest of the request (its hooks, handler and the queries they make) runs in this context.
      perRequest.run({ queries: 0, ms: 0 }, done);
    });
    app.addHook('onSend', async (_request, reply) => {
      const count = perRequest.getStore();
      if (count)
        reply.header(
          'server-timing',
          `db;dur=${count.ms.toFixed(1)};desc="${count.queries} ${count.queries === 1 ? 'query' : 'queries'}"`,
        );
    });
  },
  { name: 'server-timing' },
);
