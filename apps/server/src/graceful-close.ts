import type { FastifyInstance } from 'fastify';

/** How long requests still running when the server stops may take to finish before their connections are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;
const IDLE_SWEEP_MS = 50;

/**
 * Node's server.close() closes the idle keep-alive connections once. A connection busy at that moment stays
 * open after its response until the keep-alive timeout (72 s in Fastify), which holds up a restart for a
 * minute. While the server closes, each connection is closed as soon as it falls idle, and whatever is
 * left after the grace period is cut.
 */
export function closeConnectionsWhenIdle(app: FastifyInstance, graceMs = SHUTDOWN_GRACE_MS): void {
  app.addHook('preClose', (done) => {
    const server = app.server;
    if (!server.listening) return done();
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    sweep.unref();
    cut.unref();
    server.once('close', () => {
      clearInterval(sweep);
      clearTimeout(cut);
    });
    done();
  });
}
