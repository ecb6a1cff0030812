import { chmodSync, closeSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import type { DatabaseKind } from './dialect.ts';
import { migrateOnce } from './locks.ts';
import { postgresDialect } from './postgres.ts';
import { countQuery } from './query-count.ts';
import type { Database } from './schema.ts';
import { migrations } from './migrations/index.ts';

export type Db = Kysely<Database>;

export interface OpenedDatabase {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
}

/** Opens the database named by the configuration: SQLite in DATA_DIR unless DATABASE_URL says otherwise. */
export function openDatabase(options: { dataDir: string; databaseUrl?: string | undefined }): OpenedDatabase {
  if (options.databaseUrl) {
    const db = new Kysely<Database>({ dialect: postgresDialect(options.databaseUrl), log: countQuery });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const file = path.join(options.dataDir, 'threadbook.sqlite');
  // Sessions and reset tokens are in it: readable by the server's user only. SQLite gives the -wal and -shm
  // files the database file's mode; chmod also closes a database an older version made world-readable.
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
  const sqlite = new SQLite(file);
  // WAL lets readers go on while an import writes; foreign keys cascade user deletion to user data.
  // Under WAL, NORMAL syncs at checkpoints instead of at every commit: a commit survives the process being
  // killed (it is in the WAL file), only a power cut can lose the last ones, and a reader's bookmark or
  // position write no longer holds the event loop for a disk flush.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    log: countQuery,
  });
  return { db, kind: 'sqlite', close: () => db.destroy() };
}

/** Distinct queries whose prepared statements are kept; the least recently used goes first. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 keeping its prepared statements: Kysely prepares every query anew, and preparing costs
 * more than running the small indexed queries of a request. Statements run synchronously, so one is never
 * in use twice at once.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

/** Our own migrations over `db`; the identity tables are migrated by the auth feature. */
export function ourMigrator(db: Db): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async (): Promise<Record<string, Migration>> => migrations },
    migrationTableName: 'threadbook_migration',
    migrationLockTableName: 'threadbook_migration_lock',
  });
}

/** Brings our own tables up to date. */
export async function migrateToLatest(db: Db): Promise<void> {
  await migrateOnce(db, 'threadbook migrations', async () => {
    const { error, results } = await ourMigrator(db).migrateToLatest();
    const failed = results?.find((result) => result.status === 'Error');
    if (error || failed) {
      throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
    }
  });
}
