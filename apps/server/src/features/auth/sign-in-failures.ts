import type { Db } from '../../db/database.ts';
import { countInWindow } from '../../db/window-counter.ts';

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
      for (const { key } of keys(email, clientIp)) {
        await countInWindow(db, 'sign_in_failure', key, limits.windowMs, now);
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
