import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOOK_FILES, bookListSchema, bookMetadataSchema, errorResponseSchema } from '@threadbook/contracts';
import { ApiError } from '../../api-errors.ts';
import type { Db } from '../../db/database.ts';
import { createEncodedCache, sendEncoded } from '../../encoded-body.ts';
import { errorHandler } from '../../error-handler.ts';
import { bookIdOf } from './book-id.ts';
import { rangeToSend, requestedRange } from './byte-range.ts';
import { createFileBytes, sendFileBytes } from './file-bytes.ts';
import { readyBooks } from './ready-books.ts';
import { booksDir, COVER_FILE } from './storage.ts';

/** Covers change only with a new import (a new id), so the browser may keep them a day. */
const COVER_CACHE_CONTROL = 'private, max-age=86400';
/** The PDF and XML are read in ranges and revalidated with their ETag. */
const FILE_CACHE_CONTROL = 'private, max-age=0, must-revalidate';

const idParams = z.object({ id: z.string() });
const fileParams = z.object({ id: z.string(), file: z.string() });
/** The only names `/files/{file}` answers; anything else is 404 before any path is built. */
const servedFiles = new Set<string>([BOOK_FILES.pdf, BOOK_FILES.xml]);

const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

const CONTENT_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.xml': 'application/xml',
  '.png': 'image/png',
};

/**
 * The books API (SPEC §7), behind the bearer token. Ids are numbers (400 'Invalid book id' otherwise) and
 * only 'ready' books exist (404 'Book not found'). Files are served by @fastify/static from a path made of
 * the numeric id and a whitelisted name only: ETag, 304, content types and ranges come from it, the
 * Range header checked first (byte-range.ts).
 */
export const booksRoutes: FastifyPluginAsync<{ db: Db; dataDir: string; fileCacheBytes: number }> = async (
  app,
  { db, dataDir, fileCacheBytes },
) => {
  const root = booksDir(dataDir);
  // sendFile only; the web feature's instance serves the app. Dot files (staging folders) are never named.
  await app.register(fastifyStatic, { root, serve: false, dotfiles: 'deny' });
  // A 416 from @fastify/send carries `Content-Range: bytes */size`, which the shared handler would drop.
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    const range = (error as { headers?: Record<string, string> }).headers?.['Content-Range'];
    if (error.statusCode === 416 && range) reply.header('content-range', range);
    return errorHandler(error, request, reply);
  });

  /** The ready book with this path id. */
  const findBook = async (rawId: string) => {
    const id = bookIdOf(rawId);
    const book = await readyBooks(db)
      .select(['id', 'title', 'author', 'page_count'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!book) throw new ApiError.BookNotFound();
    return book;
  };

  const xmlBodies = createEncodedCache('application/xml; charset=utf-8', 16);
  const fileBytes = createFileBytes(fileCacheBytes);
  const sendBookFile = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: number,
    name: string,
    cacheControl: string,
  ) => {
    const relative = path.join(String(id), name);
    const file = path.join(root, relative);
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) throw new ApiError.FileNotFound();
    if (name === BOOK_FILES.xml && requestedRange(request.headers, stat) === undefined) {
      // Every opening of a book asks for its whole XML (a megabyte for 350 pages): compressed once per
      // version of the file (a graph rebuild rewrites it), not on every request.
      const body = await xmlBodies.get(String(id), `${stat.size}-${stat.mtimeMs}`, () => readFile(file));
      return sendEncoded(request, reply, body, cacheControl);
    }
    const bytes = fileBytes.get(file, stat);
    if (bytes) {
      const type = CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream';
      return sendFileBytes(request, reply, await bytes, stat, { type, cacheControl });
    }
    // A file too large to keep in memory: send streams it, reading only the range rangeToSend leaves.
    const range = rangeToSend(request.headers, stat);
    if (range === undefined) delete request.raw.headers.range;
    else request.raw.headers.range = range;
    reply.header('cache-control', cacheControl);
    return reply.sendFile(relative, root, { cacheControl: false });
  };

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const list = async () =>
    readyBooks(db).select(['id', 'title', 'author']).orderBy('title').orderBy('id').execute();
  for (const url of ['/api/books/', '/api/books']) {
    typed.get(url, { onRequest: app.authenticate, schema: { response: { 200: bookListSchema } } }, list);
  }

  typed.get(
    '/api/books/:id/metadata',
    {
      onRequest: app.authenticate,
      schema: { params: idParams, response: { 200: bookMetadataSchema, ...errors } },
    },
    async (request) => {
      const book = await findBook(request.params.id);
      return {
        id: book.id,
        title: book.title,
        author: book.author,
        pageCount: book.page_count,
        files: { pdf: BOOK_FILES.pdf, xml: BOOK_FILES.xml },
      };
    },
  );

  typed.get(
    '/api/books/:id/cover',
    { onRequest: app.authenticate, schema: { params: idParams, response: errors } },
    async (request, reply) => {
      const book = await findBook(request.params.id);
      return sendBookFile(request, reply, book.id, COVER_FILE, COVER_CACHE_CONTROL);
    },
  );

  typed.get(
    '/api/books/:id/files/:file',
    { onRequest: app.authenticate, schema: { params: fileParams, response: errors } },
    async (request, reply) => {
      const book = await findBook(request.params.id);
      if (!servedFiles.has(request.params.file)) throw new ApiError.FileNotFound();
      return sendBookFile(request, reply, book.id, request.params.file, FILE_CACHE_CONTROL);
    },
  );
};
