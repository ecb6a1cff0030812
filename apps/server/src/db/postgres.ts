import { PostgresDialect } from 'kysely';
import pg from 'pg';

/**
 * node-postgres gives bigint columns and count(*) as strings, as a bigint may exceed a JavaScript
 * number. Ours are counts and epoch milliseconds, far below 2^53: read as numbers, as better-sqlite3
 * gives them, so every answer is the same on both databases.
 */
function numericTypes(): pg.TypeOverrides {
  const types = new pg.TypeOverrides();
  types.setTypeParser(pg.types.builtins.INT8, Number);
  return types;
}

/** Kysely's dialect for the PostgreSQL database at `url` (postgres://user:password@host:port/database). */
export function postgresDialect(url: string): PostgresDialect {
  const pool = new pg.Pool({
    connectionString: url,
    application_name: 'threadbook',
    types: numericTypes(),
  });
  // A pooled connection the server closes while idle (a restart, a timeout) is dropped by the pool and the
  // next query opens another; without a listener the event would end the process.
  pool.on('error', () => {});
  return new PostgresDialect({ pool });
}
