import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { JobKind, JobState } from '@threadbook/contracts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { holdUntilCommit } from '../../db/locks.ts';
import { databaseKind } from '../../db/dialect.ts';
import { thisProcess } from '../../process-owner.ts';

export type { JobKind, JobState } from '@threadbook/contracts';

/** A job as the queue holds it; `payload` is parsed JSON. */
export interface JobRecord {
  id: number;
  kind: JobKind;
  payload: unknown;
  state: JobState;
  stage: string | null;
  pagesDone: number | null;
  pagesTotal: number | null;
  error: string | null;
  bookId: number | null;
  attempts: number;
  leaseOwner: string | null;
  leaseExpiresAt: number | null;
  /** Who held the job before the last claim (a runner that died or gave it back), if anyone. */
  previousOwner: string | null;
  /** The user who queued it (an upload); null for the operator's jobs. */
  userId: string | null;
  /** When it was last claimed (ms since the epoch). */
  startedAt: number | null;
  /** Why it failed: in the file itself (final) or not (trying again may pass). */
  errorKind: 'file' | 'transient' | null;
  /** When it was queued (ms since the epoch). */
  createdAt: number;
}

export interface JobProgress {
  stage: string;
  done?: number | undefined;
  total?: number | undefined;
}

/**
 * Durable background jobs. A runner claims one job at a time with a lease (owner + expiry), renews the
 * lease while it works, and ends the job done or failed; a job whose runner died (its lease expired) is
 * claimed again by the next runner. Every method is one atomic statement, so runners in several processes
 * or servers may share one queue: a claim is won by exactly one of them.
 *
 * The SQLite implementation below is the `job` table (migration 009-jobs). A PostgreSQL one can sit
 * behind the same interface: the same table, claiming with `SELECT ... FOR UPDATE SKIP LOCKED` in the
 * UPDATE's subquery, or pg-boss (send / fetch / complete / fail, its expiry as the lease).
 */
export interface JobQueue {
  /**
   * Adds a queued job and returns its id; a job of the same kind and payload that is still queued or
   * running is that job (a unique index decides, so servers starting at once queue it once). `admit`
   * runs first in the same transaction, holding `userId`'s lock: it may read what that user has queued
   * and refuse (throw), so that no number of requests at once gets past a cap it checks.
   */
  enqueue(
    kind: JobKind,
    payload: unknown,
    options?: { userId?: string; admit?: (trx: Transaction<Database>) => Promise<void> },
  ): Promise<number>;
  /**
   * Claims the oldest queued job (or running job whose lease expired), or job `id` only, for `owner`
   * for `leaseMs`; counts the attempt. Undefined when there is none to claim.
   */
  claim(owner: string, leaseMs: number, options?: { id?: number }): Promise<JobRecord | undefined>;
  /** Extends the lease; false when `owner` no longer holds the job (it expired and was claimed again). */
  heartbeat(id: number, owner: string, leaseMs: number): Promise<boolean>;
  /** Records the stage and, while extracting, pages done and in all (kept through the later stages). */
  progress(id: number, owner: string, progress: JobProgress): Promise<void>;
  /** Ends the job as done, with the book it made or found. */
  complete(id: number, owner: string, bookId: number | null): Promise<void>;
  /** Ends the job as failed with a message for people; `inFile`: the failure is the file's (final). */
  fail(id: number, owner: string, message: string, options?: { inFile?: boolean }): Promise<void>;
  /** Queues a failed job again from its first attempt; false when it is not failed (any more). */
  retry(id: number): Promise<boolean>;
  /** Removes a job that no runner holds (queued, failed or done); false when it is running or gone. */
  remove(id: number): Promise<boolean>;
  /** Jobs of `kind` that user `userId` queued, in `states`, oldest first. */
  listOf(userId: string, kind: JobKind, states: JobState[]): Promise<JobRecord[]>;
  /** Gives the job back to the queue (a stopping runner, or an attempt to retry); `uncount` undoes the attempt. */
  release(id: number, owner: string, options?: { uncount?: boolean; message?: string }): Promise<void>;
  /** Expires the leases of running jobs whose owner `isGone` says is dead, so they are claimed at once. */
  expireLeases(isGone: (owner: string) => boolean): Promise<number>;
  find(id: number): Promise<JobRecord | undefined>;
}

/** A lease owner unique to one runner: "host pid" (process-owner.ts) and a random suffix. */
export function newLeaseOwner(): string {
  return `${thisProcess()}#${randomBytes(4).toString('hex')}`;
}

/** The "host pid" part of a lease owner. */
export function ownerProcess(owner: string): string {
  return owner.split('#')[0] ?? owner;
}

type JobRow = {
  id: number;
  kind: JobKind;
  payload: string;
  state: JobState;
  stage: string | null;
  pages_done: number | null;
  pages_total: number | null;
  error: string | null;
  book_id: number | null;
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: number | string | null;
  previous_owner: string | null;
  owner_id: string | null;
  started_at: number | string | null;
  error_kind: 'file' | 'transient' | null;
  created_at: number | string;
};

function toRecord(row: JobRow): JobRecord {
  return {
    id: Number(row.id),
    kind: row.kind,
    payload: JSON.parse(row.payload) as unknown,
    state: row.state,
    stage: row.stage,
    pagesDone: row.pages_done,
    pagesTotal: row.pages_total,
    error: row.error,
    bookId: row.book_id,
    attempts: Number(row.attempts),
    leaseOwner: row.lease_owner,
    leaseExpiresAt: row.lease_expires_at === null ? null : Number(row.lease_expires_at),
    previousOwner: row.previous_owner,
    userId: row.owner_id,
    startedAt: row.started_at === null ? null : Number(row.started_at),
    errorKind: row.error_kind,
    createdAt: Number(row.created_at),
  };
}

const columns = [
  'id',
  'kind',
  'payload',
  'state',
  'stage',
  'pages_done',
  'pages_total',
  'error',
  'book_id',
  'attempts',
  'lease_owner',
  'lease_expires_at',
  'previous_owner',
  'owner_id',
  'started_at',
  'error_kind',
  'created_at',
] as const;

/**
 * The queue over the `job` table, on SQLite or PostgreSQL. A claim is one UPDATE of the oldest claimable
 * row: SQLite runs one writer at a time; on PostgreSQL the row is picked `FOR UPDATE SKIP LOCKED`, so
 * servers claiming at once take different jobs and none waits for another's.
 */
export function createJobQueue(db: Db): JobQueue {
  const postgres = databaseKind(db) === 'postgres';
  const held = (id: number, owner: string) =>
    db
      .updateTable('job')
      .where('id', '=', id)
      .where('state', '=', 'running')
      .where('lease_owner', '=', owner);

  return {
    async enqueue(kind, payload, { userId, admit } = {}) {
      const text = JSON.stringify(payload ?? null);
      return db.transaction().execute(async (trx) => {
        if (admit) {
          await holdUntilCommit(trx, `job admission ${userId ?? ''}`);
          await admit(trx);
        }
        for (;;) {
          const now = Date.now();
          const added = await trx
            .insertInto('job')
            .values({
              kind,
              payload: text,
              state: 'queued',
              owner_id: userId ?? null,
              created_at: now,
              updated_at: now,
            })
            .onConflict((conflict) => conflict.doNothing())
            .returning('id')
            .executeTakeFirst();
          if (added) return Number(added.id);
          const existing = await trx
            .selectFrom('job')
            .select('id')
            .where('kind', '=', kind)
            .where('payload', '=', text)
            .where('state', 'in', ['queued', 'running'])
            .executeTakeFirst();
          // Gone between the two statements (it just ended): add it again.
          if (existing) return Number(existing.id);
        }
      });
    },

    async claim(owner, leaseMs, { id } = {}) {
      const now = Date.now();
      let next = db
        .selectFrom('job')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('state', '=', 'queued'),
            eb.and([eb('state', '=', 'running'), eb('lease_expires_at', '<', now)]),
          ]),
        )
        .orderBy('id')
        .limit(1);
      if (id !== undefined) next = next.where('id', '=', id);
      if (postgres) next = next.forUpdate().skipLocked();
      const row = await db
        .updateTable('job')
        .set({
          state: 'running',
          previous_owner: sql<string | null>`lease_owner`,
          lease_owner: owner,
          lease_expires_at: now + leaseMs,
          attempts: sql<number>`attempts + 1`,
          started_at: now,
          updated_at: now,
        })
        .where('id', '=', next)
        .returning(columns)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    async heartbeat(id, owner, leaseMs) {
      const now = Date.now();
      const result = await held(id, owner)
        .set({ lease_expires_at: now + leaseMs, updated_at: now })
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async progress(id, owner, { stage, done, total }) {
      // Pages done and in all stay once the extraction is over: what was extracted, for the record.
      const counted = done !== undefined && total !== undefined && total > 0;
      await held(id, owner)
        .set({
          stage,
          ...(counted ? { pages_done: done, pages_total: total } : {}),
          updated_at: Date.now(),
        })
        .execute();
    },

    async complete(id, owner, bookId) {
      await held(id, owner)
        .set({
          state: 'done',
          book_id: bookId,
          error: null,
          lease_owner: null,
          lease_expires_at: null,
          updated_at: Date.now(),
        })
        .execute();
    },

    async fail(id, owner, message, { inFile = false } = {}) {
      await held(id, owner)
        .set({
          state: 'failed',
          error: message,
          error_kind: inFile ? 'file' : 'transient',
          lease_owner: null,
          lease_expires_at: null,
          updated_at: Date.now(),
        })
        .execute();
    },

    async retry(id) {
      const result = await db
        .updateTable('job')
        .set({
          state: 'queued',
          attempts: 0,
          error: null,
          error_kind: null,
          stage: null,
          pages_done: null,
          pages_total: null,
          updated_at: Date.now(),
        })
        .where('id', '=', id)
        .where('state', '=', 'failed')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async remove(id) {
      const result = await db
        .deleteFrom('job')
        .where('id', '=', id)
        .where('state', '!=', 'running')
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async listOf(userId, kind, states) {
      const rows = await db
        .selectFrom('job')
        .select(columns)
        .where('owner_id', '=', userId)
        .where('kind', '=', kind)
        .where('state', 'in', states)
        .orderBy('id')
        .execute();
      return rows.map(toRecord);
    },

    async release(id, owner, { uncount = false, message } = {}) {
      await held(id, owner)
        .set({
          state: 'queued',
          lease_owner: null,
          lease_expires_at: null,
          stage: null,
          pages_done: null,
          pages_total: null,
          ...(message === undefined ? {} : { error: message }),
          ...(uncount ? { attempts: sql<number>`CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END` } : {}),
          updated_at: Date.now(),
        })
        .execute();
    },

    async expireLeases(isGone) {
      const running = await db
        .selectFrom('job')
        .select(['id', 'lease_owner'])
        .where('state', '=', 'running')
        .execute();
      let expired = 0;
      for (const job of running) {
        if (job.lease_owner !== null && !isGone(job.lease_owner)) continue;
        await db
          .updateTable('job')
          .set({ lease_expires_at: 0 })
          .where('id', '=', job.id)
          .where('state', '=', 'running')
          .where('lease_owner', job.lease_owner === null ? 'is' : '=', job.lease_owner)
          .execute();
        expired += 1;
      }
      return expired;
    },

    async find(id) {
      const row = await db.selectFrom('job').select(columns).where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },
  };
}
