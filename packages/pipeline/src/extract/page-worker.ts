/**
 * Worker thread that reads the text of a range of pages with its own pdf.js document, so that on a machine
 * with several cores page parsing runs in parallel with the main thread's (see readAllPages).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openPdf, readPages } from './load.ts';

interface Job {
  data: Uint8Array;
  from: number;
  to: number;
}

const job = workerData as Job;
// The parent asks the worker to stop (it never terminates it); the port alone does not keep it alive.
const stopping = new AbortController();
parentPort?.on('message', (m: { stop?: boolean }) => m.stop && stopping.abort());
parentPort?.unref();

const opened = await openPdf(job.data);
try {
  await readPages(opened.pdf, job.from, job.to, (text) => parentPort?.postMessage({ text }), stopping.signal);
} catch {
  // Stopped, or a page pdf.js cannot read: the parent reads what was not delivered.
} finally {
  await opened.close();
}
