import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface SignInFailureLimits {
  /** Failed password sign-ins allowed for one account from one client address (IP) within the window. */
  perAccountAndClient: number;
  /** Failed password sign-ins allowed from one client address, whatever the accounts, within the window. */
  perClient: number;
  windowMs: number;
}

export const defaultSignInFailureLimits: SignInFailureLimits = {
  perAccountAndClient: 5,
  // A class of 40 behind one school address mistyping 5 times each stays below it; a guesser reaches it.
  perClient: 300,
  windowMs: 15 * 60 * 1000,
};

/**
 * Counts failed password sign-ins in the database (so every server of a cluster sees them) and says when a
 * sign-in is refused before its password is checked. As OWASP advises, an account is locked per (account,
 * client address) pair: a guesser locks it only for itself, never for its owner signing in from elsewhere.
 * A much higher limit on all failures from one address stops guessing across many accounts; it counts
 * failures, not accounts, and is sized so that a class behind one address does not reach it.
 */
export function createSignInFailures(db: Db, limits: SignInFailureLimits = defaultSignInFailureLimits) {
  const clientKey = (clientIp: string) => `ip:${clientIp}`;
  const pairKey = (email: string, clientIp: string) =>
    `${clientKey(clientIp)} email:${email.trim().toLowerCase()}`;
  const keys = (email: string, clientIp: string) => [
    { key: pairKey(email, clientIp), max: limits.perAccountAndClient },
    { key: clientKey(clientIp), max: limits.perClient },
  ];

  return {
    async isBlocked(email: string, clientIp: string, now = Date.now()): Promise<boolean> {
      for (const { key, max } of keys(email, clientIp)) {
        const row = await db
          .selectFrom('sign_in_failure')
          .selectAll()
          .where('key', '=', key)
          .executeTakeFirst();
        if (row && now - Number(row.window_started_at) < limits.windowMs && row.count >= max) return true;
      }
      return false;
    },

    async recordFailure(email: string, clientIp: string, now = Date.now()): Promise<void> {
      const windowOver = sql<boolean>`${now} - ${sql.ref('sign_in_failure.window_started_at')} >= ${limits.windowMs}`;
      for (const { key } of keys(email, clientIp)) {
        // One statement, so that failures counted at once (side by side on PostgreSQL) are all counted: a
        // new key starts at 1, as does a key whose window has run out; any other adds one.
        await db
          .insertInto('sign_in_failure')
          .values({ key, count: 1, window_started_at: now })
          .onConflict((conflict) =>
            conflict.column('key').doUpdateSet({
              count: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${sql.ref('sign_in_failure.count')} + 1 END`,
              window_started_at: sql`CASE WHEN ${windowOver} THEN ${now} ELSE ${sql.ref('sign_in_failure.window_started_at')} END`,
            }),
          )
          .execute();
      }
    },

    /**
     * A successful sign-in forgives that client's failures on that account. The client's own count stays:
     * signing in to one's own account must not reset a guesser's count across the others.
     */
    async clear(email: string, clientIp: string): Promise<void> {
      await db.deleteFrom('sign_in_failure').where('key', '=', pairKey(email, clientIp)).execute();
    },
  };
}
export type SignInFailures = ReturnType<typeof createSignInFailures>;
