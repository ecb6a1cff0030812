import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stripBookPrefix } from '@threadbook/book';
import {
  bookGraphQuerySchema,
  bookGraphResponseSchema,
  errorResponseSchema,
  GraphErrorMessage,
  graphSummaryRequestSchema,
  graphSummaryResponseSchema,
  pageReferencesResponseSchema,
  paragraphDetailSchema,
  paragraphTextsQuerySchema,
  paragraphTextsResponseSchema,
  rankRelated,
  relatedAnswer,
  relatedParagraphsResponseSchema,
  relatedQuerySchema,
} from '@threadbook/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { createExplainer, ExplanationError } from './explainers.ts';
import { createGraphCache } from './graph-cache.ts';
import {
  bookGraph,
  edgeBetween,
  findParagraph,
  graphVersion,
  pageReferences,
  type Missing,
} from './queries.ts';
import { createEncodedCache, sendEncoded } from '../../encoded-body.ts';
import { cachedSummary } from './summaries.ts';

type GraphConfig = Pick<Config, 'llm' | 'summaryRateLimit'>;

const bookParams = z.object({ bookId: z.string() });
const paragraphParams = z.object({ bookId: z.string(), paragraphId: z.string() });
const pageParams = z.object({ bookId: z.string(), page: z.string() });
const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

const STATUS_TEXT = { 400: 'Bad Request', 404: 'Not Found', 502: 'Bad Gateway' } as const;

const MISSING: Record<Missing, string> = {
  book: GraphErrorMessage.bookNotFound,
  graph: GraphErrorMessage.noGraph,
  paragraph: GraphErrorMessage.paragraphNotFound,
};

/** A book id (as the books API takes it) or a page number: a positive whole number, else undefined (a 400). */
function bookIdOf(raw: string): number | undefined {
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  return id > 0 ? id : undefined;
}

/** The paragraph id without its 'bookId:' prefix; undefined when the prefix names another book (a 404). */
function paragraphIdOf(bookId: number, raw: string): string | undefined {
  const colon = raw.indexOf(':');
  return colon === -1 || bookIdOf(raw.slice(0, colon)) === bookId ? stripBookPrefix(raw) : undefined;
}

/**
 * The graph API (SPEC §7), behind the bearer token like the books API. Book ids are numbers (400
 * otherwise); only 'ready' books with a stored graph answer (404 otherwise). Paragraph ids are taken with
 * or without a 'bookId:' prefix and answered plain. Summaries are limited per user: SUMMARY_RATE_LIMIT a
 * minute, counted before the cache is looked at (a cached answer counts too; it keeps the limit simple
 * and the reader caches summaries itself, SPEC §4).
 */
export const graphRoutes: FastifyPluginAsync<{ db: Db; config: GraphConfig }> = async (
  app,
  { db, config },
) => {
  await app.register(rateLimit, { global: false });
  const explainer = createExplainer(config.llm);
  const graphs = createGraphCache(db);
  // A whole book's graph is megabytes of JSON (9.5 MB for 138,000 paragraphs): made and compressed once
  // per graph version, not per request.
  const wholeGraphs = createEncodedCache('application/json; charset=utf-8', 8);

  const fail = (reply: FastifyReply, statusCode: keyof typeof STATUS_TEXT, message: string) =>
    reply.code(statusCode).send({ statusCode, error: STATUS_TEXT[statusCode], message });
  const invalidBookId = (reply: FastifyReply) => fail(reply, 400, GraphErrorMessage.invalidBookId);

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
    async (request, reply) => {
      const bookId = bookIdOf(request.params.bookId);
      if (bookId === undefined) return invalidBookId(reply);
      const graph = await graphs.get(bookId);
      if (typeof graph === 'string') return fail(reply, 404, MISSING[graph]);
      const paragraphId = paragraphIdOf(bookId, request.params.paragraphId);
      const source = paragraphId === undefined ? undefined : graph.nodes.get(paragraphId);
      if (!source) return fail(reply, 404, MISSING.paragraph);
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
    async (request, reply) => {
      const bookId = bookIdOf(request.params.bookId);
      if (bookId === undefined) return invalidBookId(reply);
      const graph = await graphs.get(bookId);
      if (typeof graph === 'string') return fail(reply, 404, MISSING[graph]);
      const paragraphs = request.query.ids.flatMap((raw) => {
        const id = paragraphIdOf(bookId, raw);
        const node = id === undefined ? undefined : graph.nodes.get(id);
        return node ? [{ id: node.id, page: node.page, y_start: node.y_start, text: node.text }] : [];
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
    async (request, reply) => {
      const bookId = bookIdOf(request.params.bookId);
      if (bookId === undefined) return invalidBookId(reply);
      const paragraphId = paragraphIdOf(bookId, request.params.paragraphId);
      const paragraph =
        paragraphId === undefined ? 'paragraph' : await findParagraph(db, bookId, paragraphId);
      return typeof paragraph === 'string' ? fail(reply, 404, MISSING[paragraph]) : paragraph;
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
      if (bookId === undefined) return invalidBookId(reply);
      const row = await graphVersion(db, bookId);
      if (!row) return fail(reply, 404, MISSING.book);
      if (row.version === null) return fail(reply, 404, MISSING.graph);
      const { chapter, section } = request.query;
      if (chapter !== undefined || section !== undefined) return bookGraph(db, bookId, request.query);
      const body = await wholeGraphs.get(String(bookId), row.version, async () =>
        Buffer.from(JSON.stringify(await bookGraph(db, bookId, {}))),
      );
      return sendEncoded(request, reply, body, 'private, no-cache');
    },
  );

  typed.get(
    '/api/graph/books/:bookId/pages/:page/references',
    {
      onRequest: app.authenticate,
      schema: { params: pageParams, response: { 200: pageReferencesResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const bookId = bookIdOf(request.params.bookId);
      if (bookId === undefined) return invalidBookId(reply);
      // Past the book's last page is a 404.
      const page = bookIdOf(request.params.page);
      if (page === undefined) return fail(reply, 400, GraphErrorMessage.invalidPage);
      const spans = await pageReferences(db, bookId, page);
      if (spans === 'paragraph') return fail(reply, 404, GraphErrorMessage.pageNotFound);
      return typeof spans === 'string' ? fail(reply, 404, MISSING[spans]) : spans;
    },
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
          errorResponseBuilder: (_request, context) =>
            Object.assign(new Error(GraphErrorMessage.tooManySummaries), {
              name: 'Too Many Requests',
              statusCode: context.statusCode,
            }),
        },
      },
      schema: {
        params: bookParams,
        body: graphSummaryRequestSchema,
        response: { 200: graphSummaryResponseSchema, ...errors, 502: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const bookId = bookIdOf(request.params.bookId);
      if (bookId === undefined) return invalidBookId(reply);
      const { relationship_type: type } = request.body;
      const sourceId = paragraphIdOf(bookId, request.body.source_paragraph);
      const source = sourceId === undefined ? 'paragraph' : await findParagraph(db, bookId, sourceId);
      if (source === 'paragraph') return fail(reply, 404, GraphErrorMessage.sourceParagraphNotFound);
      if (typeof source === 'string') return fail(reply, 404, MISSING[source]);
      const relatedId = paragraphIdOf(bookId, request.body.related_paragraph);
      const related = relatedId === undefined ? 'paragraph' : await findParagraph(db, bookId, relatedId);
      if (related === 'paragraph') return fail(reply, 404, GraphErrorMessage.relatedParagraphNotFound);
      if (typeof related === 'string') return fail(reply, 404, MISSING[related]);
      const edge = await edgeBetween(db, bookId, source.id, related.id, type);
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
        return fail(reply, 502, error.message);
      }
    },
  );
};
