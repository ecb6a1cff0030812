import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodedBody } from '../src/encoded-body.ts';

describe('encodedBody', () => {
  // A small body is compressed on the event loop, a large one on the thread pool: both must give the bytes back.
  it.each([
    ['a small body', 2_000],
    ['a large body', 200_000],
  ])('compresses %s to forms that decode to its bytes, each made once', async (_, size) => {
    // Half random hex, half repeated words: compressible, and no two bodies alike.
    const words = 'paragraph relationship background elaboration '.repeat(size / 90);
    const bytes = Buffer.from(randomBytes(size / 4).toString('hex') + words);
    const body = encodedBody(bytes, 'application/json', 'v1');
    const br = await body.compressed('br');
    const gzip = await body.compressed('gzip');
    expect(br.length).toBeLessThan(bytes.length);
    expect(brotliDecompressSync(br).equals(bytes)).toBe(true);
    expect(gunzipSync(gzip).equals(bytes)).toBe(true);
    expect(await body.compressed('br')).toBe(br);
    expect(body.etag).toBe('"v1"');
  });
});
