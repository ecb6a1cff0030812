import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { deleteUserData, userExists } from '../../db/user-data.ts';
import {
  BookImportError,
  type BookStorage,
  cleanupIncompleteImports,
  removeUserFiles,
} from '../books/index.ts';
import { ownerProcess, type JobKind, type JobQueue, type JobRun, type JobRunner } from '../jobs/index.ts';
import { IMPORT_STAGE_WORDS } from './import-book.ts';
import {
  startImportProcess,
  type ImportChildMessage,
  type ImportLimits,
  type SpareImportProcess,
} from './import-process.ts';
import {
  importInputSchema,
  uploadPayloadSchema,
  type ImportJob,
  type ImportJobsOptions,
} from './import-types.ts';

/** A graph job's payload: the book whose graph is built again. */
const graphPayloadSchema = z.object({ bookId: z.number().int().positive(), title: z.string() });

/** The queue's kind and payload of a job. */
function jobPayload(job: ImportJob): { kind: JobKind; payload: unknown } {
  if (job.kind === 'file') return { kind: 'file', payload: job.input };
  if (job.kind === 'graph') return { kind: 'graph', payload: { bookId: job.bookId, title: job.title } };
  if (job.kind === 'upload') return { kind: 'upload', payload: job.upload };
  return { kind: 'sample', payload: {} };
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

/** An import's failure that is the file's (or the book's): final, never tried again. */
export const isFinalImportError = (error: unknown) => error instanceof BookImportError;

function label(job: ImportJob): string {
  if (job.kind === 'sample') return 'sample book';
  if (job.kind === 'upload') return `${JSON.stringify(job.upload.fileName)} (upload of user ${job.userId})`;
  if (job.kind === 'graph') return `book ${job.bookId} ("${job.title}")`;
  return path.basename(job.input.pdfPath);
}

export type ImportJobsSettings = ImportJobsOptions & {
  db: Db;
  storage: BookStorage;
  queue: JobQueue;
  log: FastifyBaseLogger;
  limits: ImportLimits;
  /** A process started ahead, which the next job takes (an upload readies it as it begins). */
  spare?: SpareImportProcess;
};

/**
 * Runs the import jobs with `runner`: each in a process of its own (import-process.ts), so extracting a
 * thousand-page book never stalls the server's requests and what a PDF makes it use (memory, a crash) is
 * never the server's. The process has its own database connection; the runner holds the job's lease and
 * writes its progress, and this logs what the process reports. Stopping the server stops the process at
 * its next page or stage (the import removes what it began) and the job goes back to the queue; a process
 * killed outright leaves its job 'running' until its lease expires (or, on this machine, until the next
 * start sees its process is gone), and the next runner that claims it first removes what the dead import
 * left (imports are all or nothing), then runs it again.
 */
export function handleImportJobs(runner: JobRunner, settings: ImportJobsSettings): void {
  const { log, db, storage, queue, limits, spare, ...options } = settings;

  /** Runs `job` in a process of its own, logging what it reports. */
  const runInProcess = async (
    job: ImportJob,
    name: string,
    { onProgress, signal }: JobRun,
  ): Promise<{ bookId: number | null }> => {
    signal.throwIfAborted();
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
    const running = startImportProcess({ ...options, job }, limits, { log, name, onMessage, spare });
    const stop = () => void running.stop();
    signal.addEventListener('abort', stop, { once: true });
    try {
      const outcome = await running.ended;
      return {
        bookId: outcome.type === 'done' ? outcome.result.id : job.kind === 'graph' ? job.bookId : null,
      };
    } finally {
      signal.removeEventListener('abort', stop);
    }
  };

  const runImport = async (job: ImportJob, run: JobRun) => {
    const { record } = run;
    if (record.attempts > 1 && job.kind !== 'graph') {
      // Attempted before by a runner that died or crashed, on any server: what its import left goes first.
      const gone = record.previousOwner === null ? undefined : ownerProcess(record.previousOwner);
      await cleanupIncompleteImports(db, storage, { gone });
    }
    const result = await runInProcess(job, label(job), run);
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

  /** Jobs of `kind` carry `payload` (parsed when a runner claims one), the import job `toJob` makes. */
  const handle = <Payload>(
    kind: JobKind,
    payload: z.ZodType<Payload>,
    toJob: (payload: Payload, userId: string) => ImportJob,
  ) =>
    runner.handle(kind, {
      payload,
      label: (parsed, record) => `import ${label(toJob(parsed, record.userId ?? ''))}`,
      run: (parsed, run) => runImport(toJob(parsed, run.record.userId ?? ''), run),
      isFinal: isFinalImportError,
    });
  handle('file', importInputSchema, (input) => ({ kind: 'file', input }));
  handle('graph', graphPayloadSchema, ({ bookId, title }) => ({ kind: 'graph', bookId, title }));
  handle('upload', uploadPayloadSchema, (upload, userId) => ({ kind: 'upload', upload, userId }));
  handle('sample', z.object({}), () => ({ kind: 'sample' }));
}
