import { PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
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
  return new PostgresDialect({ pool: preparingStatements(pool) });
}

/** Distinct statements prepared by name; beyond them, a statement is planned anew each time. */
const NAMED_STATEMENTS = 1000;

/**
 * The pool with every query that reads or writes rows sent as a named prepared statement: PostgreSQL
 * parses and plans it once per connection instead of on every call (node-postgres keeps which names a
 * connection has prepared). A request's queries are small and indexed, so planning is much of their cost.
 */
function preparingStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (
      name === undefined &&
      names.size < NAMED_STATEMENTS &&
      /^\s*(?:select|insert|update|delete|with)\b/i.test(text)
    ) {
      name = `threadbook_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
  return {
    options: pool.options,
    end: () => pool.end(),
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      const query = (textOrCursor: unknown, values?: readonly unknown[]) =>
        typeof textOrCursor === 'string'
          ? client.query({
              name: nameOf(textOrCursor),
              text: textOrCursor,
              values: values ? [...values] : [],
            })
          : client.query(textOrCursor as never);
      return {
        query: query as unknown as PostgresPoolClient['query'],
        release: (destroy) => client.release(destroy),
      };
    },
  };
}
