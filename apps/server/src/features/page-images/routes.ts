import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  isPageImageWidth,
  OPENING_IMAGE_HEADERS,
  type PageImageWidth,
  preparePageImagesSchema,
} from '@threadbook/contracts';
import { ApiError } from '../../api-errors.ts';
import { positiveWholeNumber } from '../../path-number.ts';
import { bookIdOf, sendFileBytes, type BookAccess, type Shelf } from '../books/index.ts';
import type { PageImages } from './page-images.ts';

/** A book's PDF never changes under its id, so neither does a page's image: the browser keeps it a day. */
const IMAGE_CACHE_CONTROL = 'private, max-age=86400';
/** The page a book opens at moves as the student reads: its image is asked anew each time. */
const OPENING_CACHE_CONTROL = 'private, no-store';

/**
 * The page a user opens a book at (their reading position, when they have one), or null when their pages
 * are recoloured and an image would flash the book's own colours.
 */
export type OpeningPageOf = (shelf: Shelf) => Promise<number | null>;

interface Options {
  access: BookAccess;
  images: PageImages;
  openingPageOf: OpeningPageOf;
}

const params = z.object({ id: z.string(), page: z.string() });
const bookParams = z.object({ id: z.string() });
const query = z.object({ width: z.string().optional() });
const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

function imageWidth(asked: string | undefined): PageImageWidth {
  const width = Number(asked);
  if (!isPageImageWidth(width)) throw new ApiError.InvalidImageWidth();
  return width;
}

/**
 * GET /api/books/{id}/pages/{page}/image?width=N (issue 36): a page as WebP, N pixels wide (one of
 * PAGE_IMAGE_WIDTHS), behind the same access check as the book's files: a book the user does not see is
 * 404 'Book not found', a page past its last 404 'Page not found'.
 */
export const pageImagesRoutes: FastifyPluginAsync<Options> = async (
  app,
  { access, images, openingPageOf },
) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/books/:id/pages/:page/image',
    { onRequest: app.authenticate, schema: { params, querystring: query, response: errors } },
    async (request, reply) => {
      const book = await access.book(bookIdOf(request.params.id), request.user.uid);
      const page = positiveWholeNumber(request.params.page);
      if (page === undefined) throw new ApiError.InvalidPage();
      if (page > book.pageCount) throw new ApiError.PageNotFound();
      const image = await images.get(book.id, page, imageWidth(request.query.width));
      return sendFileBytes(request, reply, image.bytes, image.stat, {
        type: 'image/webp',
        cacheControl: IMAGE_CACHE_CONTROL,
      });
    },
  );

  /**
   * POST /api/books/{id}/page-images {pages, width}: the pages drawn ahead at that width (the targets of the
   * references on the page a student rests on, for their previews), behind the same access check. 202
   * before they are drawn; a page past the book's last is 404 'Page not found'.
   */
  typed.post(
    '/api/books/:id/page-images',
    {
      onRequest: app.authenticate,
      schema: {
        params: bookParams,
        body: preparePageImagesSchema,
        response: { 202: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const book = await access.book(bookIdOf(request.params.id), request.user.uid);
      const { pages, width } = request.body;
      if (pages.some((page) => page > book.pageCount)) throw new ApiError.PageNotFound();
      // A page asked twice is drawn once: prepare keeps one place per page.
      images.prepare(book.id, pages, width);
      return reply.code(202).send(null);
    },
  );

  /**
   * GET /api/books/{id}/opening-image?width=N: the page the student opens the book at, as above, in one
   * round trip instead of the position's and then the image's (a reader opened by its address shows it
   * before its own code has run); its number and the book's page count in OPENING_IMAGE_HEADERS. 204 when
   * the student's pages are recoloured.
   */
  typed.get(
    '/api/books/:id/opening-image',
    {
      onRequest: app.authenticate,
      schema: { params: bookParams, querystring: query, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const book = await access.book(bookIdOf(request.params.id), request.user.uid);
      const width = imageWidth(request.query.width);
      const saved = await openingPageOf({
        userId: request.user.uid,
        bookId: book.id,
        pageCount: book.pageCount,
      });
      reply.header('cache-control', OPENING_CACHE_CONTROL);
      if (saved === null) return reply.code(204).send(null);
      // A position past the last page (a book imported again, shorter) opens at its last page, as the reader does.
      const page = Math.min(Math.max(1, saved), book.pageCount);
      const image = await images.get(book.id, page, width);
      reply.header(OPENING_IMAGE_HEADERS.page, page).header(OPENING_IMAGE_HEADERS.pageCount, book.pageCount);
      return sendFileBytes(request, reply, image.bytes, image.stat, {
        type: 'image/webp',
        cacheControl: OPENING_CACHE_CONTROL,
      });
    },
  );
};
