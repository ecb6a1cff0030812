import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, isPageImageWidth } from '@threadbook/contracts';
import { ApiError } from '../../api-errors.ts';
import { positiveWholeNumber } from '../../path-number.ts';
import { bookIdOf, sendFileBytes, type BookAccess } from '../books/index.ts';
import type { PageImages } from './page-images.ts';

/** A book's PDF never changes under its id, so neither does a page's image: the browser keeps it a day. */
const IMAGE_CACHE_CONTROL = 'private, max-age=86400';

const params = z.object({ id: z.string(), page: z.string() });
const query = z.object({ width: z.string().optional() });
const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

/**
 * GET /api/books/{id}/pages/{page}/image?width=N (issue 36): a page as WebP, N pixels wide (one of
 * PAGE_IMAGE_WIDTHS), behind the same access check as the book's files: a book the user does not see is
 * 404 'Book not found', a page past its last 404 'Page not found'.
 */
export const pageImagesRoutes: FastifyPluginAsync<{ access: BookAccess; images: PageImages }> = async (
  app,
  { access, images },
) => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/books/:id/pages/:page/image',
      { onRequest: app.authenticate, schema: { params, querystring: query, response: errors } },
      async (request, reply) => {
        const book = await access.book(bookIdOf(request.params.id), request.user.uid);
        const page = positiveWholeNumber(request.params.page);
        if (page === undefined) throw new ApiError.InvalidPage();
        if (page > book.pageCount) throw new ApiError.PageNotFound();
        const width = Number(request.query.width);
        if (!isPageImageWidth(width)) throw new ApiError.InvalidImageWidth();
        const image = await images.get(book.id, page, width);
        return sendFileBytes(request, reply, image.bytes, image.stat, {
          type: 'image/webp',
          cacheControl: IMAGE_CACHE_CONTROL,
        });
      },
    );
};
