import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { withCompileCache } from '@threadbook/pipeline';
import type { RebuiltGraph } from './book-graph.ts';
import { BookImportError } from '../books/index.ts';
import type { ImportJob, ImportJobsOptions, ImportProgress, ImportResult } from './import-types.ts';

/**
 * A background job in a process of its own (import-child.ts), so that what a PDF makes it use is not the
 * server's: a decompression bomb's gigabytes, or a crash of pdf.js or zlib, end that process and fail the
 * job, while the server goes on serving. The process's memory is bounded as a whole, V8's heap and what
 * pdf.js inflates outside it (ArrayBuffers, which a heap limit does not see): the server reads its resident
 * size from the operating system (/proc) every `MEMORY_POLL_MS` and ends it past the limit. Where there is
 * no /proc, an import is bounded by V8's own limits only.
 */

/** What one import may take (IMPORT_MEMORY_MB, IMPORT_TIME_LIMIT_MINUTES): beyond, it fails, final. */
export interface ImportLimits {
  memoryMb: number;
  timeLimitMinutes: number;
}

/** The messages of an import stopped at a limit. */
export const LIMIT_MESSAGES = {
  memory: 'This PDF needs more memory than the server allows for one book.',
  time: (minutes: number) => `The import took longer than ${minutes} minutes and was stopped.`,
} as const;

/** What the child is given: the job, and how to open the database and the book storage. */
export interface ImportChildData extends ImportJobsOptions {
  job: ImportJob;
}

/** What the server tells the child. */
export type ImportChildCommand = { type: 'start'; data: ImportChildData } | { type: 'stop' };

/** What the child tells the server about its job. */
export type ImportChildMessage =
  | { type: 'progress'; progress: ImportProgress }
  | { type: 'done'; result: ImportResult }
  | { type: 'graph-built'; result: RebuiltGraph }
  | { type: 'failed'; message: string; expected: boolean };

/** How often the child's resident memory is read. */
const MEMORY_POLL_MS = 100;
/**
 * How long a stopping child may take to reach the end of a page or stage (and remove what it began)
 * before it is killed; in practice it stops within a page.
 */
const STOP_GRACE_MS = 30_000;
/** How much of the child's stderr is kept to tell why it died. */
const STDERR_KEPT = 8192;
/** What V8 and Node print when memory runs out (the heap flag, or an allocation refused). */
const OUT_OF_MEMORY = /out of memory|allocation failed/i;

const childUrl = new URL('./import-child.ts', import.meta.url);
/** A spare process no job took in this long is ended (it holds about 200 MB, its modules loaded). */
export const SPARE_IDLE_MS = 60_000;

const forkImportChild = (): ChildProcess =>
  fork(childUrl, [], {
    env: withCompileCache(),
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });

const isWaiting = (child: ChildProcess) =>
  child.connected && child.exitCode === null && child.signalCode === null;

/**
 * One import process started ahead of its job. A process takes about a second to load the pipeline
 * (pdf.js, the word lists), which an upload would otherwise wait for after its last byte; an upload's
 * bytes take longer than that to come, so the process is started as they begin to (`warm`) and the next
 * job takes it. A process waits for its job (import-child.ts) and ends with the server; one no job took
 * ends SPARE_IDLE_MS after the last upload began.
 */
export interface SpareImportProcess {
  /** Starts a process for the next job unless one is waiting, and gives it SPARE_IDLE_MS from now. */
  warm(): void;
  /** The waiting process, if any, for a job to run in. */
  take(): ChildProcess | undefined;
  /** Ends the waiting process (the server is closing). */
  close(): void;
}

export function createSpareImportProcess(): SpareImportProcess {
  let spare: ChildProcess | undefined;
  let idle: NodeJS.Timeout | undefined;
  const end = () => {
    clearTimeout(idle);
    spare?.kill('SIGKILL');
    spare = undefined;
  };
  return {
    warm() {
      if (!spare || !isWaiting(spare)) {
        end();
        const child = forkImportChild();
        // Its stderr is read by the job's process (startImportProcess); until then it is not waited on.
        child.once('exit', () => {
          if (spare === child) spare = undefined;
        });
        spare = child;
      }
      // Counted from the last upload to begin: one begun late in the minute finds the process still there.
      clearTimeout(idle);
      idle = setTimeout(end, SPARE_IDLE_MS).unref();
    },
    take() {
      const child = spare;
      clearTimeout(idle);
      spare = undefined;
      return child && isWaiting(child) ? child : undefined;
    },
    close: end,
  };
}

/** The resident memory of process `pid` in MB, from /proc; undefined where there is no /proc. */
function residentMb(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s*(\d+)\s*kB/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

export interface ImportProcess {
  /** The job's end: what the child reported, or why it ended without (a limit, a crash). */
  readonly ended: Promise<ImportChildMessage & { type: 'done' | 'graph-built' }>;
  /** Asks the child to stop at its next page or stage; kills it if it has not within the grace. */
  stop(): Promise<void>;
}

/**
 * Starts job `data.job` in a child process with `limits` (the spare's, when one is waiting); `onMessage`
 * hears each of its messages. The child is niced (background-priority.ts) and ends when the server does
 * (it watches its channel).
 */
export function startImportProcess(
  data: ImportChildData,
  limits: ImportLimits,
  {
    log,
    name,
    onMessage,
    spare,
  }: {
    log: FastifyBaseLogger;
    name: string;
    onMessage: (m: ImportChildMessage) => void;
    spare?: SpareImportProcess;
  },
): ImportProcess {
  const child = spare?.take() ?? forkImportChild();
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    process.stderr.write(chunk);
    stderr = (stderr + chunk).slice(-STDERR_KEPT);
  });

  type Finished = ImportChildMessage & { type: 'done' | 'graph-built' };
  let settled: Finished | Error | undefined;
  const settle = (outcome: Finished | Error) => {
    settled ??= outcome;
  };
  const kill = () => child.kill('SIGKILL');

  const watch = setInterval(() => {
    const mb = child.pid === undefined ? undefined : residentMb(child.pid);
    if (mb === undefined || mb <= limits.memoryMb) return;
    log.warn(`import ${name}: ${Math.round(mb)} MB resident, over its ${limits.memoryMb} MB; ending it`);
    settle(new BookImportError(LIMIT_MESSAGES.memory));
    kill();
  }, MEMORY_POLL_MS);
  const overtime = setTimeout(() => {
    log.warn(`import ${name}: over its time limit of ${limits.timeLimitMinutes} minutes; stopping it`);
    settle(new BookImportError(LIMIT_MESSAGES.time(limits.timeLimitMinutes)));
    void stop();
  }, limits.timeLimitMinutes * 60_000);

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ended = new Promise<Finished>((resolve, reject) => {
    child.on('message', (message: ImportChildMessage) => {
      onMessage(message);
      if (message.type === 'failed') {
        settle(message.expected ? new BookImportError(message.message) : new Error(message.message));
      } else if (message.type !== 'progress') settle(message);
    });
    child.on('error', (error) => settle(error));
    child.once('exit', (code, signal) => {
      clearInterval(watch);
      clearTimeout(overtime);
      if (settled === undefined && OUT_OF_MEMORY.test(stderr)) {
        log.warn(`import ${name}: out of its ${limits.memoryMb} MB of memory`);
        settle(new BookImportError(LIMIT_MESSAGES.memory));
      }
      const outcome =
        settled ??
        new Error(`the import process stopped before finishing (${signal ?? `exit code ${code}`})`);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    });
  });
  child.send({ type: 'start', data } satisfies ImportChildCommand);

  async function stop(): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const grace = setTimeout(() => {
      log.warn(`the import process did not stop within ${STOP_GRACE_MS / 1000} s; killing it`);
      kill();
    }, STOP_GRACE_MS);
    if (child.connected) child.send({ type: 'stop' } satisfies ImportChildCommand);
    else kill();
    await exited;
    clearTimeout(grace);
  }

  return { ended, stop };
}
