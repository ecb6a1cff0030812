import { readerBookId } from './opening-handoff.ts';
import './opening-overlay.css';
import { pdfWorkerThread } from './pdf/worker-thread.ts';

/**
 * Imported by main.tsx before anything else, on a reader's address:
 *   1. the page the book opens at is asked for as an image and shown the moment it comes
 *      (opening-head.ts), by the reader's head script, which index.html runs before the app, or else now;
 *   2. once it is shown (at most IMAGE_ALONE_MS after it was asked for), pdf.js's worker thread starts,
 *      pdf.js's code loads, and then the reader's code and the book's first calls (route.tsx, prefetch.ts):
 *      the worker's 1.2 MB script compiles beside the app's code, and pdf.js can open the book before
 *      React has drawn the reader. Until then the image's call goes alone: the others would share its
 *      connections and its server, and evaluating pdf.js holds the main thread for a tenth of a second,
 *      which the image would wait for.
 */

/** How long the opening image's call goes alone, at most (a page not drawn yet takes the server longer). */
const IMAGE_ALONE_MS = 100;

function startPdfJs(): void {
  pdfWorkerThread();
  // Taken from the module registry by prefetch.ts and the reader; a failure is theirs to report.
  import('./pdf/load-document.ts').catch(() => undefined);
}

async function headStart(): Promise<void> {
  const head = window.threadbookOpeningHead ?? (await import('./opening-head.ts')).startOpeningHead();
  if (!head) return;
  const awhile = head.token.then(() => new Promise<void>((resolve) => setTimeout(resolve, IMAGE_ALONE_MS)));
  await Promise.race([head.image, awhile]);
}

/**
 * Resolves once the opening image is shown (or will not be, or is slow to come), and pdf.js is on its way;
 * at once away from a book's address.
 */
export const headStarted: Promise<void> =
  readerBookId(window.location.pathname) === null
    ? Promise.resolve()
    : headStart()
        .catch(() => undefined)
        .then(startPdfJs);
