import type { Db } from '../../db/database.ts';

export interface SignInFailureLimits {
  /** Failed password sign-ins allowed per address within the window. */
  perAddress: number;
  /** Failed password sign-ins allowed per client address (IP) within the window. */
  perClient: number;
  windowMs: number;
}

export const defaultSignInFailureLimits: SignInFailureLimits = {
  perAddress: 5,
  perClient: 30,
  windowMs: 15 * 60 * 1000,
};

/**
 * Counts failed password sign-ins per e-mail address and per client in the database (so every server of a
 * cluster sees them) and says when either has failed too often in the current window.
 */
export function createSignInFailures(db: Db, limits: SignInFailureLimits = defaultSignInFailureLimits) {
  const keys = (email: string, clientIp: string | undefined) => {
    const list: { key: string; max: number }[] = [
      { key: `email:${email.trim().toLowerCase()}`, max: limits.perAddress },
    ];
    if (clientIp) list.push({ key: `ip:${clientIp}`, max: limits.perClient });
    return list;
  };

  return {
    async isBlocked(email: string, clientIp: string | undefined, now = Date.now()): Promise<boolean> {
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

    async recordFailure(email: string, clientIp: string | undefined, now = Date.now()): Promise<void> {
      for (const { key } of keys(email, clientIp)) {
        await db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('sign_in_failure')
            .selectAll()
            .where('key', '=', key)
            .executeTakeFirst();
          if (!row) {
            await trx
              .insertInto('sign_in_failure')
              .values({ key, count: 1, window_started_at: now })
              .execute();
          } else if (now - Number(row.window_started_at) >= limits.windowMs) {
            await trx
              .updateTable('sign_in_failure')
              .set({ count: 1, window_started_at: now })
              .where('key', '=', key)
              .execute();
          } else {
            await trx
              .updateTable('sign_in_failure')
              .set({ count: row.count + 1 })
              .where('key', '=', key)
              .execute();
          }
        });
      }
    },

    /** A successful sign-in forgives the address's earlier failures. */
    async clear(email: string): Promise<void> {
      await db
        .deleteFrom('sign_in_failure')
        .where('key', '=', `email:${email.trim().toLowerCase()}`)
        .execute();
    },
  };
}
export type SignInFailures = ReturnType<typeof createSignInFailures>;
