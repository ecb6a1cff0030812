import type { Kysely } from 'kysely';

/**
 * The identity calls' limits are counted in rate_limit_counter now (features/auth/request-limits.ts), no
 * longer by better-auth in its `rateLimit` table, which it stops making: an installation's old one goes,
 * so that nothing reads stale counts and db:copy finds no table its target lacks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rateLimit').ifExists().execute();
}

/** Its counts are not needed back: better-auth makes the table again when its limiter is turned on. */
export async function down(): Promise<void> {}
