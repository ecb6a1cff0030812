/**
 * Worker thread that reads the text of pages with its own pdf.js document, so that on a machine with
 * several cores page parsing runs in parallel with the main thread's. It takes pages from the back of the
 * book while the main thread takes them from the front, until they meet (see readAllPages).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { claimFrom, openPdf, readPages } from './load.ts';

interface Job {
  data: Uint8Array;
  /** The page counter shared with the main thread (one Int32). */
  counter: SharedArrayBuffer;
  pageCount: number;
}

const job = workerData as Job;
const opened = await openPdf(job.data);
try {
  const claim = claimFrom(new Uint32Array(job.counter), job.pageCount, 'back');
  await readPages(opened.pdf, claim, (text) => parentPort?.postMessage({ text }));
  parentPort?.postMessage({ done: true });
} catch (error) {
  parentPort?.postMessage({ error: String(error) });
} finally {
  await opened.close();
}
