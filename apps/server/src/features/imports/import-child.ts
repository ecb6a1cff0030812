/**
 * The process of one background job (started by import-process.ts): waits for its job, runs it with a
 * database connection and book storage of its own, reports progress and the outcome, and ends. Asked to
 * stop (the server is closing, or the job is over its time), it stops at its next page or stage, removing
 * what it began; with the server gone (its channel closed) it stops the same way.
 */
import { preloadWordCounts } from '@threadbook/pipeline';
import { openDatabase } from '../../db/database.ts';
import { runAsBackground } from './background-priority.ts';
import { rebuildBookGraph } from './book-graph.ts';
import { BookImportError, importBook, type ImportContext } from './import-book.ts';
import {
  LIMIT_MESSAGES,
  type ImportChildCommand,
  type ImportChildData,
  type ImportChildMessage,
} from './import-process.ts';
import { importSampleBook } from './sample.ts';
import { openBookStorage } from '../books/index.ts';
import { uploadImportInput } from './upload-input.ts';

const post = (message: ImportChildMessage) =>
  new Promise<void>((resolve) => {
    if (!process.connected) return resolve();
    process.send?.(message, undefined, {}, () => resolve());
  });

/** An allocation the process was refused (its memory is bounded): the PDF's need, not a fault. */
const isOutOfMemory = (error: unknown) =>
  error instanceof RangeError && /allocation failed|out of memory/i.test(error.message);

async function run({ job, ...settings }: ImportChildData, stopping: AbortSignal): Promise<void> {
  const database = openDatabase(settings);
  try {
    const context: ImportContext = {
      ...settings,
      db: database.db,
      storage: openBookStorage(settings),
      signal: stopping,
      onProgress: (progress) => void post({ type: 'progress', progress }),
    };
    try {
      if (job.kind === 'graph') {
        await post({ type: 'graph-built', result: await rebuildBookGraph(context, job.bookId) });
      } else {
        const result =
          job.kind === 'sample'
            ? await importSampleBook(context)
            : await importBook(
                context,
                job.kind === 'upload' ? uploadImportInput(context.storage, job) : job.input,
              );
        await post({ type: 'done', result });
      }
    } catch (error) {
      // A stopped job reports nothing: the server puts it back in the queue.
      if (stopping.aborted) return;
      const memory = isOutOfMemory(error);
      await post({
        type: 'failed',
        message: memory ? LIMIT_MESSAGES.memory : error instanceof Error ? error.message : String(error),
        expected: memory || error instanceof BookImportError,
      });
    }
  } finally {
    await database.close();
  }
}

runAsBackground();
const stop = new AbortController();
process.on('disconnect', () => stop.abort(new Error('the server is gone')));
process.on('message', (command: ImportChildCommand) => {
  if (command.type === 'stop') stop.abort(new Error('the server is stopping'));
  else
    void run(command.data, stop.signal).finally(() => {
      if (process.connected) process.disconnect();
    });
});
// Every job reads them (a graph is built at each import); a process started ahead reads them while it waits.
preloadWordCounts();
