import { BOOK_FILES, bookMetadataSchema, type BookMetadata } from '@threadbook/contracts';
import { apiJson } from '../../../lib/api.ts';
import { ReaderLoadError, ReaderMessage } from './load-error.ts';
import { fetchRange, RANGE_CHUNK_SIZE, type RangeAnswer } from './range-fetch.ts';

/** The reader's first calls for a book. Light (no pdf.js): they may go out before the reader's code is there. */

export const bookPdfPath = (bookId: number) => `/api/books/${bookId}/files/${BOOK_FILES.pdf}`;

/** GET /api/books/{id}/metadata; an answer of another shape is 'Failed to load book'. */
export async function fetchBookMetadata(bookId: number, signal?: AbortSignal): Promise<BookMetadata> {
  const parsed = bookMetadataSchema.safeParse(
    await apiJson<unknown>(`/api/books/${bookId}/metadata`, { signal }),
  );
  if (!parsed.success) throw new ReaderLoadError(ReaderMessage.failedToLoad);
  return parsed.data;
}

/** The PDF's first chunk, which also tells the file's size. */
export function fetchFirstRange(bookId: number, signal?: AbortSignal): Promise<RangeAnswer> {
  return fetchRange(bookPdfPath(bookId), 0, RANGE_CHUNK_SIZE, signal);
}
