import { PostgresAdapter, type Kysely } from 'kysely';

/** The databases the server runs on: SQLite embedded in DATA_DIR, or PostgreSQL named by DATABASE_URL. */
export type DatabaseKind = 'sqlite' | 'postgres';

/**
 * Which database `db` talks to, read from its dialect's adapter, so that code given only a Kysely
 * instance or a transaction (a migration, a search engine) can take the branch its database needs.
 */
export function databaseKind<DB>(db: Kysely<DB>): DatabaseKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
