import { ApiError, AuthenticationError } from '../../../lib/api.ts';

/** docs/product.md §2 Reader and §8: the texts of the reader's loading states. */
export const ReaderMessage = {
  loading: 'Loading book...',
  errorTitle: 'Error Loading Book',
  unexpected: 'An unexpected error occurred',
  failedToLoad: 'Failed to load book',
  invalidId: 'Invalid document ID',
  noId: 'No document ID provided',
  pdfNotFound: 'PDF file not found for this book',
} as const;

/** docs/product.md §8 'Failed to fetch file {file} for book {id}'. */
export function fileFetchFailed(file: string, bookId: number): string {
  return `Failed to fetch file ${file} for book ${bookId}`;
}

/** An error whose message is already the reader's text for its cause. */
export class ReaderLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReaderLoadError';
  }
}

/** docs/product.md §5: the document id must be numeric. */
export function docIdError(docId: string | undefined): string | null {
  if (docId === undefined || docId === '') return ReaderMessage.noId;
  if (!/^\d+$/.test(docId)) return ReaderMessage.invalidId;
  return null;
}

/** The reader's text for a failure to fetch the PDF of book `bookId`. */
export function pdfFetchError(error: unknown, file: string, bookId: number): ReaderLoadError {
  // An expired session keeps the API's own text (docs/product.md §8), it is not a missing file.
  if (error instanceof AuthenticationError) return new ReaderLoadError(error.message);
  if (error instanceof ApiError && error.status === 404)
    return new ReaderLoadError(ReaderMessage.pdfNotFound);
  return new ReaderLoadError(fileFetchFailed(file, bookId));
}

/**
 * The message the error state shows: the reader's and the API's own texts as they are, any other failure
 * (a damaged PDF, a bad answer) as 'Failed to load book', and a thrown non-error as unexpected.
 */
export function loadErrorMessage(error: unknown): string {
  if (error instanceof ReaderLoadError || error instanceof ApiError || error instanceof AuthenticationError) {
    return error.message;
  }
  if (error instanceof Error) return ReaderMessage.failedToLoad;
  return ReaderMessage.unexpected;
}
