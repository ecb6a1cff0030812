import { z } from 'zod';
import { PAGE_IMAGE_WIDTHS, PageImageErrorMessage } from './page-images.ts';

// Apart from page-images.ts, which the reader's head script takes: a schema would bring zod into it.

/**
 * POST: has the server draw pages of book `bookId` ahead, at one width (preparePageImagesSchema), so that
 * asking for them later finds them made: the pages the references of a page the student rests on lead to,
 * for their previews. Answered 202 before they are drawn.
 */
export function preparePageImagesPath(bookId: number): string {
  return `/api/books/${bookId}/page-images`;
}

/** The most pages one call may ask ahead. */
export const PREPARE_PAGE_IMAGES_MAX = 16;

export const preparePageImagesSchema = z.object({
  pages: z.array(z.number().int().positive()).min(1).max(PREPARE_PAGE_IMAGES_MAX),
  width: z.literal(PAGE_IMAGE_WIDTHS, { error: PageImageErrorMessage.invalidWidth }),
});
export type PreparePageImages = z.infer<typeof preparePageImagesSchema>;
