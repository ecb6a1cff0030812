import { z } from 'zod';

/** The two files every book has (docs/product.md §5: a book must have both a pdf and an xml file). */
export const BOOK_FILES = { pdf: 'book.pdf', xml: 'book.xml' } as const;

/** Book ids are positive integers; in a path they must be all digits (else 400 'Invalid book id'). */
export const bookIdSchema = z.number().int().positive();

/**
 * docs/product.md §3 "Book list item": GET /api/books/ answers a list of these. The cover is fetched by id.
 * `private` (beyond the spec): a book the user added themselves, which no one else sees (uploads.ts).
 */
export const bookListItemSchema = z.object({
  id: bookIdSchema,
  title: z.string(),
  author: z.string(),
  private: z.boolean(),
});
export type BookListItem = z.infer<typeof bookListItemSchema>;

export const bookListSchema = z.array(bookListItemSchema);

/** docs/product.md §3 "Book metadata": GET /api/books/{id}/metadata. */
export const bookMetadataSchema = z.object({
  id: bookIdSchema,
  title: z.string(),
  author: z.string(),
  /** Pages of the PDF. */
  pageCount: z.number().int().nonnegative(),
  files: z.object({ pdf: z.literal(BOOK_FILES.pdf), xml: z.literal(BOOK_FILES.xml) }),
});
export type BookMetadata = z.infer<typeof bookMetadataSchema>;

/** Messages of the books API (docs/product.md §5). */
export const BookErrorMessage = {
  invalidId: 'Invalid book id',
  notFound: 'Book not found',
  fileNotFound: 'File not found',
} as const;
