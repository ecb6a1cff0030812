import type { Kysely } from 'kysely';

/**
 * The counters of our own rate limits (the summary limit, @fastify/rate-limit), kept in the database so
 * every server on it counts the same requests: one row per key and fixed window. better-auth keeps its
 * own limits in its `rateLimit` table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counter')
    .addColumn('key', 'varchar(400)', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('window_started_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_counter').execute();
}
