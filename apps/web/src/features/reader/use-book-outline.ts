import { useEffect, useState } from 'react';
import type { BookOutlineChapter } from '@threadbook/book';
import { apiFetch, ApiError, AuthenticationError } from '../../lib/api.ts';
import { createOutlineCache } from './model/index.ts';
import { parseOutline } from './parse-outline.ts';
import { fileFetchFailed } from './pdf/load-error.ts';

/** SPEC §8: the reader's texts for an XML that cannot be had. */
export const OutlineMessage = {
  xmlNotFound: 'XML file not found for this book',
  parseFailed: 'Failed to parse XML file',
} as const;

export type BookOutlineState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; outline: readonly BookOutlineChapter[] };

function fetchErrorMessage(error: unknown, bookId: number): string {
  // An expired session keeps the API's own text (SPEC §8), it is not a missing file.
  if (error instanceof AuthenticationError) return error.message;
  if (error instanceof ApiError && error.status === 404) return OutlineMessage.xmlNotFound;
  return fileFetchFailed('book.xml', bookId);
}

/**
 * SPEC §4: the book's table of contents, parsed from its XML. A cached outline is shown at once while the
 * XML is still fetched and parsed; the fresh one replaces it and is cached. The XML is fetched and parsed
 * only once `canLoad` (the first page is drawn): a megabyte to fetch and a tenth of a second of a CPU core
 * to parse on a 350-page book, which the first page needs more. A missing or broken XML shows its error then.
 * Mount under a key of the book id.
 */
export function useBookOutline(bookId: number, canLoad: boolean): BookOutlineState {
  const [state, setState] = useState<BookOutlineState>(() => {
    const cached = createOutlineCache().read(bookId);
    return cached ? { status: 'loaded', outline: cached.outline } : { status: 'loading' };
  });

  useEffect(() => {
    if (!canLoad) return;
    const controller = new AbortController();
    const { signal } = controller;
    const fail = (message: string) => {
      if (!signal.aborted) setState({ status: 'error', message });
    };
    apiFetch(`/api/books/${bookId}/files/book.xml`, { signal })
      .then((response) => response.text())
      .then(
        (xml) =>
          parseOutline(xml, signal).then(
            (book) => {
              createOutlineCache().write(bookId, book);
              setState({ status: 'loaded', outline: book.outline });
            },
            (error: unknown) => {
              if (!signal.aborted) console.error(`the XML of book ${bookId} could not be parsed`, error);
              fail(OutlineMessage.parseFailed);
            },
          ),
        (error: unknown) => fail(fetchErrorMessage(error, bookId)),
      );
    return () => controller.abort();
  }, [bookId, canLoad]);

  return state;
}
