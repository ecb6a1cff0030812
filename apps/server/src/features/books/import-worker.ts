import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/database.ts';
import { rebuildBookGraph } from './book-graph.ts';
import { BookImportError, importBook, type ImportContext } from './import-book.ts';
import { stopRequested } from '@threadbook/pipeline';
import type { ImportJob, ImportWorkerData, ImportWorkerMessage } from './jobs.ts';
import { importSampleBook } from './sample.ts';
import { runAsBackground } from './background.ts';

/** The worker thread of background imports (see jobs.ts): runs its jobs in order and reports each. */
const { jobs, ...settings } = workerData as ImportWorkerData;
runAsBackground();
const post = (message: ImportWorkerMessage) => parentPort?.postMessage(message);

// The server asks the worker to stop when it closes (see jobs.ts).
const stopping = stopRequested();

function label(job: ImportJob): string {
  if (job.kind === 'sample') return 'sample book';
  if (job.kind === 'graph') return `book ${job.bookId} ("${job.title}")`;
  return path.basename(job.input.pdfPath);
}

const database = openDatabase(settings);
try {
  for (const [index, job] of jobs.entries()) {
    if (stopping.aborted) break;
    const name = label(job);
    post({ type: 'started', index, label: name });
    const context: ImportContext = {
      ...settings,
      db: database.db,
      signal: stopping,
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
      if (stopping.aborted) break;
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
