import { describe, expect, it } from 'vitest';
import { ApiError, AuthenticationError } from '../../../lib/api.ts';
import { docIdError, loadErrorMessage, pdfFetchError, ReaderLoadError } from './load-error.ts';

describe('docIdError', () => {
  it.each([
    [undefined, 'No document ID provided'],
    ['', 'No document ID provided'],
    ['abc', 'Invalid document ID'],
    ['12a', 'Invalid document ID'],
    ['-3', 'Invalid document ID'],
    ['1.5', 'Invalid document ID'],
  ])('%j gives %s', (docId, message) => {
    expect(docIdError(docId)).toBe(message);
  });

  it('accepts a numeric id', () => {
    expect(docIdError('42')).toBeNull();
  });
});

describe('pdfFetchError', () => {
  it('says the PDF is missing on a 404', () => {
    expect(pdfFetchError(new ApiError(404, 'Not Found'), 'book.pdf', 7).message).toBe(
      'PDF file not found for this book',
    );
  });

  it('says the file could not be fetched on any other failure', () => {
    expect(pdfFetchError(new ApiError(500, 'Internal Server Error'), 'book.pdf', 7).message).toBe(
      'Failed to fetch file book.pdf for book 7',
    );
    expect(pdfFetchError(new TypeError('Failed to fetch'), 'book.pdf', 7).message).toBe(
      'Failed to fetch file book.pdf for book 7',
    );
  });

  it('keeps the expired-session text', () => {
    expect(pdfFetchError(new AuthenticationError(), 'book.pdf', 7).message).toBe(
      'Authentication failed - please log in again',
    );
  });
});

describe('loadErrorMessage', () => {
  it("keeps the reader's and the API's own texts", () => {
    expect(loadErrorMessage(new ReaderLoadError('PDF file not found for this book'))).toBe(
      'PDF file not found for this book',
    );
    expect(loadErrorMessage(new ApiError(404, 'Not Found'))).toBe('Request failed: 404 Not Found');
    expect(loadErrorMessage(new AuthenticationError())).toBe('Authentication failed - please log in again');
  });

  it("answers 'Failed to load book' for any other error, such as a damaged PDF", () => {
    expect(loadErrorMessage(new Error('Invalid PDF structure.'))).toBe('Failed to load book');
  });

  it('calls a thrown non-error unexpected', () => {
    expect(loadErrorMessage('boom')).toBe('An unexpected error occurred');
    expect(loadErrorMessage(undefined)).toBe('An unexpected error occurred');
  });
});
