import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { askToStop, type EmbeddingsEndpoint } from '@threadbook/pipeline';
import type { RebuiltGraph } from './book-graph.ts';
import {
  IMPORT_STAGE_WORDS,
  type ImportInput,
  type ImportProgress,
  type ImportResult,
} from './import-book.ts';

/**
 * One background job: import a PDF (with its sidecar metadata) or the bundled sample textbook, or build
 * the relationship graph of a stored book that has none.
 */
export type ImportJob =
  | { kind: 'file'; input: ImportInput }
  | { kind: 'sample' }
  | { kind: 'graph'; bookId: number; title: string };

export interface ImportJobsOptions {
  dataDir: string;
  /** DATABASE_URL: the worker opens the server's database, SQLite in dataDir unless this is set. */
  databaseUrl?: string | undefined;
  maxBookMb: number;
  embeddings?: EmbeddingsEndpoint | undefined;
}

export interface ImportWorkerData extends ImportJobsOptions {
  jobs: ImportJob[];
}

/** What the worker tells the server about job `index`. */
export type ImportWorkerMessage =
  | { type: 'started'; index: number; label: string }
  | { type: 'progress'; index: number; label: string; progress: ImportProgress }
  | { type: 'done'; index: number; label: string; result: ImportResult }
  | { type: 'graph-built'; index: number; label: string; result: RebuiltGraph }
  | { type: 'failed'; index: number; label: string; message: string; expected: boolean };

/**
 * How long a stopping worker may take to reach the end of a page or stage before it is terminated; in
 * practice it stops within a page. Terminating is the last resort (see the pipeline's worker-stop.ts).
 */
const STOP_GRACE_MS = 30_000;

export interface ImportJobs {
  /** Runs the jobs one after another in a worker thread; resolves when they are all done. */
  run(jobs: ImportJob[]): Promise<void>;
  /** Stops the running worker at its next page or stage and waits for it; what it began is removed. */
  close(): Promise<void>;
}

const workerUrl = new URL('./import-worker.ts', import.meta.url);

/**
 * Background imports (library folder, sample book) run in a worker thread, so extracting a thousand-page
 * book never stalls the server's requests. The worker has its own database connection; the server logs
 * its progress. Stopping the server stops the worker at its next page or stage, and the import removes
 * what it began; a process killed outright leaves it to the next start's cleanup (imports are all or
 * nothing).
 */
export function createImportJobs(options: ImportJobsOptions & { log: FastifyBaseLogger }): ImportJobs {
  const { log, ...settings } = options;
  let closed = false;
  const running = new Set<Worker>();
  let queue: Promise<void> = Promise.resolve();

  const runBatch = (jobs: ImportJob[]) =>
    new Promise<void>((resolve) => {
      if (closed || jobs.length === 0) return resolve();
      const workerData: ImportWorkerData = { ...settings, jobs };
      const worker = new Worker(workerUrl, { workerData });
      running.add(worker);
      const lastLogged = new Map<number, number>();
      worker.on('message', (message: ImportWorkerMessage) => {
        switch (message.type) {
          case 'started':
            log.info(`import ${message.label}: started`);
            break;
          case 'progress': {
            const { stage, done, total } = message.progress;
            if (stage === 'extracting' && done !== undefined && total) {
              // Every tenth of the book, not every page.
              const step = Math.floor((done / total) * 10);
              if (done !== total && lastLogged.get(message.index) === step) break;
              lastLogged.set(message.index, step);
              log.info(`import ${message.label}: extracting, page ${done} of ${total}`);
            } else if (stage !== 'checking') {
              log.info(`import ${message.label}: ${IMPORT_STAGE_WORDS[stage]}`);
            }
            break;
          }
          case 'done':
            log.info(
              message.result.created
                ? `import ${message.label}: ready as book ${message.result.id} ("${message.result.title}")`
                : `import ${message.label}: already in the library as book ${message.result.id}`,
            );
            break;
          case 'graph-built':
            log.info(`${message.label}: relationship graph built (${message.result.edges} edges)`);
            break;
          case 'failed':
            if (message.expected) log.warn(`import ${message.label} failed: ${message.message}`);
            else log.error(`import ${message.label} failed: ${message.message}`);
            break;
        }
      });
      worker.on('error', (error) => {
        if (!closed) log.error({ err: error }, 'the import worker failed');
      });
      worker.on('exit', () => {
        running.delete(worker);
        resolve();
      });
    });

  return {
    run(jobs) {
      queue = queue.then(() => runBatch(jobs));
      return queue;
    },
    async close() {
      closed = true;
      await Promise.all([...running].map((worker) => stopWorker(worker, log)));
      await queue;
    },
  };
}

/** Asks the worker to stop, and waits until it has; terminates it only if it does not within the grace. */
function stopWorker(worker: Worker, log: FastifyBaseLogger): Promise<void> {
  return new Promise<void>((resolve) => {
    const grace = setTimeout(() => {
      log.warn(`the import worker did not stop within ${STOP_GRACE_MS / 1000} s; terminating it`);
      void worker.terminate();
    }, STOP_GRACE_MS);
    worker.once('exit', () => {
      clearTimeout(grace);
      resolve();
    });
    askToStop(worker);
  });
}
