import DataLoader from 'dataloader';
import type { Db } from '../../db/database.ts';
import type { IdentityTime } from '../../db/schema.ts';

export interface SessionState {
  userId: string;
  email: string;
  /** As the identity tables store them (db/schema.ts). */
  disabled: number | boolean | null;
  expiresAt: IdentityTime;
}

/** Sessions looked up at most in one query; lists are padded to these lengths (see `padded`). */
const BATCH_SIZES = [1, 4, 16, 64];

/** Ids padded by repeating the first to the next batch size: a few distinct statements, each prepared once. */
function padded(ids: readonly string[]): string[] {
  const size = BATCH_SIZES.find((candidate) => candidate >= ids.length) ?? ids.length;
  return [...ids, ...Array<string>(size - ids.length).fill(ids[0]!)];
}

/**
 * The session behind each bearer call, read fresh from the database every time (sign-out, disabling and
 * deletion end access at once). Calls arriving in the same turn of the event loop share one query: under
 * load, a query per call costs more in SQLite's locking than everything else the call does.
 */
export function createSessionLookup(db: Db): (sessionId: string) => Promise<SessionState | undefined> {
  const loader = new DataLoader<string, SessionState | undefined>(
    async (ids) => {
      const rows = await db
        .selectFrom('session as s')
        .innerJoin('user as u', 'u.id', 's.userId')
        .select([
          's.id as id',
          'u.id as userId',
          'u.email as email',
          'u.disabled as disabled',
          's.expiresAt as expiresAt',
        ])
        .where('s.id', 'in', padded(ids))
        .execute();
      const byId = new Map(rows.map(({ id, ...state }) => [id, state]));
      return ids.map((id) => byId.get(id));
    },
    // Not remembered between turns, so every call sees the database as it is; batched after the I/O of
    // the turn, so the calls read from the same poll are in one batch.
    { cache: false, maxBatchSize: BATCH_SIZES.at(-1)!, batchScheduleFn: (run) => setImmediate(run) },
  );
  return (sessionId) => loader.load(sessionId);
}
