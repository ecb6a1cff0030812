import { getDocument, PDFWorker, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist';
import { BOOK_FILES } from '@threadbook/contracts';
import { bookPdfPath, fetchOpeningRanges, type OpeningRanges } from './book-requests.ts';
import { pdfFetchError, ReaderLoadError } from './load-error.ts';
import { RANGE_CHUNK_SIZE } from './range-fetch.ts';
import { BookRangeTransport } from './range-transport.ts';
import { pdfWorkerThread } from './worker-thread.ts';

/** Where the build puts pdf.js's data files (vite.config.ts); fetched only by PDFs that need them. */
const PDFJS_DATA = `${import.meta.env.BASE_URL}pdfjs/`;

/** An open PDF with its first page, whose size the view lays the book out by. */
export interface OpenedPdf {
  pdf: PDFDocumentProxy;
  firstPage: PDFPageProxy;
}

/**
 * Opens the PDF of book `bookId` streaming it by ranges (decision 3): the file's start (which also tells its
 * size) and end together (`opening` when they were asked for already), then only the ranges the pages
 * shown need. Errors are ReaderLoadErrors with the reader's text; a range that fails later, while pages are
 * read, goes to `onRangeFailure` as one too.
 * The document lives until `signal` aborts: that stops the transfers and frees the worker's copy.
 */
export async function loadPdfDocument(
  bookId: number,
  onRangeFailure: (error: ReaderLoadError) => void,
  signal: AbortSignal,
  opening: Promise<OpeningRanges> = fetchOpeningRanges(bookId, signal),
): Promise<OpenedPdf> {
  const file = BOOK_FILES.pdf;
  const path = bookPdfPath(bookId);
  let ranges: OpeningRanges;
  try {
    ranges = await opening;
  } catch (error) {
    if (signal.aborted) throw error;
    throw pdfFetchError(error, file, bookId);
  }
  signal.throwIfAborted();
  const transport = new BookRangeTransport(path, ranges, (error) =>
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
    const opened = task.promise.then(async (pdf) => {
      const firstPage = await pdf.getPage(1);
      transport.releaseOpeningBytes();
      return { pdf, firstPage };
    });
    return await (thread ? Promise.race([opened, thread.failed]) : opened);
  } catch (error) {
    void task.destroy();
    throw error;
  }
}

/** A book's PDF opened before the reader is there to own it (prefetch.ts): the reader adopts it. */
export interface PendingPdfDocument {
  /**
   * The document, for the reader that takes it: a range failure goes to `onRangeFailure` (one that came
   * before too), and `signal` closes the document.
   */
  adopt(onRangeFailure: (error: ReaderLoadError) => void, signal: AbortSignal): Promise<OpenedPdf>;
  /** Stops the transfers and frees the document, when no reader took it. */
  close(): void;
}

/** Starts opening book `bookId`'s PDF with no owner yet (see loadPdfDocument). */
export function openPdfDocument(bookId: number, opening?: Promise<OpeningRanges>): PendingPdfDocument {
  const controller = new AbortController();
  let failed: ReaderLoadError | undefined;
  // Until a reader adopts the document, the first range failure waits for it.
  let onRangeFailure: (error: ReaderLoadError) => void = (error) => void (failed ??= error);
  const loading = loadPdfDocument(bookId, (error) => onRangeFailure(error), controller.signal, opening);
  // Awaited only once adopted: never an unhandled rejection meanwhile.
  loading.catch(() => undefined);
  return {
    adopt(handler, signal) {
      onRangeFailure = handler;
      if (failed) handler(failed);
      if (signal.aborted) controller.abort();
      else signal.addEventListener('abort', () => controller.abort(), { once: true });
      return loading;
    },
    close: () => controller.abort(),
  };
}
