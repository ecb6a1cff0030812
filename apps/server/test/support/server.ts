import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { freePort } from '@threadbook/test-support';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Identity } from '../../src/features/auth/identity.ts';
import { openDatabase } from '../../src/db/database.ts';
import { databaseEnv, dropTestDatabase, type TestDb } from './database.ts';

export interface TestServer {
  /** http://127.0.0.1:PORT, which is also PUBLIC_URL (the ID tokens' issuer and the trusted origin). */
  baseUrl: string;
  app: FastifyInstance;
  identity: Identity;
  config: Config;
  dataDir: string;
  /**
   * A connection of the test's own to the server's database, SQLite or PostgreSQL (support/database.ts):
   * each sees the other's writes. Closed with the server.
   */
  db: TestDb;
  /** Stops the server; removes DATA_DIR (and its database) unless the caller supplied it. */
  close(): Promise<void>;
}

/** A directory under the system's temporary folder, removed by the caller. */
export function makeTempDir(prefix = 'threadbook-test-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** A port PUBLIC_URL can name before the server listens. */
export { freePort };

/**
 * Starts the real server (buildApp + listen on loopback) over a fresh installation, or over `dataDir` when
 * given (to restart "the same installation" with another configuration; pass the previous `port` too so
 * PUBLIC_URL, and with it the ID tokens' issuer, stays the same). `env` is the environment the
 * server would read; the harness adds DATA_DIR, PORT, HOST, PUBLIC_URL, LOG_LEVEL=silent, the database of
 * DATA_DIR (DATABASE_URL in the 'server-pg' project) and, unless given, a WEB_DIST_DIR without a built
 * app so no test depends on whether apps/web was built.
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
    ...(await databaseEnv(dataDir)),
    ...env,
  });
  const { app, identity } = await buildApp(config);
  try {
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await app.close();
    throw error;
  }
  const database = openDatabase(config);
  return {
    baseUrl,
    app,
    identity,
    config,
    dataDir,
    db: database.db.withTables(),
    async close() {
      await app.close();
      await database.close();
      if (ownsDataDir) {
        rmSync(dataDir, { recursive: true, force: true });
        await dropTestDatabase(dataDir);
      }
    },
  };
}
