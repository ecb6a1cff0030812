import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOOK_FILES, bookListSchema, bookMetadataSchema, errorResponseSchema } from '@threadbook/contracts';
import { ApiError } from '../../api-errors.ts';
import type { Db } from '../../db/database.ts';
import { createEncodedCache, sendEncoded } from '../../encoded-body.ts';
import { bookIdOf } from './book-id.ts';
import { requestedRange } from './byte-range.ts';
import { createFileBytes, sendFileBytes } from './file-bytes.ts';
import { readyBooks } from './ready-books.ts';
import { COVER_FILE, type BookStorage, type StoredFileName } from './storage.ts';

/** Covers change only with a new import (a new id), so the browser may keep them a day. */
const COVER_CACHE_CONTROL = 'private, max-age=86400';
/** The PDF and XML are read in ranges and revalidated with their ETag. */
const FILE_CACHE_CONTROL = 'private, max-age=0, must-revalidate';

const idParams = z.object({ id: z.string() });
const fileParams = z.object({ id: z.string(), file: z.string() });
/** The only names `/files/{file}` answers; anything else is 404 before any path is built. */
const servedFiles = new Set<string>([BOOK_FILES.pdf, BOOK_FILES.xml]);
const isServedFile = (name: string): name is StoredFileName => servedFiles.has(name);

const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

const CONTENT_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.xml': 'application/xml',
  '.png': 'image/png',
};

/**
 * The books API (SPEC §7), behind the bearer token. Ids are numbers (400 'Invalid book id' otherwise) and
 * only 'ready' books exist (404 'Book not found'). Files come from the book storage by the numeric id and
 * a whitelisted name only, with ETag, 304, content types and ranges (file-bytes.ts, byte-range.ts).
 */
export const booksRoutes: FastifyPluginAsync<{
  db: Db;
  storage: BookStorage;
  fileCacheBytes: number;
}> = async (app, { db, storage, fileCacheBytes }) => {
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
    name: StoredFileName,
    cacheControl: string,
  ) => {
    const stat = await storage.stat(id, name);
    if (!stat) throw new ApiError.FileNotFound();
    const read = () => storage.read(id, name);
    if (name === BOOK_FILES.xml && requestedRange(request.headers, stat) === undefined) {
      // Every opening of a book asks for its whole XML (a megabyte for 350 pages): compressed once per
      // version of the file (a graph rebuild rewrites it), not on every request.
      const body = await xmlBodies.get(String(id), stat.version, read);
      return sendEncoded(request, reply, body, cacheControl);
    }
    const type = CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream';
    // A file too large to keep in memory is streamed, only the range asked read.
    const bytes =
      (await fileBytes.get(`${id}/${name}`, stat, read)) ??
      ((range: { start: number; end: number }) => storage.readRange(id, name, range));
    return sendFileBytes(request, reply, bytes, stat, { type, cacheControl });
  };

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const list = async () =>
    (await readyBooks(db).select(['id', 'title', 'author']).orderBy('title').orderBy('id').execute()).map(
      (book) => ({ ...book, private: false }),
    );
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
      const { file } = request.params;
      if (!isServedFile(file)) throw new ApiError.FileNotFound();
      return sendBookFile(request, reply, book.id, file, FILE_CACHE_CONTROL);
    },
  );
};
