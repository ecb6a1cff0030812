/**
 * Stopping a worker thread that reads PDFs: the parent asks, the worker stops at its next page or stage
 * and ends by itself. A worker is never terminated while it works, because terminating a thread while
 * pdf.js inflates a stream aborts the whole process (Node's zlib asserts "close before init").
 */
import { parentPort, type Worker } from 'node:worker_threads';

const STOP = { stop: true } as const;

/** In the parent: asks the worker to stop. */
export function askToStop(worker: Worker): void {
  worker.postMessage(STOP);
}

/**
 * In the worker: a signal that aborts when the parent asks it to stop. Listening does not keep the thread
 * alive: it ends when its work does. Other messages from the parent are ignored.
 */
export function stopRequested(): AbortSignal {
  const stopping = new AbortController();
  parentPort?.on('message', (message: { stop?: unknown }) => {
    if (message?.stop === true) stopping.abort();
  });
  parentPort?.unref();
  return stopping.signal;
}
