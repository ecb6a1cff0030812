import { createHash } from 'node:crypto';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BookXmlError, withBookNames } from '@threadbook/book';
import {
  BOOK_FILES,
  bookListItemSchema,
  bookListSchema,
  bookMetadataSchema,
  bookRenameSchema,
  errorResponseSchema,
} from '@threadbook/contracts';
import { ApiError } from '../../api-errors.ts';
import type { Db } from '../../db/database.ts';
import { createEncodedCache, sendEncoded } from '../../encoded-body.ts';
import { bookIdOf } from './book-id.ts';
import { requestedRange } from './byte-range.ts';
import { createFileBytes, sendFileBytes } from './file-bytes.ts';
import { booksOf, named, type BookAccess } from './access.ts';
import { removeOwnBook, renameOwnBook, type OwnBookOutcome } from './own-books.ts';
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
const ownBookErrors = { ...errors, 403: errorResponseSchema };

/** A rename or removal that did not happen: 404 for a book the user does not see, 403 for a shared one. */
function refuse(outcome: Exclude<OwnBookOutcome, 'done'>): never {
  throw outcome === 'not-found' ? new ApiError.BookNotFound() : new ApiError.NotYourBook();
}

const CONTENT_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.xml': 'application/xml',
  '.png': 'image/png',
};

/**
 * The books API (docs/product.md §7), behind the bearer token. Ids are numbers (400 'Invalid book id' otherwise) and
 * only 'ready' books the user may see exist (404 'Book not found'; access.ts). Files come from the book
 * storage by the numeric id and a whitelisted name only, with ETag, 304, content types and ranges
 * (file-bytes.ts, byte-range.ts). A user renames and removes their own private books (own-books.ts).
 */
export const booksRoutes: FastifyPluginAsync<{
  db: Db;
  storage: BookStorage;
  access: BookAccess;
  fileCacheBytes: number;
}> = async (app, { db, storage, access, fileCacheBytes }) => {
  /** The ready book with this path id, as user `userId` sees it. */
  const findBook = (rawId: string, userId: string) => access.book(bookIdOf(rawId), userId);

  /** A stored file that is no book (damaged on disk) goes out as it is: the reader's parser says what is wrong. */
  const namedXml = (xml: string, names: { title: string; author: string }) => {
    try {
      return withBookNames(xml, names);
    } catch (error) {
      if (error instanceof BookXmlError) return xml;
      throw error;
    }
  };
  const xmlBodies = createEncodedCache('application/xml; charset=utf-8', 16);
  const fileBytes = createFileBytes(fileCacheBytes);
  const sendBookFile = async (
    request: FastifyRequest,
    reply: FastifyReply,
    book: { id: number; title: string; author: string },
    name: StoredFileName,
    cacheControl: string,
  ) => {
    const { id } = book;
    const stat = await storage.stat(id, name);
    if (!stat) throw new ApiError.FileNotFound();
    const read = () => storage.read(id, name);
    if (name === BOOK_FILES.xml) {
      // The XML under the names this user has for the book (a title they typed is theirs alone). Every
      // opening of a book asks for it whole (a megabyte for 350 pages): made and compressed once per
      // version of the file (a graph rebuild rewrites it) and names, not on every request.
      const names = { title: book.title, author: book.author };
      const key = `${id}-${createHash('sha256').update(JSON.stringify(names)).digest('hex').slice(0, 16)}`;
      const body = await xmlBodies.get(key, stat.version, async () =>
        Buffer.from(namedXml((await read()).toString('utf8'), names)),
      );
      if (requestedRange(request.headers, stat) === undefined) {
        return sendEncoded(request, reply, body, cacheControl);
      }
      const renamed = { ...stat, size: body.bytes.length };
      return sendFileBytes(request, reply, body.bytes, renamed, { type: body.type, cacheControl });
    }
    const type = CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream';
    // A file too large to keep in memory is streamed, only the range asked read.
    const bytes =
      (await fileBytes.get(`${id}/${name}`, stat, read)) ??
      ((range: { start: number; end: number }) => storage.readRange(id, name, range));
    return sendFileBytes(request, reply, bytes, stat, { type, cacheControl });
  };

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const list = async (request: FastifyRequest) => {
    const books = await booksOf(db, request.user.uid)
      .select((eb) => ['book.id', ...named(eb)])
      .execute();
    return books
      .map(({ id, title, author, visibility }) => ({ id, title, author, private: visibility === 'private' }))
      .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id - b.id));
  };
  for (const url of ['/api/books/', '/api/books']) {
    typed.get(url, { onRequest: app.authenticate, schema: { response: { 200: bookListSchema } } }, list);
  }

  typed.patch(
    '/api/books/:id',
    {
      onRequest: app.authenticate,
      schema: {
        params: idParams,
        body: bookRenameSchema,
        response: { 200: bookListItemSchema, ...ownBookErrors },
      },
    },
    async (request) => {
      const id = bookIdOf(request.params.id);
      const outcome = await renameOwnBook(db, id, request.user.uid, request.body);
      if (outcome !== 'done') refuse(outcome);
      access.forget(id);
      const book = await findBook(request.params.id, request.user.uid);
      return { id: book.id, title: book.title, author: book.author, private: book.visibility === 'private' };
    },
  );

  typed.delete(
    '/api/books/:id',
    {
      onRequest: app.authenticate,
      schema: { params: idParams, response: { 204: z.null(), ...ownBookErrors } },
    },
    async (request, reply) => {
      const id = bookIdOf(request.params.id);
      const outcome = await removeOwnBook(db, storage, id, request.user.uid);
      if (outcome !== 'done') refuse(outcome);
      access.forget(id);
      return reply.code(204).send(null);
    },
  );

  typed.get(
    '/api/books/:id/metadata',
    {
      onRequest: app.authenticate,
      schema: { params: idParams, response: { 200: bookMetadataSchema, ...errors } },
    },
    async (request) => {
      const book = await findBook(request.params.id, request.user.uid);
      return {
        id: book.id,
        title: book.title,
        author: book.author,
        pageCount: book.pageCount,
        files: { pdf: BOOK_FILES.pdf, xml: BOOK_FILES.xml },
      };
    },
  );

  typed.get(
    '/api/books/:id/cover',
    { onRequest: app.authenticate, schema: { params: idParams, response: errors } },
    async (request, reply) => {
      const book = await findBook(request.params.id, request.user.uid);
      return sendBookFile(request, reply, book, COVER_FILE, COVER_CACHE_CONTROL);
    },
  );

  typed.get(
    '/api/books/:id/files/:file',
    { onRequest: app.authenticate, schema: { params: fileParams, response: errors } },
    async (request, reply) => {
      const book = await findBook(request.params.id, request.user.uid);
      const { file } = request.params;
      if (!isServedFile(file)) throw new ApiError.FileNotFound();
      return sendBookFile(request, reply, book, file, FILE_CACHE_CONTROL);
    },
  );
};
