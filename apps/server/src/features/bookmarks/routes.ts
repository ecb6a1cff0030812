import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookmarkListSchema,
  bookmarkParamsSchema,
  bookmarkRequestSchema,
  bookmarkSchema,
  errorResponseSchema,
  readingPositionRequestSchema,
  readingPositionSchema,
} from '@threadbook/contracts';
import { ApiError } from '../../api-errors.ts';
import { type BookAccess, shelves } from '../books/index.ts';
import type { Db } from '../../db/database.ts';
import { deleteBookmark, listBookmarks, putBookmark, readingPosition } from './queries.ts';
import { createPositionSaver } from './position-saver.ts';

const idParams = z.object({ id: z.string() });
const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

/**
 * Bookmarks and the reading position (docs/design.md decision 4), behind the bearer token and always the
 * signed-in user's own. The book id is taken as the books API takes it (400 'Invalid book id', 404 'Book
 * not found' unless ready); pages run from 1 to the book's page count (400 otherwise).
 */
export const bookmarksRoutes: FastifyPluginAsync<{ db: Db; access: BookAccess }> = async (
  app,
  { db, access },
) => {
  const shelfOf = shelves(access);
  const savePosition = createPositionSaver(db);

  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/books/:id/bookmarks',
    {
      onRequest: app.authenticate,
      schema: { params: idParams, response: { 200: bookmarkListSchema, ...errors } },
    },
    async (request) => listBookmarks(db, await shelfOf(request, request.params.id)),
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
      const shelf = await shelfOf(request, id, page);
      const outcome = await putBookmark(db, shelf, page, request.body?.label ?? null);
      if (outcome.status === 'full') throw new ApiError.TooManyBookmarks();
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
      const shelf = await shelfOf(request, id, page);
      if (!(await deleteBookmark(db, shelf, page))) throw new ApiError.BookmarkNotFound();
      return reply.code(204).send(null);
    },
  );

  typed.get(
    '/api/books/:id/position',
    {
      onRequest: app.authenticate,
      schema: { params: idParams, response: { 200: readingPositionSchema, ...errors } },
    },
    async (request) => ({ page: await readingPosition(db, await shelfOf(request, request.params.id)) }),
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
    async (request) => {
      const { page } = request.body;
      await savePosition(await shelfOf(request, request.params.id, page), page);
      return { page };
    },
  );
};
