import { sql, type Transaction } from 'kysely';
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
