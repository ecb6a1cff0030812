import { describe, expect, it, vi } from 'vitest';
import { rangeAnswer, stubApi } from '../../../test/fake-api.ts';
import { useSignedInApi } from '../../../test/signed-in-api.ts';
import { BookRangeTransport } from './range-transport.ts';

const FILE = Uint8Array.from({ length: 4096 }, (_, offset) => offset % 256);
const PATH = '/api/books/4/files/book.pdf';

/** A transport that knows the file's first 1024 bytes and its last 1024, and what it handed pdf.js. */
function transport() {
  const onFailure = vi.fn();
  const opening = {
    total: FILE.length,
    head: FILE.slice(0, 1024),
    tail: { begin: 3072, bytes: FILE.slice(3072) },
  };
  const range = new BookRangeTransport(PATH, opening, onFailure);
  const given = vi.spyOn(range, 'onDataRange').mockImplementation(() => undefined);
  return { range, given, onFailure };
}

describe('BookRangeTransport', () => {
  useSignedInApi();

  it('gives a range within the end it was opened with from memory, as a copy', () => {
    const api = stubApi((call) => rangeAnswer(FILE, call.range));
    const { range, given } = transport();
    range.requestDataRange(3072, 3584);
    expect(api.calls).toEqual([]);
    expect(given).toHaveBeenCalledWith(3072, FILE.subarray(3072, 3584));
    const handed = given.mock.calls[0]![1] as Uint8Array;
    expect(handed.byteLength).toBe(handed.buffer.byteLength);
  });

  it('asks the server for any other range, with the token', async () => {
    const api = stubApi((call) => rangeAnswer(FILE, call.range));
    const { range, given } = transport();
    range.requestDataRange(2048, 3584);
    await vi.waitFor(() => expect(given).toHaveBeenCalledWith(2048, FILE.subarray(2048, 3584)));
    expect(api.calls.map((call) => `${call.range} ${call.authorization}`)).toEqual([
      'bytes=2048-3583 Bearer id-token',
    ]);
  });

  it('once the document is open, asks the server for the end too', async () => {
    const api = stubApi((call) => rangeAnswer(FILE, call.range));
    const { range, given } = transport();
    range.releaseOpeningBytes();
    range.requestDataRange(3072, 3584);
    await vi.waitFor(() => expect(given).toHaveBeenCalledWith(3072, FILE.subarray(3072, 3584)));
    expect(api.calls).toHaveLength(1);
  });

  it('reports a range that fails', async () => {
    stubApi(() => new Response('gone', { status: 404, statusText: 'Not Found' }));
    const { range, onFailure } = transport();
    range.requestDataRange(1024, 2048);
    await vi.waitFor(() => expect(onFailure).toHaveBeenCalledTimes(1));
  });
});
