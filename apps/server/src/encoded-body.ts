import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createVersionedCache } from './versioned-cache.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';
const negotiator = new Negotiator<Encoding | 'identity'>({ supportedValues: ['br', 'gzip', 'identity'] });

/**
 * A large answer that only changes with a version (a book's graph, its XML): its bytes, and each
 * compressed form made once, on first demand, on libuv's thread pool, so serving it again costs no CPU on
 * the event loop. `etag` names the version (and so the bytes).
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
        form =
          encoding === 'br'
            ? brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
            : gzip(bytes, { level: 6 });
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
