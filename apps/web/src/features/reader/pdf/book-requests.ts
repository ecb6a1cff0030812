import { BOOK_FILES, bookMetadataSchema, type BookMetadata } from '@threadbook/contracts';
import { apiJson } from '../../../lib/api.ts';
import { lastStartXref } from './cross-reference.ts';
import { ReaderLoadError, ReaderMessage } from './load-error.ts';
import { fetchRange, fetchSuffix, RANGE_CHUNK_SIZE } from './range-fetch.ts';

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

/** How much of the PDF's start is asked for first: the header, and with it often the first page's data. */
export const HEAD_BYTES = 2 * RANGE_CHUNK_SIZE;
/** How much of its end is asked for with it: where pdf.js reads next. */
export const TAIL_BYTES = 4 * RANGE_CHUNK_SIZE;
/** The longest cross-reference section read ahead in one go (a table takes 20 bytes per object). */
export const MAX_CROSS_REFERENCE_BYTES = 4 * 2 ** 20;

/** The bytes a PDF is opened with (see fetchOpeningRanges). */
export interface OpeningRanges {
  /** The size of the whole file. */
  total: number;
  /** Its first HEAD_BYTES (fewer for a short file). */
  head: Uint8Array;
  /** Its end, from where its last cross-reference section starts or TAIL_BYTES before the end. */
  tail: { begin: number; bytes: Uint8Array };
}

/**
 * What pdf.js reads before it can show anything, fetched ahead and at once rather than one range after
 * another as pdf.js asks: the PDF's first HEAD_BYTES (the header; they also tell the file's size) and its
 * last TAIL_BYTES together, then, when the last cross-reference section starts before those, the rest of
 * it (the table pdfunite wrote for the 1,071-page bench book is about 300 KB long).
 */
export async function fetchOpeningRanges(bookId: number, signal?: AbortSignal): Promise<OpeningRanges> {
  const path = bookPdfPath(bookId);
  const [head, end] = await Promise.all([
    fetchRange(path, 0, HEAD_BYTES, signal),
    fetchSuffix(path, TAIL_BYTES, signal),
  ]);
  const opening = { total: head.total, head: head.bytes, tail: { begin: end.begin, bytes: end.bytes } };
  const xref = lastStartXref(end.bytes);
  if (xref === null || xref >= end.begin || end.begin - xref > MAX_CROSS_REFERENCE_BYTES) return opening;
  // From the start of its chunk: pdf.js asks for whole chunks.
  const from = xref - (xref % RANGE_CHUNK_SIZE);
  const before = await fetchRange(path, from, end.begin, signal);
  const bytes = new Uint8Array(before.bytes.length + end.bytes.length);
  bytes.set(before.bytes);
  bytes.set(end.bytes, before.bytes.length);
  return { ...opening, tail: { begin: from, bytes } };
}
