import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stripBookPrefix } from '@threadbook/book';
import {
  bookGraphQuerySchema,
  bookGraphResponseSchema,
  errorResponseSchema,
  graphSummaryRequestSchema,
  graphSummaryResponseSchema,
  pageReferencesResponseSchema,
  pageTermsResponseSchema,
  paragraphDetailSchema,
  paragraphTextsQuerySchema,
  paragraphTextsResponseSchema,
  placedParagraphOf,
  rankRelated,
  relatedAnswer,
  relatedParagraphsResponseSchema,
  relatedQuerySchema,
} from '@threadbook/contracts';
import { ApiError } from '../../api-errors.ts';
import { type BookAccess, bookIdOf } from '../books/index.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { databaseRateLimitStore } from '../../db/rate-limit-store.ts';
import { positiveWholeNumber } from '../../path-number.ts';
import { createExplainer, ExplanationError } from './explainers.ts';
import { createGraphCache } from './graph-cache.ts';
import { createPageSpans, type PageSpans } from './page-spans.ts';
import { edgeBetween, paragraphDetail } from './loaded-graph.ts';
import { bookGraph, pageReferences, pageTerms, type Missing } from './queries.ts';
import { createEncodedCache, sendEncoded } from '../../encoded-body.ts';
import { cachedSummary } from './summaries.ts';

type GraphConfig = Pick<Config, 'llm' | 'summaryRateLimit'>;

const bookParams = z.object({ bookId: z.string() });
const paragraphParams = z.object({ bookId: z.string(), paragraphId: z.string() });
const pageParams = z.object({ bookId: z.string(), page: z.string() });
const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

/** The answer to what is missing. */
const MISSING: Record<Missing, new () => Error> = {
  book: ApiError.BookNotFound,
  graph: ApiError.NoGraph,
};

/** The paragraph id without its 'bookId:' prefix; undefined when the prefix names another book (a 404). */
function paragraphIdOf(bookId: number, raw: string): string | undefined {
  const colon = raw.indexOf(':');
  return colon === -1 || positiveWholeNumber(raw.slice(0, colon)) === bookId
    ? stripBookPrefix(raw)
    : undefined;
}

/**
 * The graph API (docs/product.md §7), behind the bearer token like the books API. Book ids are numbers (400
 * otherwise); only 'ready' books with a stored graph answer (404 otherwise). Paragraph ids are taken with
 * or without a 'bookId:' prefix and answered plain. Summaries are limited per user: SUMMARY_RATE_LIMIT a
 * minute, counted before the cache is looked at (a cached answer counts too; it keeps the limit simple
 * and the reader caches summaries itself, docs/product.md §4).
 */
export const graphRoutes: FastifyPluginAsync<{ db: Db; access: BookAccess; config: GraphConfig }> = async (
  app,
  { db, access, config },
) => {
  // Counted in the database, so the limit holds across the servers that share it.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) });
  const explainer = createExplainer(config.llm);
  const graphs = createGraphCache(db);
  /** The book's graph, as the calls about paragraphs read it; a 404 when there is none. */
  const graphOf = async (bookId: number) => {
    const graph = await graphs.get(bookId);
    if (typeof graph === 'string') throw new MISSING[graph]();
    return graph;
  };
  // A whole book's graph is megabytes of JSON (9.5 MB for 138,000 paragraphs): made and compressed once
  // per graph version, not per request.
  const wholeGraphs = createEncodedCache('application/json; charset=utf-8', 8);

  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/graph/books/:bookId/paragraphs/:paragraphId/related',
    {
      onRequest: app.authenticate,
      schema: {
        params: paragraphParams,
        querystring: relatedQuerySchema,
        response: { 200: relatedParagraphsResponseSchema, ...errors },
      },
      // The reader's busiest call, with ten paragraphs' texts in each answer: TypeScript holds the
      // handler to the response schema, so the answer is not parsed again on its way out.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const bookId = bookIdOf(request.params.bookId);
      await access.check(bookId, request.user.uid);
      const graph = await graphOf(bookId);
      const paragraphId = paragraphIdOf(bookId, request.params.paragraphId);
      const source = paragraphId === undefined ? undefined : graph.nodes.get(paragraphId);
      if (!source) throw new ApiError.ParagraphNotFound();
      return relatedAnswer(source, rankRelated(graph, source.id, request.query), request.query, (id) =>
        graph.nodes.get(id),
      );
    },
  );

  typed.get(
    '/api/graph/books/:bookId/paragraphs',
    {
      onRequest: app.authenticate,
      schema: {
        params: bookParams,
        querystring: paragraphTextsQuerySchema,
        response: { 200: paragraphTextsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const bookId = bookIdOf(request.params.bookId);
      await access.check(bookId, request.user.uid);
      const graph = await graphOf(bookId);
      const paragraphs = request.query.ids.flatMap((raw) => {
        const id = paragraphIdOf(bookId, raw);
        const node = id === undefined ? undefined : graph.nodes.get(id);
        return node ? [placedParagraphOf(node)] : [];
      });
      return { paragraphs };
    },
  );

  typed.get(
    '/api/graph/books/:bookId/paragraphs/:paragraphId',
    {
      onRequest: app.authenticate,
      schema: { params: paragraphParams, response: { 200: paragraphDetailSchema, ...errors } },
    },
    async (request) => {
      const bookId = bookIdOf(request.params.bookId);
      await access.check(bookId, request.user.uid);
      const paragraphId = paragraphIdOf(bookId, request.params.paragraphId);
      if (paragraphId === undefined) throw new ApiError.ParagraphNotFound();
      const paragraph = paragraphDetail(await graphOf(bookId), paragraphId);
      if (!paragraph) throw new ApiError.ParagraphNotFound();
      return paragraph;
    },
  );

  typed.get(
    '/api/graph/books/:bookId/graph',
    {
      onRequest: app.authenticate,
      schema: {
        params: bookParams,
        querystring: bookGraphQuerySchema,
        response: { 200: bookGraphResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const bookId = bookIdOf(request.params.bookId);
      await access.check(bookId, request.user.uid);
      const { version } = await graphOf(bookId);
      const { chapter, section } = request.query;
      if (chapter !== undefined || section !== undefined) return bookGraph(db, bookId, request.query);
      const body = await wholeGraphs.get(String(bookId), version, async () =>
        Buffer.from(JSON.stringify(await bookGraph(db, bookId, {}))),
      );
      return sendEncoded(request, reply, body, 'private, no-cache');
    },
  );

  /**
   * What one page of a book holds for the reader's hover: its references (docs/design.md "Reference spans") or
   * its defined terms' uses (docs/relationship-graph.md). Past the book's last page is a 404.
   */
  const onPage = async <Spans extends readonly object[]>(
    params: z.infer<typeof pageParams>,
    uid: string,
    spans: PageSpans<Spans>,
  ): Promise<Spans> => {
    const bookId = bookIdOf(params.bookId);
    const { pageCount } = await access.book(bookId, uid);
    const page = positiveWholeNumber(params.page);
    if (page === undefined) throw new ApiError.InvalidPage();
    const { version } = await graphOf(bookId);
    if (page > pageCount) throw new ApiError.PageNotFound();
    return spans.get(bookId, version, page);
  };
  const references = createPageSpans(db, pageReferences);
  const terms = createPageSpans(db, pageTerms);
  typed.get(
    '/api/graph/books/:bookId/pages/:page/references',
    {
      onRequest: app.authenticate,
      schema: { params: pageParams, response: { 200: pageReferencesResponseSchema, ...errors } },
    },
    (request) => onPage(request.params, request.user.uid, references),
  );
  typed.get(
    '/api/graph/books/:bookId/pages/:page/terms',
    {
      onRequest: app.authenticate,
      schema: { params: pageParams, response: { 200: pageTermsResponseSchema, ...errors } },
    },
    (request) => onPage(request.params, request.user.uid, terms),
  );

  typed.post(
    '/api/graph/books/:bookId/paragraphs/summary',
    {
      onRequest: app.authenticate,
      config: {
        rateLimit: {
          max: config.summaryRateLimit,
          timeWindow: 60_000,
          // After app.authenticate, so the limit is per signed-in user.
          hook: 'preHandler',
          keyGenerator: (request) => `summary:${request.user.uid}`,
          errorResponseBuilder: () => new ApiError.TooManySummaries(),
        },
      },
      schema: {
        params: bookParams,
        body: graphSummaryRequestSchema,
        response: { 200: graphSummaryResponseSchema, ...errors, 502: errorResponseSchema },
      },
    },
    async (request) => {
      const bookId = bookIdOf(request.params.bookId);
      await access.check(bookId, request.user.uid);
      const { relationship_type: type } = request.body;
      const sourceId = paragraphIdOf(bookId, request.body.source_paragraph);
      if (sourceId === undefined) throw new ApiError.SourceParagraphNotFound();
      const graph = await graphOf(bookId);
      const source = graph.nodes.get(sourceId);
      if (!source) throw new ApiError.SourceParagraphNotFound();
      const relatedId = paragraphIdOf(bookId, request.body.related_paragraph);
      const related = relatedId === undefined ? undefined : graph.nodes.get(relatedId);
      if (!related) throw new ApiError.RelatedParagraphNotFound();
      const edge = edgeBetween(graph, source.id, related.id, type);
      try {
        const summary = await cachedSummary(db, explainer, bookId, {
          type,
          source: { id: source.id, text: source.text },
          related: { id: related.id, text: related.text },
          edge,
        });
        return { summary };
      } catch (error) {
        if (!(error instanceof ExplanationError)) throw error;
        request.log.warn({ err: error.cause ?? error }, 'relationship summary failed');
        throw new ApiError.ExplanationFailed(error.message);
      }
    },
  );
};
