// Decision 2: the worker is a file of the app itself (same origin, worker-src 'self'), never a CDN.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export interface PdfWorkerThread {
  worker: Worker;
  /** Rejects when the thread fails (its script cannot be loaded): pdf.js itself would wait for it forever. */
  failed: Promise<never>;
}

let thread: PdfWorkerThread | undefined;

/**
 * pdf.js's worker thread, started once and shared by every book opened. Light (a URL, no pdf.js): it is
 * started as soon as a reader may be needed, so the worker's 1.2 MB script loads and compiles beside the
 * app's own code instead of after it. pdf.js takes it as its port (PDFWorker's `port`). A thread that
 * failed is replaced at the next call. Undefined where there are no workers (a test's DOM).
 */
export function pdfWorkerThread(): PdfWorkerThread | undefined {
  if (typeof Worker === 'undefined') return undefined;
  if (thread) return thread;
  const worker = new Worker(workerUrl, { type: 'module', name: 'pdf.js' });
  const started: PdfWorkerThread = {
    worker,
    failed: new Promise<never>((_, reject) => {
      worker.addEventListener(
        'error',
        (event) => {
          if (thread === started) thread = undefined;
          worker.terminate();
          reject(new Error(`pdf.js's worker failed: ${event.message || workerUrl}`));
        },
        { once: true },
      );
    }),
  };
  // Awaited only while a book loads.
  started.failed.catch(() => undefined);
  thread = started;
  return thread;
}
