import { sql, type Kysely } from 'kysely';
import { databaseKind } from './dialect.ts';

/**
 * Updates PostgreSQL's statistics of `table` after many of its rows were written in a transaction.
 * Foreign-key checks and cascades are planned from them; where they miss the rows (new, or not analyzed
 * yet), the planner may take another index with the same leading column and scan a whole book for each
 * row checked (seconds for a graph of 10,000 edges). SQLite needs nothing.
 */
export async function updateStatistics<DB>(db: Kysely<DB>, table: string): Promise<void> {
  if (databaseKind(db) !== 'postgres') return;
  await sql`ANALYZE ${sql.table(table)}`.execute(db);
}
