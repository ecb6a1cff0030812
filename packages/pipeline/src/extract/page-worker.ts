/**
 * Worker thread that reads the text of a range of pages with its own pdf.js document, so that on a machine
 * with several cores page parsing runs in parallel with the main thread's (see readAllPages).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openPdf, readPages } from './load.ts';
import { stopRequested } from '../worker-stop.ts';

interface Job {
  data: Uint8Array;
  from: number;
  to: number;
}

const job = workerData as Job;
const stopping = stopRequested();

const opened = await openPdf(job.data);
try {
  await readPages(opened.pdf, job.from, job.to, (text) => parentPort?.postMessage({ text }), stopping);
} catch {
  // Stopped, or a page pdf.js cannot read: the parent reads what was not delivered.
} finally {
  await opened.close();
}
