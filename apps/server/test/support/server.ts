import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Identity } from '../../src/features/auth/identity.ts';

export interface TestServer {
  /** http://127.0.0.1:PORT, which is also PUBLIC_URL (the ID tokens' issuer and the trusted origin). */
  baseUrl: string;
  app: FastifyInstance;
  identity: Identity;
  config: Config;
  dataDir: string;
  /** Runs `fn` on a separate connection to the server's SQLite file (WAL: both see each other's writes). */
  withDb<T>(fn: (db: SQLite.Database) => T): T;
  /** Stops the server; removes DATA_DIR unless the caller supplied it. */
  close(): Promise<void>;
}

/** A directory under the system's temporary folder, removed by the caller. */
export function makeTempDir(prefix = 'threadbook-test-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** A port the system just handed out and took back, so PUBLIC_URL can name it before the server listens. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server (buildApp + listen on loopback) over a fresh SQLite file, or over `dataDir` when
 * given (to restart "the same installation" with another configuration; pass the previous `port` too so
 * PUBLIC_URL, and with it the ID tokens' issuer, stays the same). `env` is the environment the
 * server would read; the harness adds DATA_DIR, PORT, HOST, PUBLIC_URL, LOG_LEVEL=silent and, unless
 * given, a WEB_DIST_DIR without a built app so no test depends on whether apps/web was built.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { dataDir?: string; port?: number } = {},
): Promise<TestServer> {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? makeTempDir();
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const noWebApp = path.join(dataDir, 'no-web-app');
  mkdirSync(noWebApp, { recursive: true });
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: noWebApp,
    // Building and importing the sample book costs seconds of CPU per server; tests that need it say so.
    SAMPLE_BOOK: 'false',
    ...env,
  });
  const { app, identity } = await buildApp(config);
  try {
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await app.close();
    throw error;
  }
  return {
    baseUrl,
    app,
    identity,
    config,
    dataDir,
    withDb(fn) {
      const db = new SQLite(path.join(dataDir, 'threadbook.sqlite'));
      db.pragma('busy_timeout = 5000');
      try {
        return fn(db);
      } finally {
        db.close();
      }
    },
    async close() {
      await app.close();
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
