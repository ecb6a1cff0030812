import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BookOutlineChapter } from '@threadbook/book';
import { apiFetch, ApiError, AuthenticationError } from '../../lib/api.ts';
import { createOutlineCache } from './model/index.ts';
import { parseOutline } from './parse-outline.ts';
import { fileFetchFailed } from './pdf/load-error.ts';

/** docs/product.md §8: the reader's texts for an XML that cannot be had. */
export const OutlineMessage = {
  xmlNotFound: 'XML file not found for this book',
  parseFailed: 'Failed to parse XML file',
} as const;

export type BookOutlineState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; outline: readonly BookOutlineChapter[] };

function fetchErrorMessage(error: unknown, bookId: number): string {
  // An expired session keeps the API's own text (docs/product.md §8), it is not a missing file.
  if (error instanceof AuthenticationError) return error.message;
  if (error instanceof ApiError && error.status === 404) return OutlineMessage.xmlNotFound;
  return fileFetchFailed('book.xml', bookId);
}

/** The XML's text, or why it cannot be had as the reader says it (docs/product.md §8). */
async function fetchXml(bookId: number, signal: AbortSignal): Promise<string> {
  try {
    const response = await apiFetch(`/api/books/${bookId}/files/book.xml`, { signal });
    return await response.text();
  } catch (error) {
    throw new Error(fetchErrorMessage(error, bookId), { cause: error });
  }
}

/**
 * docs/product.md §4: the book's table of contents, parsed from its XML. A cached outline is shown at once while the
 * XML is still fetched and parsed; the fresh one replaces it and is cached. The XML is fetched and parsed
 * only once `canLoad` (the first page is drawn): a megabyte to fetch and a tenth of a second of a CPU core
 * to parse on a 350-page book, which the first page needs more. A missing or broken XML shows its error then.
 * Mount under a key of the book id.
 */
export function useBookOutline(bookId: number, canLoad: boolean): BookOutlineState {
  const [cached] = useState(() => createOutlineCache().read(bookId)?.outline);
  const query = useQuery({
    queryKey: ['books', bookId, 'outline'],
    queryFn: async ({ signal }) => {
      const xml = await fetchXml(bookId, signal);
      try {
        const book = await parseOutline(xml, signal);
        createOutlineCache().write(bookId, book);
        return book.outline;
      } catch (error) {
        if (!signal.aborted) console.error(`the XML of book ${bookId} could not be parsed`, error);
        throw new Error(OutlineMessage.parseFailed, { cause: error });
      }
    },
    enabled: canLoad,
    placeholderData: cached,
  });
  if (query.status === 'error') return { status: 'error', message: query.error.message };
  return query.data ? { status: 'loaded', outline: query.data } : { status: 'loading' };
}
