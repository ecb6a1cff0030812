import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BookErrorMessage,
  bookSearchQuerySchema,
  bookSearchResponseSchema,
  errorResponseSchema,
  SEARCH_LIMITS,
} from '@threadbook/contracts';
import type { Db } from '../../db/database.ts';
import { indexUnindexedBooks } from './backfill.ts';
import { searchTerms } from './query.ts';
import { searchIndex } from './search-index.ts';

const idParams = z.object({ id: z.string() });

/**
 * Find in the book: GET /api/books/{id}/search?q=..., behind the bearer token like the books API, with
 * its answers for a bad id (400 'Invalid book id') or a book that is not ready (404 'Book not found'). A
 * missing, blank or over-long `q` is a 400 naming the rule. Books imported before the index existed are
 * indexed first (backfill.ts).
 */
export const searchRoutes: FastifyPluginAsync<{ db: Db; dataDir: string }> = async (app, { db, dataDir }) => {
  await indexUnindexedBooks(db, dataDir, app.log);

  const fail = (reply: FastifyReply, statusCode: 400 | 404, message: string) =>
    reply
      .code(statusCode)
      .send({ statusCode, error: statusCode === 400 ? 'Bad Request' : 'Not Found', message });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/books/:id/search',
    {
      onRequest: app.authenticate,
      schema: {
        params: idParams,
        querystring: bookSearchQuerySchema,
        response: { 200: bookSearchResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
      // Up to 500 hits: TypeScript holds the handler to the response schema, so the answer is not
      // parsed again on its way out.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request, reply) => {
      const bookId = /^\d{1,15}$/.test(request.params.id) ? Number(request.params.id) : 0;
      if (bookId <= 0) return fail(reply, 400, BookErrorMessage.invalidId);
      const book = await db
        .selectFrom('book')
        .select('id')
        .where('id', '=', bookId)
        .where('status', '=', 'ready')
        .executeTakeFirst();
      if (!book) return fail(reply, 404, BookErrorMessage.notFound);
      const { hits, total } = await searchIndex.search(
        db,
        bookId,
        searchTerms(request.query.q),
        SEARCH_LIMITS.maxHits,
      );
      return { hits, total, truncated: total > hits.length };
    },
  );
};
