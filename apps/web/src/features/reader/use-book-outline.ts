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
 * XML is still fetched and parsed; the fresh one replaces it and is cached. The XML is fetched at once (a
 * missing file is an error before anything shows), but parsed only once `canParse` (the first page is
 * drawn): the parse takes a CPU core for a tenth of a second on a 350-page book, which the first page needs.
 * Mount under a key of the book id.
 */
export function useBookOutline(bookId: number, canParse: boolean): BookOutlineState {
  const [state, setState] = useState<BookOutlineState>(() => {
    const cached = createOutlineCache().read(bookId);
    return cached ? { status: 'loaded', outline: cached.outline } : { status: 'loading' };
  });
  // The fetched XML until it is parsed.
  const [xml, setXml] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    apiFetch(`/api/books/${bookId}/files/book.xml`, { signal: controller.signal })
      .then((response) => response.text())
      .then(
        (text) => {
          if (!controller.signal.aborted) setXml(text);
        },
        (error: unknown) => {
          if (!controller.signal.aborted)
            setState({ status: 'error', message: fetchErrorMessage(error, bookId) });
        },
      );
    return () => controller.abort();
  }, [bookId]);

  useEffect(() => {
    if (xml === null || !canParse) return;
    const controller = new AbortController();
    parseOutline(xml, controller.signal).then(
      (book) => {
        createOutlineCache().write(bookId, book);
        setState({ status: 'loaded', outline: book.outline });
        setXml(null);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`the XML of book ${bookId} could not be parsed`, error);
        setState({ status: 'error', message: OutlineMessage.parseFailed });
      },
    );
    return () => controller.abort();
  }, [bookId, xml, canParse]);

  return state;
}
