import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fake-api.ts';
import { useSignedInApi } from '../../../test/signed-in-api.ts';
import { beginFromContentRange, fetchRange, fetchSuffix, totalFromContentRange } from './range-fetch.ts';

const FILE = Uint8Array.from({ length: 1000 }, (_, offset) => offset % 256);
const PATH = '/api/books/4/files/book.pdf';

/** An answer with `file`'s bytes from..to (inclusive) and the Content-Range saying so. */
const partial = (from: number, to: number) =>
  new Response(FILE.slice(from, to + 1), {
    status: 206,
    headers: { 'Content-Range': `bytes ${from}-${to}/${FILE.length}` },
  });

describe('totalFromContentRange', () => {
  it('reads the size of the whole file', () => {
    expect(totalFromContentRange('bytes 0-262143/1048576')).toBe(1048576);
  });

  it.each([null, '', 'bytes */1048576', 'bytes 0-10/*', 'items 0-10/20'])('rejects %j', (header) => {
    expect(totalFromContentRange(header)).toBeNull();
  });
});

describe('beginFromContentRange', () => {
  it('reads where the bytes start', () => {
    expect(beginFromContentRange('bytes 65536-131071/1048576')).toBe(65536);
  });

  it.each([null, 'bytes */1048576', 'bytes 0-10/*'])('rejects %j', (header) => {
    expect(beginFromContentRange(header)).toBeNull();
  });
});

describe('fetchRange', () => {
  useSignedInApi();

  it('asks for the range with the token and gives its bytes and the size of the file', async () => {
    const api = stubApi(() => partial(100, 199));
    await expect(fetchRange(PATH, 100, 200)).resolves.toEqual({
      bytes: FILE.subarray(100, 200),
      total: 1000,
    });
    expect(api.calls.map((call) => `${call.range} ${call.authorization} ${call.cache}`)).toEqual([
      'bytes=100-199 Bearer id-token no-store',
    ]);
  });

  it('cuts an answer holding more than was asked for (a cache with the whole file) to what was', async () => {
    stubApi(() => partial(0, 999));
    await expect(fetchRange(PATH, 100, 200)).resolves.toEqual({
      bytes: FILE.subarray(100, 200),
      total: 1000,
    });
  });

  it('takes the whole file from a server that ignores Range', async () => {
    stubApi(() => new Response(FILE.slice(), { status: 200 }));
    await expect(fetchRange(PATH, 100, 200)).resolves.toEqual({
      bytes: FILE.subarray(100, 200),
      total: 1000,
    });
  });

  it('refuses an answer that does not hold the range asked for', async () => {
    stubApi(() => partial(150, 199));
    await expect(fetchRange(PATH, 100, 200)).rejects.toThrow(/not the range asked for/);
  });
});

describe('fetchSuffix', () => {
  useSignedInApi();

  it("asks for the file's last bytes and says where they start", async () => {
    const api = stubApi(() => partial(900, 999));
    await expect(fetchSuffix(PATH, 100)).resolves.toEqual({
      begin: 900,
      bytes: FILE.subarray(900),
      total: 1000,
    });
    expect(api.calls.map((call) => `${call.range} ${call.cache}`)).toEqual(['bytes=-100 no-store']);
  });

  it('takes the end of the whole file from a server that ignores Range', async () => {
    stubApi(() => new Response(FILE.slice(), { status: 200 }));
    await expect(fetchSuffix(PATH, 100)).resolves.toEqual({
      begin: 900,
      bytes: FILE.subarray(900),
      total: 1000,
    });
  });
});
