import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createVersionedCache } from './versioned-cache.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';

/**
 * Bodies smaller than this are compressed on the event loop. Handing a body to the thread pool costs the
 * event loop about 0.2 ms of its own (a compression stream made, fed and closed), more than compressing
 * 16 kB there; most search answers are a few kB (bench:search).
 */
const INLINE_BELOW_BYTES = 16_384;

/**
 * Compression levels. A body compressed on the event loop gets a fast level: every microsecond there
 * delays the requests behind it, and a few kB come out within a hundred bytes either way (ipsur's search
 * answers, 4.4 kB on average: brotli 2 takes 61 µs to 32% of the bytes, brotli 5 184 µs to 28%, a third
 * of the search's time on the event loop). A large one (a book's graph or XML, made once and sent to every
 * reader) is made smaller on the thread pool.
 */
const LEVELS = {
  inline: { br: 2, gzip: 3 },
  pooled: { br: 5, gzip: 6 },
} satisfies Record<string, Record<Encoding, number>>;

function compress(bytes: Buffer, encoding: Encoding): Buffer | Promise<Buffer> {
  const inline = bytes.length < INLINE_BELOW_BYTES;
  const level = LEVELS[inline ? 'inline' : 'pooled'][encoding];
  if (encoding === 'gzip') return inline ? zlib.gzipSync(bytes, { level }) : gzip(bytes, { level });
  // The size hint lets brotli size its window and tables to the body rather than to 4 MB.
  const options = {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: level,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  };
  return inline ? zlib.brotliCompressSync(bytes, options) : brotli(bytes, options);
}
const negotiator = new Negotiator<Encoding | 'identity'>({ supportedValues: ['br', 'gzip', 'identity'] });

/**
 * An answer that only changes with a version (a book's graph, its XML, a search's hits): its bytes, and
 * each compressed form made once, on first demand (a large one on libuv's thread pool), so serving it
 * again costs no compression. `etag` names the version (and so the bytes).
 */
export interface EncodedBody {
  readonly etag: string;
  readonly type: string;
  readonly bytes: Buffer;
  compressed(encoding: Encoding): Promise<Buffer>;
}

export function encodedBody(bytes: Buffer, type: string, version: string): EncodedBody {
  const forms = new Map<Encoding, Promise<Buffer>>();
  return {
    etag: `"${version}"`,
    type,
    bytes,
    compressed(encoding) {
      let form = forms.get(encoding);
      if (!form) {
        form = Promise.resolve(compress(bytes, encoding));
        forms.set(encoding, form);
      }
      return form;
    },
  };
}

/**
 * Sends `body` in the best encoding the request accepts (brotli, gzip, none), with its ETag; 304 when the
 * request's If-None-Match names it. The server's compression hook leaves an encoded reply alone.
 */
export async function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
  cacheControl: string,
): Promise<FastifyReply> {
  reply.header('etag', body.etag).header('vary', 'accept-encoding').header('cache-control', cacheControl);
  const known = request.headers['if-none-match'];
  if (known !== undefined && known.split(',').some((tag) => tag.trim().replace(/^W\//, '') === body.etag)) {
    return reply.code(304).send();
  }
  const encoding = negotiator.negotiate(request.headers['accept-encoding'] ?? 'identity');
  reply.type(body.type);
  if (encoding === 'br' || encoding === 'gzip') {
    return reply.header('content-encoding', encoding).send(await body.compressed(encoding));
  }
  // Unencoded: the compression hook finds no encoding it may use either.
  return reply.send(body.bytes);
}

export interface EncodedCache {
  /** The body of `key` at `version`: the one kept when the version is the same, else `build`'s, kept. */
  get(key: string, version: string, build: () => Promise<Buffer>): Promise<EncodedBody>;
}

/** The latest EncodedBody of each key, for at most `maxEntries` keys (the least recently used goes first). */
export function createEncodedCache(type: string, maxEntries: number): EncodedCache {
  const bodies = createVersionedCache<EncodedBody>(maxEntries);
  return {
    get: (key, version, build) =>
      bodies.get(key, version, 1, async () => encodedBody(await build(), type, `${key}-${version}`)),
  };
}
