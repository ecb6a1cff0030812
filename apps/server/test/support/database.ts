import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { inject } from 'vitest';
import { createDatabase, dropDatabase } from '@threadbook/test-support';
import { openDatabase, type OpenedDatabase } from '../../src/db/database.ts';
import type { DatabaseKind } from '../../src/db/dialect.ts';
import type { Database } from '../../src/db/schema.ts';

/** The cluster of the 'server-pg' project (postgres-setup.ts); the 'server' project runs on SQLite. */
const clusterUrl = inject('postgresClusterUrl');

/** The database the server runs on in these tests. */
export const testEngine: DatabaseKind = clusterUrl === undefined ? 'sqlite' : 'postgres';

/** The schema as the tests read it: ours, and the columns of better-auth's tables they look at too. */
export type TestDb = Kysely<
  Database & {
    account: { accountId: string };
  }
>;

/** One database per DATA_DIR, as SQLite has one file in each. */
const databaseName = (dataDir: string) =>
  `threadbook_${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`;

const created = new Map<string, Promise<string>>();

/**
 * The variables that point a server or a command over `dataDir` at the installation's database: on
 * PostgreSQL the DATABASE_URL of a database of its own, made at first use, so a server started again over
 * the same DATA_DIR finds the same data; on SQLite none, the file being in DATA_DIR.
 */
export async function databaseEnv(dataDir: string): Promise<Record<string, string>> {
  if (clusterUrl === undefined) return {};
  const name = databaseName(dataDir);
  let url = created.get(name);
  if (!url) {
    url = createDatabase(clusterUrl, name);
    created.set(name, url);
  }
  return { DATABASE_URL: await url };
}

/** A connection of the caller's own to the database of the installation in `dataDir`. */
export async function openTestDatabase(dataDir: string): Promise<OpenedDatabase> {
  return openDatabase({ dataDir, databaseUrl: (await databaseEnv(dataDir)).DATABASE_URL });
}

/** Drops the installation's database on PostgreSQL (on SQLite it goes with DATA_DIR). */
export async function dropTestDatabase(dataDir: string): Promise<void> {
  if (clusterUrl === undefined) return;
  const name = databaseName(dataDir);
  created.delete(name);
  await dropDatabase(clusterUrl, name);
}

/** A database of a fresh folder for `use` alone (a migration's test), closed and removed after. */
export async function withScratchDatabase(prefix: string, use: (database: OpenedDatabase) => Promise<void>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const database = await openTestDatabase(dataDir);
  try {
    await use(database);
  } finally {
    await database.close();
    await dropTestDatabase(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
