import { sql, type Kysely, type Transaction } from 'kysely';
import { databaseKind } from './dialect.ts';

/**
 * Holds `key` until transaction `trx` ends, so that transactions of one key run one after another (a
 * read, then a write that depends on it). SQLite runs one transaction at a time already; PostgreSQL runs
 * them side by side, so there it takes a transaction-level advisory lock on the key's hash.
 */
export async function holdUntilCommit<DB>(trx: Transaction<DB>, key: string): Promise<void> {
  if (databaseKind(trx) !== 'postgres') return;
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/**
 * Runs `migrate`, which plans from the schema it finds and then applies the plan, once across servers
 * starting together. On PostgreSQL they take turns on a session-level advisory lock, held by a
 * connection of its own while `migrate` uses others. On SQLite (one machine, one file) a migration that
 * collided with another process's is run again: it then plans from what the other one made.
 */
export async function migrateOnce<DB>(
  db: Kysely<DB>,
  key: string,
  migrate: () => Promise<void>,
): Promise<void> {
  if (databaseKind(db) === 'postgres') {
    await db.connection().execute(async (connection) => {
      await sql`SELECT pg_advisory_lock(hashtextextended(${key}, 0))`.execute(connection);
      try {
        await migrate();
      } finally {
        await sql`SELECT pg_advisory_unlock(hashtextextended(${key}, 0))`.execute(connection);
      }
    });
    return;
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await migrate();
    } catch (error) {
      if (attempt >= SQLITE_MIGRATION_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** Attempts of a SQLite migration that may collide with another process's (see migrateOnce). */
const SQLITE_MIGRATION_ATTEMPTS = 5;
