import { describe, expect, test, vi } from 'vitest';
import { ApiError, setTokenSource } from '../../lib/api.ts';
import { failure, json, noContent, rangeAnswer, stubApi, type ApiCall } from '../../test/fake-api.ts';
import { useSignedInApi } from '../../test/signed-in-api.ts';
import type { PendingPdfDocument } from './pdf/load-document.ts';
import { HEAD_BYTES, TAIL_BYTES, type OpeningRanges } from './pdf/book-requests.ts';
import { PREFETCH_FRESH_MS, prefetchBook, takePrefetched, type OpenDocument } from './prefetch.ts';

const PDF_SIZE = 300_000;
/** A PDF's bytes, as far as the prefetch sees them: no cross-reference section to read ahead. */
const PDF = new Uint8Array(PDF_SIZE).fill(7);

/** The server's answers to book `bookId`'s first three calls; anything else is a 404. */
function bookServer(bookId: number) {
  return (call: ApiCall) => {
    if (call.url === `/api/books/${bookId}/metadata`) {
      return json({
        id: bookId,
        title: 'Abstract Algebra',
        author: 'Judson',
        pageCount: 357,
        files: { pdf: 'book.pdf', xml: 'book.xml' },
      });
    }
    if (call.url === `/api/books/${bookId}/position`) return json({ page: 42 });
    if (call.url === '/api/me/preferences') {
      return json({ pageColours: 'dark', definedTerms: true, darkPageSuggested: true });
    }
    if (call.url === `/api/books/${bookId}/files/book.pdf`) return rangeAnswer(PDF, call.range);
    // The student reads at night: no image of the page (the server asks the preferences itself).
    if (call.url.startsWith(`/api/books/${bookId}/opening-image?`)) return noContent();
    return failure(404, 'Not Found');
  };
}

/** Stands for pdf.js: records the ranges it was given and whether the document was closed. */
function fakeOpener() {
  const opened: { bookId: number; opening: Promise<OpeningRanges>; closed: boolean }[] = [];
  const open: OpenDocument = async (bookId, opening) => {
    const record = { bookId, opening, closed: false };
    opened.push(record);
    const pending: PendingPdfDocument = {
      adopt: () => Promise.reject(new Error('not a real document')),
      close: () => void (record.closed = true),
    };
    return pending;
  };
  return { opened, open };
}

describe('prefetchBook and takePrefetched', () => {
  useSignedInApi();

  test("the metadata, the reading position, the reader preferences and the opening page's image are asked for once, and the PDF opened once from its start and end, with the token", async () => {
    const api = stubApi(bookServer(11));
    const pdf = fakeOpener();
    prefetchBook(11, Date.now(), pdf.open);
    prefetchBook(11, Date.now(), pdf.open);

    await expect(takePrefetched(11, 'metadata')).resolves.toMatchObject({
      id: 11,
      title: 'Abstract Algebra',
    });
    await expect(takePrefetched(11, 'position')).resolves.toBe(42);
    await expect(takePrefetched(11, 'preferences')).resolves.toMatchObject({ pageColours: 'dark' });
    await expect(takePrefetched(11, 'openingImage')).resolves.toBeNull();
    await takePrefetched(11, 'document');
    expect(pdf.opened).toHaveLength(1);
    const opening = await pdf.opened[0]!.opening;
    expect(opening.total).toBe(PDF_SIZE);
    expect(opening.head.length).toBe(HEAD_BYTES);
    expect(opening.tail.begin).toBe(PDF_SIZE - TAIL_BYTES);
    expect(opening.tail.bytes.length).toBe(TAIL_BYTES);
    // Taken by the reader, the document is the reader's to close.
    expect(pdf.opened[0]!.closed).toBe(false);

    expect(api.calls.map((call) => `${call.url} ${call.authorization} ${call.range}`).sort()).toEqual([
      `/api/books/11/files/book.pdf Bearer id-token bytes=-${TAIL_BYTES}`,
      `/api/books/11/files/book.pdf Bearer id-token bytes=0-${HEAD_BYTES - 1}`,
      '/api/books/11/metadata Bearer id-token null',
      // jsdom's window is 1024 × 768: its page is about 536 pixels wide, so its image 768.
      '/api/books/11/opening-image?width=768 Bearer id-token null',
      '/api/books/11/position Bearer id-token null',
      '/api/me/preferences Bearer id-token null',
    ]);
  });

  test('each answer is taken once; the reader asks again after that', async () => {
    stubApi(bookServer(12));
    prefetchBook(12, Date.now(), fakeOpener().open);
    await takePrefetched(12, 'metadata');
    expect(takePrefetched(12, 'metadata')).toBeUndefined();
    await expect(takePrefetched(12, 'position')).resolves.toBe(42);
  });

  test('answers older than PREFETCH_FRESH_MS are dropped, all of them, and the PDF no reader took is closed', async () => {
    stubApi(bookServer(13));
    const pdf = fakeOpener();
    prefetchBook(13, 1_000, pdf.open);
    await vi.waitFor(() => expect(pdf.opened).toHaveLength(1));
    expect(takePrefetched(13, 'metadata', 1_000 + PREFETCH_FRESH_MS + 1)).toBeUndefined();
    expect(takePrefetched(13, 'position', 1_000)).toBeUndefined();
    expect(takePrefetched(13, 'document', 1_000)).toBeUndefined();
    await vi.waitFor(() => expect(pdf.opened[0]!.closed).toBe(true));
  });

  test('a PDF no reader takes is closed after PREFETCH_FRESH_MS', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      stubApi(bookServer(16));
      const pdf = fakeOpener();
      prefetchBook(16, Date.now(), pdf.open);
      await vi.advanceTimersByTimeAsync(PREFETCH_FRESH_MS - 1);
      expect(pdf.opened).toHaveLength(1);
      expect(pdf.opened[0]!.closed).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(pdf.opened[0]!.closed).toBe(true);
      expect(takePrefetched(16, 'metadata')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  test('signed out, nothing is asked for and nothing is kept for after the sign-in', async () => {
    const api = stubApi(bookServer(14));
    setTokenSource({ getIdToken: async () => null });
    const pdf = fakeOpener();
    prefetchBook(14, Date.now(), pdf.open);
    await vi.waitFor(() => expect(takePrefetched(14, 'metadata')).toBeUndefined());
    expect(api.calls).toEqual([]);
    expect(pdf.opened).toEqual([]);
  });

  test('a failed call fails when taken, with the error of the API, and is never an unhandled rejection before', async () => {
    stubApi(bookServer(99));
    prefetchBook(15, Date.now(), fakeOpener().open);
    // Unanswered for a while: an unhandled rejection meanwhile would fail the run.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const metadata = takePrefetched(15, 'metadata');
    await expect(metadata).rejects.toBeInstanceOf(ApiError);
    await expect(metadata).rejects.toMatchObject({ status: 404 });
  });
});
