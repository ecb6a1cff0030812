// Decision 2: the worker is a file of the app itself (same origin, worker-src 'self'), never a CDN.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

let thread: Worker | undefined;

/**
 * pdf.js's worker thread, started once and shared by every book opened. Light (a URL, no pdf.js): it is
 * started as soon as a reader may be needed, so the worker's 1.2 MB script loads and compiles beside the
 * app's own code instead of after it. pdf.js takes it as its port (PDFWorker's `port`). Undefined where
 * there are no workers (a test's DOM).
 */
export function pdfWorkerThread(): Worker | undefined {
  if (typeof Worker === 'undefined') return undefined;
  thread ??= new Worker(workerUrl, { type: 'module', name: 'pdf.js' });
  return thread;
}
