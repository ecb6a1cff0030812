import { describe, expect, it } from 'vitest';
import { rangeAnswer, stubApi } from '../../../test/fake-api.ts';
import { useSignedInApi } from '../../../test/signed-in-api.ts';
import {
  bookPdfPath,
  fetchOpeningRanges,
  HEAD_BYTES,
  MAX_CROSS_REFERENCE_BYTES,
  TAIL_BYTES,
} from './book-requests.ts';
import { RANGE_CHUNK_SIZE } from './range-fetch.ts';

/** A file of `size` bytes (each byte its offset's low bits) ending with `startxref` and `xref`. */
function pdfFile(size: number, xref: number): Uint8Array {
  const file = Uint8Array.from({ length: size }, (_, offset) => offset % 251);
  const end = new TextEncoder().encode(`\nstartxref\n${xref}\n%%EOF\n`);
  file.set(end, size - end.length);
  return file;
}

/**
 * Whether two byte arrays hold the same bytes. toEqual compares a megabyte element by element in seconds;
 * this takes a millisecond.
 */
function sameBytes(actual: Uint8Array, expected: Uint8Array): boolean {
  return actual.length === expected.length && Buffer.compare(actual, expected) === 0;
}

function serve(file: Uint8Array) {
  return stubApi((call) => rangeAnswer(file, call.range));
}

describe('fetchOpeningRanges', () => {
  useSignedInApi();

  it("asks for the file's start and end together, and gives them with the file's size", async () => {
    const file = pdfFile(1_000_000, 999_000);
    const api = serve(file);
    const opening = await fetchOpeningRanges(4);
    expect(api.calls.map((call) => `${call.url} ${call.range}`)).toEqual([
      `${bookPdfPath(4)} bytes=0-${HEAD_BYTES - 1}`,
      `${bookPdfPath(4)} bytes=-${TAIL_BYTES}`,
    ]);
    expect(opening.total).toBe(file.length);
    expect(sameBytes(opening.head, file.subarray(0, HEAD_BYTES))).toBe(true);
    expect(opening.tail.begin).toBe(file.length - TAIL_BYTES);
    expect(sameBytes(opening.tail.bytes, file.subarray(file.length - TAIL_BYTES))).toBe(true);
  });

  it('reads the rest of a cross-reference section that starts before the end asked for, from its chunk, in one go', async () => {
    const xref = 5 * RANGE_CHUNK_SIZE + 1234;
    const file = pdfFile(2_000_000, xref);
    const api = serve(file);
    const opening = await fetchOpeningRanges(4);
    const tailBegin = file.length - TAIL_BYTES;
    expect(api.calls.map((call) => call.range)).toEqual([
      `bytes=0-${HEAD_BYTES - 1}`,
      `bytes=-${TAIL_BYTES}`,
      `bytes=${5 * RANGE_CHUNK_SIZE}-${tailBegin - 1}`,
    ]);
    expect(opening.tail.begin).toBe(5 * RANGE_CHUNK_SIZE);
    expect(sameBytes(opening.tail.bytes, file.subarray(5 * RANGE_CHUNK_SIZE))).toBe(true);
  });

  it('does not read ahead a section longer than MAX_CROSS_REFERENCE_BYTES', async () => {
    const file = pdfFile(MAX_CROSS_REFERENCE_BYTES + 2 * TAIL_BYTES, 1000);
    const api = serve(file);
    const opening = await fetchOpeningRanges(4);
    expect(api.calls).toHaveLength(2);
    expect(opening.tail.begin).toBe(file.length - TAIL_BYTES);
  });

  it('a file shorter than what is asked for comes whole, twice', async () => {
    const file = pdfFile(3000, 10);
    serve(file);
    const opening = await fetchOpeningRanges(4);
    expect(opening).toEqual({ total: 3000, head: file, tail: { begin: 0, bytes: file } });
  });
});
