import { pdfWorkerThread } from './pdf/worker-thread.ts';

/**
 * Imported by main.tsx before anything else, so it runs before the app's own modules are evaluated (which
 * takes a core for a twentieth of a second or more): on a reader's address, pdf.js's worker thread starts,
 * and pdf.js's code loads, at once. The worker's 1.2 MB script then compiles beside the app's code, and
 * pdf.js can open the book (prefetch.ts) before React has drawn the reader.
 */
if (window.location.pathname.startsWith('/reader/')) {
  pdfWorkerThread();
  // Taken from the module registry by prefetch.ts and the reader; a failure is theirs to report.
  import('./pdf/load-document.ts').catch(() => undefined);
}
