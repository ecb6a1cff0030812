import { z } from 'zod';

/**
 * Bookmarks and the reading position (docs/design.md decision 4), per signed-in user and book:
 * GET /api/books/{id}/bookmarks, PUT and DELETE /api/books/{id}/bookmarks/{page},
 * GET and PUT /api/books/{id}/position. Pages are 1-based; the server also holds them to the book's
 * page count.
 */

export const BOOKMARK_LIMITS = {
  /** Bookmarks one user keeps in one book: far above any real use, it only bounds the storage. */
  perBook: 1000,
  /** Characters of a label, after trimming. */
  labelLength: 100,
} as const;

const pageMessage = 'must be a whole number of at least 1';

/** A page number in a path: all digits, at least 1 (the upper bound is the book's page count). */
const pageParamSchema = z
  .string()
  .regex(/^\d{1,15}$/, pageMessage)
  .transform(Number)
  .pipe(z.number().min(1, pageMessage));

/** A page number in a body. */
export const pageNumberSchema = z.number({ error: pageMessage }).int(pageMessage).min(1, pageMessage);

export const bookmarkParamsSchema = z.object({ id: z.string(), page: pageParamSchema });

/** PUT .../bookmarks/{page} body, which may be left out (null): a blank or missing label is no label. */
export const bookmarkRequestSchema = z
  .object({
    label: z
      .string({ error: 'must be text' })
      .trim()
      .max(BOOKMARK_LIMITS.labelLength, `must be at most ${BOOKMARK_LIMITS.labelLength} characters`)
      .regex(/^[^\p{Cc}]*$/u, 'must be a single line without control characters')
      .nullable()
      .optional()
      .transform((label) => label || null),
  })
  .nullish();
export type BookmarkRequest = z.input<typeof bookmarkRequestSchema>;

export const bookmarkSchema = z.object({
  page: z.number().int().positive(),
  label: z.string().nullable(),
  /** ISO 8601, when the page was first bookmarked. */
  createdAt: z.string(),
});
export type Bookmark = z.infer<typeof bookmarkSchema>;

/** GET .../bookmarks: the user's bookmarks of the book, in page order. */
export const bookmarkListSchema = z.array(bookmarkSchema);
export type BookmarkList = z.infer<typeof bookmarkListSchema>;

/** PUT .../position body. */
export const readingPositionRequestSchema = z.object({ page: pageNumberSchema });
export type ReadingPositionRequest = z.infer<typeof readingPositionRequestSchema>;

/** GET and PUT .../position answer: the page the user last read, null before any (open at page 1). */
export const readingPositionSchema = z.object({ page: z.number().int().positive().nullable() });
export type ReadingPosition = z.infer<typeof readingPositionSchema>;

/** Messages of the bookmarks API (a bad or unknown book id answers with BookErrorMessage). */
export const BookmarkErrorMessage = {
  pageOutOfRange: (pageCount: number) => `page: must be a whole number from 1 to ${pageCount}`,
  notFound: 'Bookmark not found',
  tooMany: `A book can have at most ${BOOKMARK_LIMITS.perBook} bookmarks; remove one to add another`,
} as const;
