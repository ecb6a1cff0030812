import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import {
  newLeaseOwner,
  ownerProcess,
  type JobKind,
  type JobProgress,
  type JobQueue,
  type JobRecord,
} from '../jobs/queue.ts';
import { BookImportError, IMPORT_STAGE_WORDS } from './import-book.ts';
import type { ImportInput, ImportJob, ImportJobsOptions, UploadPayload } from './import-types.ts';
import {
  startImportProcess,
  type ImportChildMessage,
  type ImportLimits,
  type ImportProcess,
} from './import-process.ts';
import {
  cleanupIncompleteImports,
  localProcessIsGone,
  removeUserFiles,
  type BookStorage,
} from './storage.ts';
import { deleteUserData, userExists } from '../../db/user-data.ts';

/** The queue's kind and payload of a job. */
export function jobPayload(job: ImportJob): { kind: JobKind; payload: unknown } {
  if (job.kind === 'file') return { kind: 'file', payload: job.input };
  if (job.kind === 'graph') return { kind: 'graph', payload: { bookId: job.bookId, title: job.title } };
  if (job.kind === 'upload') return { kind: 'upload', payload: job.upload };
  return { kind: 'sample', payload: {} };
}

/** The job a queue row holds. */
export function importJobOf(record: JobRecord): ImportJob {
  if (record.kind === 'file') return { kind: 'file', input: record.payload as ImportInput };
  if (record.kind === 'graph') {
    const { bookId, title } = record.payload as { bookId: number; title: string };
    return { kind: 'graph', bookId, title };
  }
  if (record.kind === 'upload') {
    return { kind: 'upload', upload: record.payload as UploadPayload, userId: record.userId ?? '' };
  }
  return { kind: 'sample' };
}

/**
 * Adds a job to the queue, unless the same job is already queued or running; returns its id. An upload
 * is queued only if `admit` lets it, in the same transaction (its user's caps, features/uploads).
 */
export function enqueueImportJob(
  queue: JobQueue,
  job: ImportJob,
  admit?: (trx: Transaction<Database>) => Promise<void>,
): Promise<number> {
  const { kind, payload } = jobPayload(job);
  return queue.enqueue(kind, payload, job.kind === 'upload' ? { userId: job.userId, admit } : {});
}

/** How long a claimed job is held without a heartbeat: a runner that dies loses its job after this. */
export const JOB_LEASE_MS = 30_000;
/** Attempts of a job that crashes unexpectedly; an expected failure (BookImportError) is never retried. */
export const MAX_JOB_ATTEMPTS = 3;
/** Pages of progress are written to the job row at most this often. */
const PROGRESS_WRITE_MS = 500;
/** How often an idle runner looks for jobs other processes queued. */
const POLL_MS = 1000;

export type JobOutcome = 'done' | 'failed' | 'retry' | 'released';

/**
 * Runs a claimed job with `execute`, holding its lease (a heartbeat) and writing its progress to the
 * row; ends it done with the book id, failed with the message of a BookImportError (no retry), or, on
 * any other error, queued again for another attempt until `maxAttempts`. When `stopping()` says the
 * runner is stopping, the job goes back to the queue without counting the attempt.
 */
export async function runClaimedJob(
  queue: JobQueue,
  job: JobRecord,
  owner: string,
  execute: (onProgress: (progress: JobProgress) => void) => Promise<{ bookId: number | null }>,
  {
    maxAttempts = MAX_JOB_ATTEMPTS,
    stopping = () => false,
    leaseMs = JOB_LEASE_MS,
  }: { maxAttempts?: number; stopping?: () => boolean; leaseMs?: number } = {},
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
    if (error instanceof BookImportError || job.attempts >= maxAttempts) {
      await queue.fail(job.id, owner, message, { inFile: error instanceof BookImportError });
      return { outcome: 'failed', error };
    }
    await queue.release(job.id, owner, { message });
    return { outcome: 'retry', error };
  } finally {
    clearInterval(heartbeat);
  }
}

export interface JobRunner {
  /** Begins claiming jobs (after expiring the leases of runners of this machine that died). */
  start(): void;
  /** Looks for a job now (one was just queued). */
  wake(): void;
  /** Stops the running import at its next page or stage and waits; its job goes back to the queue. */
  close(): Promise<void>;
}

function label(job: ImportJob): string {
  if (job.kind === 'sample') return 'sample book';
  if (job.kind === 'upload') return `${JSON.stringify(job.upload.fileName)} (upload of user ${job.userId})`;
  if (job.kind === 'graph') return `book ${job.bookId} ("${job.title}")`;
  return path.basename(job.input.pdfPath);
}

/**
 * The server's runner of the job queue: claims one job at a time and runs it in a process of its own
 * (import-process.ts), so extracting a thousand-page book never stalls the server's requests and what a
 * PDF makes it use (memory, a crash) is never the server's. The process has its own database connection;
 * the runner holds the job's lease, writes its progress and logs it. Stopping the server stops the
 * process at its next page or stage (the import removes what it began) and puts the job back in the
 * queue; a process killed outright leaves its job 'running' until its lease expires (or, on this machine,
 * until the next start sees its process is gone), and the next runner that claims it first removes what the
 * dead import left (imports are all or nothing), then runs it again.
 */
export function createJobRunner(
  options: ImportJobsOptions & {
    db: Db;
    storage: BookStorage;
    queue: JobQueue;
    log: FastifyBaseLogger;
    limits: ImportLimits;
  },
): JobRunner {
  const { log, db, storage, queue, limits, ...settings } = options;
  const owner = newLeaseOwner();
  let closed = false;
  let running: ImportProcess | undefined;
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

  /** Runs `job` in a process of its own (import-process.ts), logging what it reports. */
  const runInProcess = async (
    job: ImportJob,
    name: string,
    onProgress: (progress: JobProgress) => void,
  ): Promise<{ bookId: number | null }> => {
    if (closed) throw new Error('the server is stopping');
    let lastStep = -1;
    const onMessage = (message: ImportChildMessage) => {
      switch (message.type) {
        case 'progress': {
          onProgress(message.progress);
          const { stage, done, total } = message.progress;
          if (stage === 'extracting' && done !== undefined && total) {
            // Every tenth of the book, not every page.
            const step = Math.floor((done / total) * 10);
            if (done !== total && lastStep === step) break;
            lastStep = step;
            log.info(`import ${name}: extracting, page ${done} of ${total}`);
          } else if (stage !== 'checking') {
            log.info(`import ${name}: ${IMPORT_STAGE_WORDS[stage]}`);
          }
          break;
        }
        case 'done':
          log.info(
            message.result.created
              ? `import ${name}: ready as book ${message.result.id} ("${message.result.title}")`
              : `import ${name}: already in the library as book ${message.result.id}`,
          );
          break;
        case 'graph-built':
          log.info(`${name}: relationship graph built (${message.result.edges} edges)`);
          break;
        case 'failed':
          if (message.expected) log.warn(`import ${name} failed: ${message.message}`);
          else log.error(`import ${name} failed: ${message.message}`);
          break;
      }
    };
    running = startImportProcess({ ...settings, job }, limits, { log, name, onMessage });
    try {
      const outcome = await running.ended;
      return {
        bookId: outcome.type === 'done' ? outcome.result.id : job.kind === 'graph' ? job.bookId : null,
      };
    } finally {
      running = undefined;
    }
  };

  const runOne = async (record: JobRecord) => {
    const job = importJobOf(record);
    const name = label(job);
    if (record.attempts > 1 && job.kind !== 'graph') {
      // Attempted before by a runner that died or crashed, on any server: what its import left goes first.
      const gone = record.previousOwner === null ? undefined : ownerProcess(record.previousOwner);
      await cleanupIncompleteImports(db, storage, { gone });
    }
    log.info(
      `import ${name}: started (job ${record.id}${record.attempts > 1 ? `, attempt ${record.attempts}` : ''})`,
    );
    const execute = async (onProgress: (progress: JobProgress) => void) => {
      const result = await runInProcess(job, name, onProgress);
      // A user's upload is a book now (a failed one waits for Retry or Remove, features/uploads).
      if (job.kind === 'upload') {
        await storage.removeUpload(job.upload.upload);
        // Its user deleted the account while it was imported (which took the job with it): the book it
        // made goes the way of the rest of their books.
        if (!(await queue.find(record.id)) && !(await userExists(db, job.userId))) {
          await removeUserFiles(storage, await deleteUserData(db, job.userId));
        }
      }
      return result;
    };
    const { outcome } = await runClaimedJob(queue, record, owner, execute, { stopping: () => closed });
    if (outcome === 'retry') log.warn(`import ${name}: will be tried again (job ${record.id})`);
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
    while (!closed) {
      try {
        // An `npm run import` killed on this machine: its job is taken up without waiting for its lease.
        if (idle) await expireDead();
        idle = !(await step());
      } catch (error) {
        // The database was unreachable a moment, say: the runner keeps going; a held job's lease runs out.
        if (!closed) log.error({ err: error }, 'the job runner failed; trying again');
        idle = true;
      }
      if (idle && !closed) await sleep();
    }
  };

  return {
    start() {
      loop = run();
    },
    wake() {
      wakeUp?.();
    },
    async close() {
      closed = true;
      wakeUp?.();
      await running?.stop();
      await loop;
    },
  };
}
