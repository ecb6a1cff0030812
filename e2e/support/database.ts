import { sql } from 'kysely';
import { openDatabase, type Db } from '../../apps/server/src/db/database.ts';
import { databaseKind } from '../../apps/server/src/db/dialect.ts';

/**
 * Reads and writes on a running server's database, through the server's own database module (SQLite in
 * its DATA_DIR, or PostgreSQL at its DATABASE_URL), for what no screen can do honestly: make a sign-in old
 * (the server compares the session's createdAt with its own clock), check that no account was left
 * behind, take a book's graph away. SQLite is in WAL mode, so this works while the server runs.
 */
export interface ServerDatabase {
  dataDir: string;
  /** PostgreSQL's address when the server runs on it. */
  databaseUrl?: string;
}

async function withDatabase<T>(server: ServerDatabase, use: (db: Db) => Promise<T>): Promise<T> {
  const database = openDatabase({ dataDir: server.dataDir, databaseUrl: server.databaseUrl });
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

/** The account of an address, as the identity tables compare it (case-insensitively). */
const userIdsOf = (db: Db, email: string) =>
  db
    .selectFrom('user')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase());

/** Moves every session of the account back in time, as if its sign-in happened `seconds` ago. */
export function ageSessions(server: ServerDatabase, email: string, seconds: number): Promise<number> {
  return withDatabase(server, async (db) => {
    const then = new Date(Date.now() - seconds * 1000);
    // As better-auth stores a time in each database (db/schema.ts IdentityTime).
    const createdAt = databaseKind(db) === 'postgres' ? then : then.toISOString();
    const result = await db
      .updateTable('session')
      .set({ createdAt })
      .where('userId', 'in', userIdsOf(db, email))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
}

/** Whether an account with this address exists. */
export function accountExists(server: ServerDatabase, email: string): Promise<boolean> {
  return withDatabase(server, async (db) => (await userIdsOf(db, email).executeTakeFirst()) !== undefined);
}

/** How many live sessions the account has. */
export function sessionCount(server: ServerDatabase, email: string): Promise<number> {
  return withDatabase(server, async (db) => {
    const row = await db
      .selectFrom('session')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', 'in', userIdsOf(db, email))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  });
}

/**
 * Takes the book's graph out of a server's database, as if it had never been built: its graph_book row,
 * which says the graph is there and which version it is (the server reads a graph only through it); the
 * nodes and edges stay, unseen. Answers a function that puts the row back exactly.
 */
export async function removeBookGraph(server: ServerDatabase, bookId: number): Promise<() => Promise<void>> {
  const saved = await withDatabase(server, (db) =>
    db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('graph_book')
        .selectAll()
        .where('book_id', '=', bookId)
        .executeTakeFirst();
      await trx.deleteFrom('graph_book').where('book_id', '=', bookId).execute();
      return row;
    }),
  );
  if (!saved) throw new Error(`book ${bookId} has no stored graph`);
  return () =>
    withDatabase(server, async (db) => {
      await db.insertInto('graph_book').values(saved).execute();
    });
}
