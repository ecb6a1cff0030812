import { firstSessionToken } from '../../lib/session-token.ts';
import { fetchBookOpening, type OpeningImage } from './opening/opening-image.ts';
import { showOpeningOverlay } from './opening-overlay.ts';
import { pdfWorkerThread } from './pdf/worker-thread.ts';

/**
 * Imported by main.tsx before anything else, on a reader's address. As soon as the session's token is
 * here (index.html preloads it), in this order, ahead of the app's other calls:
 *   1. the page the book opens at is asked for as an image, first of the calls that share the browser's
 *      few connections, and shown where the reader will draw it the moment it is here
 *      (opening-overlay.ts): the first page at once, before the app has drawn anything;
 *   2. once it is shown (at most IMAGE_ALONE_MS after it was asked for), pdf.js's worker thread starts,
 *      pdf.js's code loads, and then the reader's code and the book's first calls (route.tsx, prefetch.ts):
 *      the worker's 1.2 MB script compiles beside the app's code, and pdf.js can open the book before
 *      React has drawn the reader.
 */

/** How long the opening image's call goes alone, at most. */
const IMAGE_ALONE_MS = 100;

let opening: { bookId: number; image: Promise<OpeningImage | null> } | undefined;

/** The opening image asked for here for book `bookId`, once (prefetch.ts hands it to the reader). */
export function takeHeadStartOpening(bookId: number): Promise<OpeningImage | null> | undefined {
  if (opening?.bookId !== bookId) return undefined;
  const { image } = opening;
  opening = undefined;
  return image;
}

/** Resolves once the opening image is shown (or will not be, or is slow to come), and pdf.js is on its way. */
export let headStarted: Promise<void> = Promise.resolve();

function startPdfJs(): void {
  pdfWorkerThread();
  // Taken from the module registry by prefetch.ts and the reader; a failure is theirs to report.
  import('./pdf/load-document.ts').catch(() => undefined);
}

const { pathname } = window.location;
const bookId = Number(/^\/reader\/(\d+)\/?$/.exec(pathname)?.[1] ?? Number.NaN);
if (Number.isSafeInteger(bookId)) {
  const token = firstSessionToken().catch(() => null);
  const image = token.then((bearer) =>
    bearer === null
      ? null
      : fetchBookOpening(bookId, (path) => fetch(path, { headers: { Authorization: `Bearer ${bearer}` } })),
  );
  opening = { bookId, image };
  void image.then((shown) => shown && showOpeningOverlay(shown));
  // The rest once the page is shown (or will not be), or after a while if its image is slow to come (a page
  // drawn on request): their calls would share its connections and its server, and evaluating pdf.js's
  // code and the reader's holds the main thread for a tenth of a second, which the image would wait for.
  const awhile = token.then(() => new Promise<void>((resolve) => setTimeout(resolve, IMAGE_ALONE_MS)));
  headStarted = Promise.race([image, awhile]).then(startPdfJs);
} else if (pathname.startsWith('/reader/')) startPdfJs();
