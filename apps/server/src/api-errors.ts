import { STATUS_CODES } from 'node:http';
import createError from '@fastify/error';
import type { FastifyError } from 'fastify';
import {
  AnnotationErrorMessage,
  BookErrorMessage,
  BookmarkErrorMessage,
  GraphErrorMessage,
  JobErrorMessage,
  PageImageErrorMessage,
  UploadErrorMessage,
  type ErrorResponse,
} from '@threadbook/contracts';

const codes = new Set<string>();

/**
 * An answer of the catalogue: a code, a status and the message (a `%s` one takes it as an argument).
 * Routes throw it; no stack trace is taken, as it is an answer and not a fault.
 */
function apiError<Args extends unknown[] = []>(
  code: string,
  statusCode: 400 | 403 | 404 | 409 | 413 | 415 | 429 | 502,
  message: string,
) {
  codes.add(code);
  return createError<Args>(code, message, statusCode, Error, false);
}

/** The errors the API answers on purpose (the shared handler sends them, error-handler.ts). */
export const ApiError = {
  InvalidBookId: apiError('INVALID_BOOK_ID', 400, BookErrorMessage.invalidId),
  BookNotFound: apiError('BOOK_NOT_FOUND', 404, BookErrorMessage.notFound),
  FileNotFound: apiError('FILE_NOT_FOUND', 404, BookErrorMessage.fileNotFound),
  NoGraph: apiError('NO_GRAPH', 404, GraphErrorMessage.noGraph),
  ParagraphNotFound: apiError('PARAGRAPH_NOT_FOUND', 404, GraphErrorMessage.paragraphNotFound),
  SourceParagraphNotFound: apiError(
    'SOURCE_PARAGRAPH_NOT_FOUND',
    404,
    GraphErrorMessage.sourceParagraphNotFound,
  ),
  RelatedParagraphNotFound: apiError(
    'RELATED_PARAGRAPH_NOT_FOUND',
    404,
    GraphErrorMessage.relatedParagraphNotFound,
  ),
  InvalidPage: apiError('INVALID_PAGE', 400, GraphErrorMessage.invalidPage),
  PageNotFound: apiError('PAGE_NOT_FOUND', 404, GraphErrorMessage.pageNotFound),
  InvalidImageWidth: apiError('INVALID_IMAGE_WIDTH', 400, PageImageErrorMessage.invalidWidth),
  /** Too many identity calls from one address (features/auth/request-limits.ts); the words are better-auth's. */
  TooManyRequests: apiError('TOO_MANY_REQUESTS', 429, 'Too many requests. Please try again later.'),
  TooManySummaries: apiError('TOO_MANY_SUMMARIES', 429, GraphErrorMessage.tooManySummaries),
  /** With the explanation service's failure, for the reader. */
  ExplanationFailed: apiError<[message: string]>('EXPLANATION_FAILED', 502, '%s'),
  /** With BookmarkErrorMessage.pageOutOfRange of the book's page count. */
  PageOutOfRange: apiError<[message: string]>('PAGE_OUT_OF_RANGE', 400, '%s'),
  BookmarkNotFound: apiError('BOOKMARK_NOT_FOUND', 404, BookmarkErrorMessage.notFound),
  TooManyBookmarks: apiError('TOO_MANY_BOOKMARKS', 400, BookmarkErrorMessage.tooMany),
  AnnotationNotFound: apiError('ANNOTATION_NOT_FOUND', 404, AnnotationErrorMessage.notFound),
  TooManyAnnotations: apiError('TOO_MANY_ANNOTATIONS', 400, AnnotationErrorMessage.tooMany),
  InvalidJobId: apiError('INVALID_JOB_ID', 400, JobErrorMessage.invalidId),
  JobNotFound: apiError('JOB_NOT_FOUND', 404, JobErrorMessage.notFound),
  NotYourBook: apiError('NOT_YOUR_BOOK', 403, UploadErrorMessage.notYours),
  UploadsDisabled: apiError('UPLOADS_DISABLED', 403, UploadErrorMessage.disabled),
  NotPdf: apiError('NOT_PDF', 415, UploadErrorMessage.notPdf),
  /** With UploadErrorMessage.tooLarge of MAX_BOOK_MB. */
  UploadTooLarge: apiError<[message: string]>('UPLOAD_TOO_LARGE', 413, '%s'),
  /** With UploadErrorMessage.tooManyBooks of the cap. */
  TooManyOwnBooks: apiError<[message: string]>('TOO_MANY_OWN_BOOKS', 403, '%s'),
  /** With UploadErrorMessage.tooManyUploads of the cap. */
  TooManyUploads: apiError<[message: string]>('TOO_MANY_UPLOADS', 429, '%s'),
  InvalidUploadId: apiError('INVALID_UPLOAD_ID', 400, UploadErrorMessage.invalidId),
  UploadNotFound: apiError('UPLOAD_NOT_FOUND', 404, UploadErrorMessage.notFound),
  UploadNotRetryable: apiError('UPLOAD_NOT_RETRYABLE', 409, UploadErrorMessage.notRetryable),
  UploadNotRemovable: apiError('UPLOAD_NOT_REMOVABLE', 409, UploadErrorMessage.notRemovable),
};

/**
 * The answer to a catalogue error, undefined for any other (Fastify's own, a fault): errorResponseSchema's
 * shape with the status's standard text as `error` ('Not Found'), and without the code, as the API has
 * always answered these.
 */
export function apiErrorBody(error: FastifyError): ErrorResponse | undefined {
  const { statusCode } = error;
  if (!codes.has(error.code) || statusCode === undefined) return undefined;
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message: error.message };
}
