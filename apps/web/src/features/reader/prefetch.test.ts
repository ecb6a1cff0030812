import { describe, expect, test, vi } from 'vitest';
import { ApiError, setTokenSource } from '../../lib/api.ts';
import { failure, json, stubApi, type ApiCall } from '../../test/fake-api.ts';
import { useSignedInApi } from '../../test/signed-in-api.ts';
import { RANGE_CHUNK_SIZE } from './pdf/range-fetch.ts';
import { PREFETCH_FRESH_MS, prefetchBook, takePrefetched } from './prefetch.ts';

const PDF_SIZE = 300_000;

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
    if (call.url === `/api/books/${bookId}/files/book.pdf`) {
      return new Response(new Uint8Array(RANGE_CHUNK_SIZE).fill(7), {
        status: 206,
        headers: { 'Content-Range': `bytes 0-${RANGE_CHUNK_SIZE - 1}/${PDF_SIZE}` },
      });
    }
    return failure(404, 'Not Found');
  };
}

describe('prefetchBook and takePrefetched', () => {
  useSignedInApi();

  test('the metadata, the reading position and the first range of the PDF are asked for once, with the token', async () => {
    const api = stubApi(bookServer(11));
    prefetchBook(11);
    prefetchBook(11);

    await expect(takePrefetched(11, 'metadata')).resolves.toMatchObject({
      id: 11,
      title: 'Abstract Algebra',
    });
    await expect(takePrefetched(11, 'position')).resolves.toBe(42);
    const first = await takePrefetched(11, 'firstRange');
    expect(first?.total).toBe(PDF_SIZE);
    expect(first?.bytes.length).toBe(RANGE_CHUNK_SIZE);

    expect(api.calls.map((call) => `${call.url} ${call.authorization} ${call.range}`).sort()).toEqual([
      `/api/books/11/files/book.pdf Bearer id-token bytes=0-${RANGE_CHUNK_SIZE - 1}`,
      '/api/books/11/metadata Bearer id-token null',
      '/api/books/11/position Bearer id-token null',
    ]);
  });

  test('each answer is taken once; the reader asks again after that', async () => {
    stubApi(bookServer(12));
    prefetchBook(12);
    await takePrefetched(12, 'metadata');
    expect(takePrefetched(12, 'metadata')).toBeUndefined();
    await expect(takePrefetched(12, 'position')).resolves.toBe(42);
  });

  test('answers older than PREFETCH_FRESH_MS are dropped, all of them', () => {
    stubApi(bookServer(13));
    prefetchBook(13, 1_000);
    expect(takePrefetched(13, 'metadata', 1_000 + PREFETCH_FRESH_MS + 1)).toBeUndefined();
    expect(takePrefetched(13, 'position', 1_000)).toBeUndefined();
  });

  test('signed out, nothing is asked for and nothing is kept for after the sign-in', async () => {
    const api = stubApi(bookServer(14));
    setTokenSource({ getIdToken: async () => null });
    prefetchBook(14);
    await vi.waitFor(() => expect(takePrefetched(14, 'metadata')).toBeUndefined());
    expect(api.calls).toEqual([]);
  });

  test('a failed call fails when taken, with the error of the API, and is never an unhandled rejection before', async () => {
    stubApi(bookServer(99));
    prefetchBook(15);
    // Unanswered for a while: an unhandled rejection meanwhile would fail the run.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const metadata = takePrefetched(15, 'metadata');
    await expect(metadata).rejects.toBeInstanceOf(ApiError);
    await expect(metadata).rejects.toMatchObject({ status: 404 });
  });
});
