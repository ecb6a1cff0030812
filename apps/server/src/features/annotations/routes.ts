import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseBookXml } from '@threadbook/book';
import {
  annotationExportQuerySchema,
  annotationListSchema,
  annotationParamsSchema,
  annotationPatchSchema,
  annotationRequestSchema,
  annotationSchema,
  BOOK_FILES,
  errorResponseSchema,
} from '@threadbook/contracts';
import { ApiError } from '../../api-errors.ts';
import type { Db } from '../../db/database.ts';
import { type BookAccess, booksOf, type BookStorage, named, type Shelf, shelves } from '../books/index.ts';
import { annotationsJsonLd, annotationsMarkdown, sectionHeadings, type ExportedBook } from './export.ts';
import { createAnnotation, deleteAnnotation, listAnnotations, updateAnnotation } from './queries.ts';

const idParams = z.object({ id: z.string() });

/** A text the browser saves as a file. */
function download(reply: FastifyReply, type: string, filename: string, text: string) {
  return reply
    .type(`${type}; charset=utf-8`)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(text);
}
const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

/**
 * Highlights and notes, behind the bearer token and always the signed-in user's own: another user's
 * highlight is 404 like one that does not exist. The book id is taken as the books API takes it; a
 * highlight's page runs from 1 to the book's page count.
 */
export const annotationsRoutes: FastifyPluginAsync<{
  db: Db;
  access: BookAccess;
  storage: BookStorage;
  /** The server's public URL: an export's annotations name the book's PDF by it. */
  publicUrl: string;
}> = async (app, { db, access, storage, publicUrl }) => {
  const shelfOf = shelves(access);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  /** The book as an export names it: the title the user gave or sees, and its sections' headings. */
  const exportedBook = async ({ userId, bookId }: Shelf): Promise<ExportedBook> => {
    const book = await booksOf(db, userId)
      .select(named)
      .where('book.id', '=', bookId)
      .executeTakeFirstOrThrow();
    const xml = (await storage.read(bookId, BOOK_FILES.xml)).toString('utf8');
    return {
      title: book.title,
      source: new URL(`/api/books/${bookId}/files/${BOOK_FILES.pdf}`, publicUrl).href,
      sectionOf: sectionHeadings(parseBookXml(xml)),
    };
  };

  typed.get(
    '/api/books/:id/annotations',
    {
      onRequest: app.authenticate,
      schema: { params: idParams, response: { 200: annotationListSchema, ...errors } },
    },
    async (request) => listAnnotations(db, await shelfOf(request, request.params.id)),
  );

  typed.post(
    '/api/books/:id/annotations',
    {
      onRequest: app.authenticate,
      schema: {
        params: idParams,
        body: annotationRequestSchema,
        response: { 201: annotationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const shelf = await shelfOf(request, request.params.id, body.target.page);
      const outcome = await createAnnotation(db, shelf, body);
      if (outcome.status === 'full') throw new ApiError.TooManyAnnotations();
      return reply.code(201).send(outcome.annotation);
    },
  );

  typed.patch(
    '/api/books/:id/annotations/:aid',
    {
      onRequest: app.authenticate,
      schema: {
        params: annotationParamsSchema,
        body: annotationPatchSchema,
        response: { 200: annotationSchema, ...errors },
      },
    },
    async (request) => {
      const { id, aid } = request.params;
      const updated = await updateAnnotation(db, await shelfOf(request, id), aid, request.body);
      if (updated === undefined) throw new ApiError.AnnotationNotFound();
      return updated;
    },
  );

  typed.delete(
    '/api/books/:id/annotations/:aid',
    {
      onRequest: app.authenticate,
      schema: { params: annotationParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const { id, aid } = request.params;
      if (!(await deleteAnnotation(db, await shelfOf(request, id), aid)))
        throw new ApiError.AnnotationNotFound();
      return reply.code(204).send(null);
    },
  );

  typed.get(
    '/api/books/:id/annotations/export',
    {
      onRequest: app.authenticate,
      schema: { params: idParams, querystring: annotationExportQuerySchema, response: errors },
    },
    async (request, reply) => {
      const shelf = await shelfOf(request, request.params.id);
      const [book, annotations] = await Promise.all([exportedBook(shelf), listAnnotations(db, shelf)]);
      const name = `book-${shelf.bookId}-notes`;
      return request.query.format === 'md'
        ? download(reply, 'text/markdown', `${name}.md`, annotationsMarkdown(book, annotations))
        : download(
            reply,
            'application/ld+json',
            `${name}.jsonld`,
            JSON.stringify(annotationsJsonLd(book, annotations), null, 2),
          );
    },
  );
};
