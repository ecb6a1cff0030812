import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/database.ts';
import { rebuildBookGraph } from './book-graph.ts';
import { BookImportError, importBook, type ImportContext } from './import-book.ts';
import { stopRequested } from '@threadbook/pipeline';
import type { ImportWorkerData, ImportWorkerMessage } from './jobs.ts';
import { uploadImportInput } from './upload-input.ts';
import { importSampleBook } from './sample.ts';
import { runAsBackground } from './background.ts';
import { openBookStorage } from './storage.ts';

/** The worker thread of a background job (see jobs.ts): runs its one job and reports it. */
const { job, ...settings } = workerData as ImportWorkerData;
runAsBackground();
const post = (message: ImportWorkerMessage) => parentPort?.postMessage(message);

// The server asks the worker to stop when it closes (see jobs.ts).
const stopping = stopRequested();

const database = openDatabase(settings);
try {
  const context: ImportContext = {
    ...settings,
    db: database.db,
    storage: openBookStorage(settings),
    signal: stopping,
    onProgress: (progress) => post({ type: 'progress', progress }),
  };
  try {
    if (job.kind === 'graph') {
      post({ type: 'graph-built', result: await rebuildBookGraph(context, job.bookId) });
    } else {
      const result =
        job.kind === 'sample'
          ? await importSampleBook(context)
          : await importBook(
              context,
              job.kind === 'upload' ? uploadImportInput(context.storage, job) : job.input,
            );
      post({ type: 'done', result });
    }
  } catch (error) {
    // A stopped job posts nothing: the server puts it back in the queue.
    if (!stopping.aborted) {
      post({
        type: 'failed',
        message: error instanceof Error ? error.message : String(error),
        expected: error instanceof BookImportError,
      });
    }
  }
} finally {
  await database.close();
}
