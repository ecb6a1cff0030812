import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/database.ts';
import { rebuildBookGraph } from './book-graph.ts';
import { BookImportError, importBook, type ImportContext } from './import-book.ts';
import type { ImportJob, ImportWorkerCommand, ImportWorkerData, ImportWorkerMessage } from './jobs.ts';
import { importSampleBook } from './sample.ts';

/** The worker thread of background imports (see jobs.ts): runs its jobs in order and reports each. */
const { jobs, ...settings } = workerData as ImportWorkerData;
const post = (message: ImportWorkerMessage) => parentPort?.postMessage(message);

// The server asks the worker to stop (see jobs.ts close); the port alone does not keep it alive.
const stopping = new AbortController();
parentPort?.on('message', (message: ImportWorkerCommand) => message.type === 'stop' && stopping.abort());
parentPort?.unref();

function label(job: ImportJob): string {
  if (job.kind === 'sample') return 'sample book';
  if (job.kind === 'graph') return `book ${job.bookId} ("${job.title}")`;
  return path.basename(job.input.pdfPath);
}

const database = openDatabase({ dataDir: settings.dataDir });
try {
  for (const [index, job] of jobs.entries()) {
    if (stopping.signal.aborted) break;
    const name = label(job);
    post({ type: 'started', index, label: name });
    const context: ImportContext = {
      ...settings,
      db: database.db,
      signal: stopping.signal,
      onProgress: (progress) => post({ type: 'progress', index, label: name, progress }),
    };
    try {
      if (job.kind === 'graph') {
        post({
          type: 'graph-built',
          index,
          label: name,
          result: await rebuildBookGraph(context, job.bookId),
        });
      } else {
        const result =
          job.kind === 'sample' ? await importSampleBook(context) : await importBook(context, job.input);
        post({ type: 'done', index, label: name, result });
      }
    } catch (error) {
      if (stopping.signal.aborted) break;
      post({
        type: 'failed',
        index,
        label: name,
        message: error instanceof Error ? error.message : String(error),
        expected: error instanceof BookImportError,
      });
    }
  }
} finally {
  await database.close();
}
