import { hash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookSearchQuerySchema,
  bookSearchResponseSchema,
  errorResponseSchema,
  SEARCH_LIMITS,
  type BookSearchResponse,
} from '@threadbook/contracts';
import type { Db } from '../../db/database.ts';
import { createEncodedCache, sendEncoded } from '../../encoded-body.ts';
import { type BookAccess, bookIdOf, type BookStorage } from '../books/index.ts';
import { indexUnindexedBooks } from './backfill.ts';
import { createIndexVersions } from './index-version.ts';
import { searchTerms } from './query.ts';
import { searchIndex } from './search-index.ts';

const idParams = z.object({ id: z.string() });

/**
 * Answers kept, the least recently asked going first. An answer of 500 hits is about 120 kB of JSON
 * (ipsur's 'the'), most are far smaller.
 */
const KEPT_ANSWERS = 100;

/**
 * Find in the book: GET /api/books/{id}/search?q=..., behind the bearer token like the books API, with
 * its answers for a bad id (400 'Invalid book id') or a book that is not ready (404 'Book not found'). A
 * missing, blank or over-long `q` is a 400 naming the rule. An answer is kept per book and terms until
 * the book is indexed again (its search_book version, also its ETag): readers of one book look for the
 * same words, and 500 hits with their snippets cost milliseconds to make. Books imported before the
 * index existed are indexed first (backfill.ts).
 */
export const searchRoutes: FastifyPluginAsync<{ db: Db; storage: BookStorage; access: BookAccess }> = async (
  app,
  { db, storage, access },
) => {
  await indexUnindexedBooks(db, storage, app.log);
  const answers = createEncodedCache('application/json; charset=utf-8', KEPT_ANSWERS);
  const indexVersionOf = createIndexVersions(db);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/books/:id/search',
    {
      onRequest: app.authenticate,
      schema: {
        params: idParams,
        querystring: bookSearchQuerySchema,
        response: { 200: bookSearchResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const bookId = bookIdOf(request.params.id);
      await access.check(bookId, request.user.uid);
      const version = await indexVersionOf(bookId);
      const terms = searchTerms(request.query.q);
      // The key goes into the ETag: a digest of the terms, never the text the user typed.
      const key = `${bookId}-${hash('sha256', JSON.stringify(terms), 'base64url')}`;
      const body = await answers.get(key, version ?? 'unindexed', async () => {
        const { hits, total } = await searchIndex.search(db, bookId, terms, SEARCH_LIMITS.maxHits);
        const answer: BookSearchResponse = { hits, total, truncated: total > hits.length };
        return Buffer.from(JSON.stringify(answer));
      });
      return sendEncoded(request, reply, body, 'private, no-cache');
    },
  );
};
