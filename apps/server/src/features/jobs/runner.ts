import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { localProcessIsGone } from '../../process-owner.ts';
import {
  newLeaseOwner,
  ownerProcess,
  type JobKind,
  type JobProgress,
  type JobQueue,
  type JobRecord,
} from './queue.ts';

/** How long a claimed job is held without a heartbeat: a runner that dies loses its job after this. */
export const JOB_LEASE_MS = 30_000;
/** Attempts of a job that crashes unexpectedly; a final failure (JobHandler.isFinal) is never retried. */
export const MAX_JOB_ATTEMPTS = 3;
/** Pages of progress are written to the job row at most this often. */
const PROGRESS_WRITE_MS = 500;
/** How often an idle runner looks for jobs other processes queued. */
const POLL_MS = 1000;

export type JobOutcome = 'done' | 'failed' | 'retry' | 'released';

/** What running a claimed job is given. */
export interface JobRun {
  record: JobRecord;
  /** Its stage and pages, written to the job's row (not every call: PROGRESS_WRITE_MS). */
  onProgress(progress: JobProgress): void;
  /** Aborted when the runner stops: the job should stop at its next step (it goes back to the queue). */
  signal: AbortSignal;
}

/**
 * What runs the jobs of one kind: the kind's payload schema (a payload is parsed once, when the job is
 * claimed), its name in the log ("import sample book"), the work itself (answering the book it made or found, if any) and which
 * of its errors are final (the job fails without another attempt, as for a file that is not a PDF).
 */
export interface JobHandler<Payload> {
  payload: z.ZodType<Payload>;
  label(payload: Payload, record: JobRecord): string;
  run(payload: Payload, job: JobRun): Promise<{ bookId: number | null }>;
  isFinal(error: unknown): boolean;
}

/**
 * Runs a claimed job with `execute`, holding its lease (a heartbeat) and writing its progress to the
 * row; ends it done with the book id, failed when `isFinal` says its error is (no retry), or, on any
 * other error, queued again for another attempt until `maxAttempts`. When `stopping()` says the runner
 * is stopping, the job goes back to the queue without counting the attempt.
 */
export async function runClaimedJob(
  queue: JobQueue,
  job: JobRecord,
  owner: string,
  execute: (onProgress: (progress: JobProgress) => void) => Promise<{ bookId: number | null }>,
  {
    isFinal,
    maxAttempts = MAX_JOB_ATTEMPTS,
    stopping = () => false,
    leaseMs = JOB_LEASE_MS,
  }: {
    isFinal: (error: unknown) => boolean;
    maxAttempts?: number;
    stopping?: () => boolean;
    leaseMs?: number;
  },
): Promise<{ outcome: JobOutcome; error?: unknown; bookId?: number | null }> {
  let writes: Promise<unknown> = Promise.resolve();
  const write = (action: () => Promise<unknown>) => {
    writes = writes.then(action).catch(() => undefined);
  };
  // A third of the lease: two heartbeats may be late (a busy event loop) before the lease is lost.
  const heartbeat = setInterval(() => write(() => queue.heartbeat(job.id, owner, leaseMs)), leaseMs / 3);
  let lastStage = '';
  let lastWrite = 0;
  const onProgress = (progress: JobProgress) => {
    const now = Date.now();
    const last = progress.done !== undefined && progress.done === progress.total;
    if (progress.stage === lastStage && !last && now - lastWrite < PROGRESS_WRITE_MS) return;
    lastStage = progress.stage;
    lastWrite = now;
    write(() => queue.progress(job.id, owner, progress));
  };
  try {
    const { bookId } = await execute(onProgress);
    await writes;
    await queue.complete(job.id, owner, bookId);
    return { outcome: 'done', bookId };
  } catch (error) {
    await writes;
    const message = error instanceof Error ? error.message : String(error);
    if (stopping()) {
      await queue.release(job.id, owner, { uncount: true });
      return { outcome: 'released', error };
    }
    const final = isFinal(error);
    if (final || job.attempts >= maxAttempts) {
      await queue.fail(job.id, owner, message, { inFile: final });
      return { outcome: 'failed', error };
    }
    await queue.release(job.id, owner, { message });
    return { outcome: 'retry', error };
  } finally {
    clearInterval(heartbeat);
  }
}

export interface JobRunner {
  /** Runs the jobs of `kind` with `handler` (each kind has one). */
  handle<Payload>(kind: JobKind, handler: JobHandler<Payload>): void;
  /** Begins claiming jobs (after expiring the leases of runners of this machine that died). */
  start(): void;
  /** Looks for a job now (one was just queued). */
  wake(): void;
  /** Stops the running job at its next step and waits; its job goes back to the queue. */
  close(): Promise<void>;
}

/**
 * The server's runner of the job queue: claims one job at a time, of the kinds it has a handler for, and
 * runs it holding its lease (runClaimedJob). A job whose runner died on this machine (its process is gone)
 * is taken up without waiting for its lease to run out. Stopping aborts the running job's signal and puts
 * the job back in the queue.
 */
export function createJobRunner({ queue, log }: { queue: JobQueue; log: FastifyBaseLogger }): JobRunner {
  const owner = newLeaseOwner();
  const handlers = new Map<JobKind, JobHandler<unknown>>();
  const stop = new AbortController();
  let wakeUp: (() => void) | undefined;
  let loop: Promise<void> = Promise.resolve();

  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, POLL_MS);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  const runOne = async (record: JobRecord) => {
    const handler = handlers.get(record.kind);
    const parsed = handler?.payload.safeParse(record.payload);
    if (!handler || !parsed?.success) {
      const why = handler ? `its payload is not valid (${parsed?.error?.message})` : 'no handler runs it';
      log.error(`job ${record.id} (${record.kind}) cannot run: ${why}`);
      await queue.fail(record.id, owner, `This job cannot run: ${why}.`, { inFile: true });
      return;
    }
    const name = handler.label(parsed.data, record);
    log.info(
      `${name}: started (job ${record.id}${record.attempts > 1 ? `, attempt ${record.attempts}` : ''})`,
    );
    const { outcome } = await runClaimedJob(
      queue,
      record,
      owner,
      (onProgress) => handler.run(parsed.data, { record, onProgress, signal: stop.signal }),
      { isFinal: (error) => handler.isFinal(error), stopping: () => stop.signal.aborted },
    );
    if (outcome === 'retry') log.warn(`${name}: will be tried again (job ${record.id})`);
  };

  const expireDead = async () => {
    const expired = await queue.expireLeases((leaseOwner) => localProcessIsGone(ownerProcess(leaseOwner)));
    if (expired > 0) log.info(`${expired} job(s) of a stopped process will be run again`);
  };

  /** Claims and runs the next job; false when there was none. */
  const step = async (): Promise<boolean> => {
    const record = await queue.claim(owner, JOB_LEASE_MS);
    if (record) await runOne(record);
    return record !== undefined;
  };

  const run = async () => {
    let idle = true;
    while (!stop.signal.aborted) {
      try {
        // An `npm run import` killed on this machine: its job is taken up without waiting for its lease.
        if (idle) await expireDead();
        idle = !(await step());
      } catch (error) {
        // The database was unreachable a moment, say: the runner keeps going; a held job's lease runs out.
        if (!stop.signal.aborted) log.error({ err: error }, 'the job runner failed; trying again');
        idle = true;
      }
      if (idle && !stop.signal.aborted) await sleep();
    }
  };

  return {
    handle(kind, handler) {
      handlers.set(kind, handler as JobHandler<unknown>);
    },
    start() {
      loop = run();
    },
    wake() {
      wakeUp?.();
    },
    async close() {
      stop.abort(new Error('the server is stopping'));
      wakeUp?.();
      await loop;
    },
  };
}
