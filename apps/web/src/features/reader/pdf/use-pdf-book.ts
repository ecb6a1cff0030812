import { useEffect, useState } from 'react';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import type { BookMetadata } from '@threadbook/contracts';
import { fetchBookMetadata } from './book-requests.ts';
import { loadPdfDocument, type PendingPdfDocument } from './load-document.ts';
import { loadErrorMessage } from './load-error.ts';

export type PdfBookState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; metadata: BookMetadata; pdf: PDFDocumentProxy; firstPage: PDFPageProxy };

/** The calls made before the reader was there (the reader's address opened directly), each taken once. */
export interface PdfBookPrefetch {
  metadata(bookId: number): Promise<BookMetadata> | undefined;
  document(bookId: number): Promise<PendingPdfDocument> | undefined;
}

/**
 * docs/product.md §4 reader loading: loading, then loaded or error. The metadata and the PDF are fetched together; a
 * metadata failure (an unknown book) wins over the PDF's, whichever answers first. A range that fails
 * while the student reads turns the state to error too. Mount it under a key of the book id: a new book
 * starts from loading.
 */
export function usePdfBook(bookId: number, prefetched?: PdfBookPrefetch): PdfBookState {
  const [state, setState] = useState<PdfBookState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    // The first failure is the one shown; it also stops every transfer and frees the document.
    const fail = (error: unknown) => {
      if (controller.signal.aborted) return;
      setState({ status: 'error', message: loadErrorMessage(error) });
      controller.abort();
    };
    // Asked for already when the reader's address was opened directly (prefetch.ts).
    const metadata = prefetched?.metadata(bookId) ?? fetchBookMetadata(bookId, controller.signal);
    // Opened already when the reader's address was opened directly; the reader owns it from here.
    const pending = prefetched?.document(bookId);
    const loaded = pending
      ? pending.then((opening) => opening.adopt(fail, controller.signal))
      : loadPdfDocument(bookId, fail, controller.signal);
    // Awaited below only after the metadata; never an unhandled rejection meanwhile.
    loaded.catch(() => undefined);
    (async () => {
      const book = await metadata;
      const { pdf, firstPage } = await loaded;
      if (controller.signal.aborted) return;
      setState({ status: 'loaded', metadata: book, pdf, firstPage });
    })().catch(fail);
    // Aborting also destroys the document, loaded or not.
    return () => controller.abort();
  }, [bookId, prefetched]);
  return state;
}
