import { getDocument, PDFWorker, type PDFDocumentProxy } from 'pdfjs-dist';
import { BOOK_FILES } from '@threadbook/contracts';
import { bookPdfPath, fetchFirstRange } from './book-requests.ts';
import { pdfFetchError, ReaderLoadError } from './load-error.ts';
import { RANGE_CHUNK_SIZE, type RangeAnswer } from './range-fetch.ts';
import { BookRangeTransport } from './range-transport.ts';
import { pdfWorkerThread } from './worker-thread.ts';

/** Where the build puts pdf.js's data files (vite.config.ts); fetched only by PDFs that need them. */
const PDFJS_DATA = `${import.meta.env.BASE_URL}pdfjs/`;

/**
 * Opens the PDF of book `bookId` streaming it by ranges (decision 3): one request for the first chunk (which
 * also tells the file's size; `firstRange` when it was asked for already), then only the ranges the pages
 * shown need. Errors are ReaderLoadErrors with the reader's text; a range that fails later, while pages are
 * read, goes to `onRangeFailure` as one too.
 * The document lives until `signal` aborts: that stops the transfers and frees the worker's copy.
 */
export async function loadPdfDocument(
  bookId: number,
  onRangeFailure: (error: ReaderLoadError) => void,
  signal: AbortSignal,
  firstRange: Promise<RangeAnswer> = fetchFirstRange(bookId, signal),
): Promise<PDFDocumentProxy> {
  const file = BOOK_FILES.pdf;
  const path = bookPdfPath(bookId);
  let first: RangeAnswer;
  try {
    first = await firstRange;
  } catch (error) {
    if (signal.aborted) throw error;
    throw pdfFetchError(error, file, bookId);
  }
  signal.throwIfAborted();
  const transport = new BookRangeTransport(path, first.total, first.bytes, (error) =>
    onRangeFailure(pdfFetchError(error, file, bookId)),
  );
  const thread = pdfWorkerThread();
  const task = getDocument({
    range: transport,
    rangeChunkSize: RANGE_CHUNK_SIZE,
    // Only the ranges of the pages drawn: a 1,000-page book shows page 1 without reading the rest.
    disableAutoFetch: true,
    disableStream: true,
    // The thread started early (worker-thread.ts); PDFWorker.create makes one PDFWorker per thread.
    worker: thread && PDFWorker.create({ port: thread.worker }),
    cMapUrl: `${PDFJS_DATA}cmaps/`,
    standardFontDataUrl: `${PDFJS_DATA}standard_fonts/`,
    wasmUrl: `${PDFJS_DATA}wasm/`,
  });
  signal.addEventListener('abort', () => void task.destroy(), { once: true });
  try {
    return await (thread ? Promise.race([task.promise, thread.failed]) : task.promise);
  } catch (error) {
    void task.destroy();
    throw error;
  }
}
