import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createVersionedCache } from '../../versioned-cache.ts';
import { requestedRange } from './byte-range.ts';
import type { BookFileStat } from './storage.ts';

/** A larger file is never kept: it is streamed from storage. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

export interface FileBytes {
  /** The bytes of file `key` at this version, read once by `read`; undefined for a file too large to keep. */
  get(key: string, stat: BookFileStat, read: () => Promise<Buffer>): Promise<Buffer> | undefined;
}

/**
 * The books being read, in memory. A reader asks for a PDF in 64 KB ranges, many a second per reader;
 * from disk each costs a stat, an open, a read and a close on libuv's pool of four threads. A file is read
 * whole once and kept while it is among the most recently used within the budget; a file rewritten (a
 * graph rebuild rewrites the XML) has another size or mtime and is read again. `budget` (BOOK_CACHE_MB)
 * is the bytes kept in all.
 */
export function createFileBytes(budget: number, maxFile = Math.min(MAX_FILE_BYTES, budget)): FileBytes {
  const files = createVersionedCache<Buffer>(budget);
  return {
    get: (key, stat, read) =>
      stat.size > maxFile ? undefined : files.get(key, stat.version, stat.size, read),
  };
}

/**
 * Answers a GET of a file, from its bytes or from a stream of the bytes asked (a file too large to keep),
 * as @fastify/send would from disk: its weak ETag (size and mtime) and Last-Modified, 304 for a request
 * that has it, and the Range asked (byte-range.ts): 206 with the bytes, 416 with the size, or 200 with
 * the whole file.
 */
export function sendFileBytes(
  request: FastifyRequest,
  reply: FastifyReply,
  bytes: Buffer | ((range: { start: number; end: number }) => Readable),
  stat: BookFileStat,
  { type, cacheControl }: { type: string; cacheControl: string },
): FastifyReply {
  const etag = `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
  const lastModified = stat.mtime.toUTCString();
  reply
    .header('etag', etag)
    .header('last-modified', lastModified)
    .header('accept-ranges', 'bytes')
    .header('cache-control', cacheControl);
  if (notModified(request, etag, stat.mtime)) return reply.code(304).send();
  const asked = requestedRange(request.headers, stat);
  if (asked === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${stat.size}`).send();
  }
  reply.type(type);
  const range = asked ?? { start: 0, end: stat.size - 1 };
  if (asked !== undefined) {
    reply.code(206).header('content-range', `bytes ${asked.start}-${asked.end}/${stat.size}`);
  }
  if (Buffer.isBuffer(bytes)) {
    return reply.send(asked === undefined ? bytes : bytes.subarray(range.start, range.end + 1));
  }
  if (range.end < range.start) return reply.send(Buffer.alloc(0));
  return reply.header('content-length', range.end - range.start + 1).send(bytes(range));
}

/** If-None-Match (weak comparison, RFC 9110 §13.1.2), else If-Modified-Since (§13.1.3). */
function notModified(request: FastifyRequest, etag: string, mtime: Date): boolean {
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    return noneMatch.trim() === '*' || noneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
}
