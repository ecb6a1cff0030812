import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BookErrorMessage,
  BookmarkErrorMessage,
  bookmarkListSchema,
  bookmarkParamsSchema,
  bookmarkRequestSchema,
  bookmarkSchema,
  errorResponseSchema,
  readingPositionRequestSchema,
  readingPositionSchema,
} from '@threadbook/contracts';
import type { Db } from '../../db/database.ts';
import {
  deleteBookmark,
  listBookmarks,
  putBookmark,
  readingPosition,
  readyBookPageCount,
  saveReadingPosition,
  type Shelf,
} from './queries.ts';

const idParams = z.object({ id: z.string() });
const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

/**
 * Bookmarks and the reading position (DESIGN.md decision 4), behind the bearer token and always the
 * signed-in user's own. The book id is taken as the books API takes it (400 'Invalid book id', 404 'Book
 * not found' unless ready); pages run from 1 to the book's page count (400 otherwise).
 */
export const bookmarksRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const fail = (reply: FastifyReply, statusCode: 400 | 404, message: string) =>
    reply
      .code(statusCode)
      .send({ statusCode, error: statusCode === 400 ? 'Bad Request' : 'Not Found', message });

  /**
   * The user's shelf in the ready book of the path, with `page` checked against its page count; undefined
   * after answering 400/404.
   */
  const shelfOf = async (
    request: FastifyRequest,
    reply: FastifyReply,
    rawId: string,
    page?: number,
  ): Promise<Shelf | undefined> => {
    const bookId = /^\d{1,15}$/.test(rawId) ? Number(rawId) : 0;
    if (bookId <= 0) {
      await fail(reply, 400, BookErrorMessage.invalidId);
      return undefined;
    }
    const pageCount = await readyBookPageCount(db, bookId);
    if (pageCount === undefined) {
      await fail(reply, 404, BookErrorMessage.notFound);
      return undefined;
    }
    if (page !== undefined && page > pageCount) {
      await fail(reply, 400, BookmarkErrorMessage.pageOutOfRange(pageCount));
      return undefined;
    }
    return { userId: request.user.uid, bookId };
  };

  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/books/:id/bookmarks',
    {
      onRequest: app.authenticate,
      schema: { params: idParams, response: { 200: bookmarkListSchema, ...errors } },
    },
    async (request, reply) => {
      const shelf = await shelfOf(request, reply, request.params.id);
      return shelf ? listBookmarks(db, shelf) : reply;
    },
  );

  typed.put(
    '/api/books/:id/bookmarks/:page',
    {
      onRequest: app.authenticate,
      schema: {
        params: bookmarkParamsSchema,
        body: bookmarkRequestSchema,
        response: { 200: bookmarkSchema, 201: bookmarkSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id, page } = request.params;
      const shelf = await shelfOf(request, reply, id, page);
      if (!shelf) return reply;
      const outcome = await putBookmark(db, shelf, page, request.body?.label ?? null);
      if (outcome.status === 'full') return fail(reply, 400, BookmarkErrorMessage.tooMany);
      return reply.code(outcome.status === 'created' ? 201 : 200).send(outcome.bookmark);
    },
  );

  typed.delete(
    '/api/books/:id/bookmarks/:page',
    {
      onRequest: app.authenticate,
      schema: { params: bookmarkParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const { id, page } = request.params;
      const shelf = await shelfOf(request, reply, id, page);
      if (!shelf) return reply;
      if (!(await deleteBookmark(db, shelf, page))) return fail(reply, 404, BookmarkErrorMessage.notFound);
      return reply.code(204).send(null);
    },
  );

  typed.get(
    '/api/books/:id/position',
    {
      onRequest: app.authenticate,
      schema: { params: idParams, response: { 200: readingPositionSchema, ...errors } },
    },
    async (request, reply) => {
      const shelf = await shelfOf(request, reply, request.params.id);
      return shelf ? { page: await readingPosition(db, shelf) } : reply;
    },
  );

  typed.put(
    '/api/books/:id/position',
    {
      onRequest: app.authenticate,
      schema: {
        params: idParams,
        body: readingPositionRequestSchema,
        response: { 200: readingPositionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { page } = request.body;
      const shelf = await shelfOf(request, reply, request.params.id, page);
      if (!shelf) return reply;
      await saveReadingPosition(db, shelf, page);
      return { page };
    },
  );
};
