import { getDocument, GlobalWorkerOptions, PDFWorker, type PDFDocumentProxy } from 'pdfjs-dist';
// Decision 2: the worker is a file of the app itself (same origin, worker-src 'self'), never a CDN.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { BOOK_FILES } from '@threadbook/contracts';
import { pdfFetchError, ReaderLoadError } from './load-error.ts';
import { fetchRange, RANGE_CHUNK_SIZE } from './range-fetch.ts';
import { BookRangeTransport } from './range-transport.ts';

GlobalWorkerOptions.workerSrc = workerUrl;

let worker: PDFWorker | undefined;

/**
 * pdf.js's worker thread, started once and shared by every book opened: its 1.2 MB script loads and
 * compiles while the sign-in is checked and the first bytes of the book arrive, not after them.
 */
export function startPdfWorker(): PDFWorker {
  worker ??= new PDFWorker();
  return worker;
}

/** Where the build puts pdf.js's data files (vite.config.ts); fetched only by PDFs that need them. */
const PDFJS_DATA = `${import.meta.env.BASE_URL}pdfjs/`;

/**
 * Opens the PDF of book `bookId` streaming it by ranges (decision 3): one request for the first chunk (which
 * also tells the file's size), then only the ranges the pages shown need. Errors are ReaderLoadErrors with
 * the reader's text; a range that fails later, while pages are read, goes to `onRangeFailure` as one too.
 * The document lives until `signal` aborts: that stops the transfers and frees the worker's copy.
 */
export async function loadPdfDocument(
  bookId: number,
  onRangeFailure: (error: ReaderLoadError) => void,
  signal: AbortSignal,
): Promise<PDFDocumentProxy> {
  const file = BOOK_FILES.pdf;
  const path = `/api/books/${bookId}/files/${file}`;
  let first: Awaited<ReturnType<typeof fetchRange>>;
  try {
    first = await fetchRange(path, 0, RANGE_CHUNK_SIZE, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    throw pdfFetchError(error, file, bookId);
  }
  signal.throwIfAborted();
  const transport = new BookRangeTransport(path, first.total, first.bytes, (error) =>
    onRangeFailure(pdfFetchError(error, file, bookId)),
  );
  const task = getDocument({
    range: transport,
    rangeChunkSize: RANGE_CHUNK_SIZE,
    // Only the ranges of the pages drawn: a 1,000-page book shows page 1 without reading the rest.
    disableAutoFetch: true,
    disableStream: true,
    worker: startPdfWorker(),
    cMapUrl: `${PDFJS_DATA}cmaps/`,
    standardFontDataUrl: `${PDFJS_DATA}standard_fonts/`,
    wasmUrl: `${PDFJS_DATA}wasm/`,
  });
  signal.addEventListener('abort', () => void task.destroy(), { once: true });
  try {
    return await task.promise;
  } catch (error) {
    void task.destroy();
    throw error;
  }
}
