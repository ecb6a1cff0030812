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
 * XML is still fetched and parsed; the fresh one replaces it and is cached. Mount under a key of the book id.
 */
export function useBookOutline(bookId: number): BookOutlineState {
  const [state, setState] = useState<BookOutlineState>(() => {
    const cached = createOutlineCache().read(bookId);
    return cached ? { status: 'loaded', outline: cached.outline } : { status: 'loading' };
  });

  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      let xml: string;
      try {
        xml = await (
          await apiFetch(`/api/books/${bookId}/files/book.xml`, { signal: controller.signal })
        ).text();
      } catch (error) {
        if (!controller.signal.aborted)
          setState({ status: 'error', message: fetchErrorMessage(error, bookId) });
        return;
      }
      if (controller.signal.aborted) return;
      try {
        const book = await parseOutline(xml, controller.signal);
        createOutlineCache().write(bookId, book);
        setState({ status: 'loaded', outline: book.outline });
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error(`the XML of book ${bookId} could not be parsed`, error);
        setState({ status: 'error', message: OutlineMessage.parseFailed });
      }
    })();
    return () => controller.abort();
  }, [bookId]);

  return state;
}
