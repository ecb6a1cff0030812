import { z } from 'zod';

/**
 * Find in the book: GET /api/books/{id}/search?q=... (docs/design.md "Search"). Words are ANDed and each
 * matches a whole word, in any case and with or without accents; text in double quotes is a phrase (an
 * unclosed quote runs to the end). Hits come in reading order, at most `maxHits` of them.
 */
export const SEARCH_LIMITS = {
  /** The longest query accepted, in characters (UTF-16 code units, as `String.length` counts them). */
  maxQueryLength: 1000,
  /** Hits in one answer; `total` counts them all. */
  maxHits: 500,
} as const;

const queryMessage = 'must be the words to search for';

/** GET .../search query: `q` is 1 to 1,000 characters, not all blank. */
export const bookSearchQuerySchema = z.object({
  q: z
    .string({ error: queryMessage })
    .max(
      SEARCH_LIMITS.maxQueryLength,
      `must be at most ${SEARCH_LIMITS.maxQueryLength.toLocaleString('en-US')} characters`,
    )
    .trim()
    .min(1, 'must not be empty'),
});

/**
 * A stretch of a paragraph around its matches, as plain text (never HTML). `highlights` are the matched
 * words as [start, end) offsets into `text` (UTF-16 code units, as `String.slice` takes them), in order
 * and not overlapping; `text` may begin or end with '…' where the paragraph goes on.
 */
const searchSnippetSchema = z.object({
  text: z.string(),
  highlights: z.array(z.object({ start: z.number().int().nonnegative(), end: z.number().int().positive() })),
});
export type SearchSnippet = z.infer<typeof searchSnippetSchema>;

/** A paragraph that matches, placed like the graph's nodes: `yStart` is a fraction of the page height. */
const searchHitSchema = z.object({
  paragraphId: z.string(),
  page: z.number().int().positive(),
  yStart: z.number(),
  sectionId: z.string(),
  /** As the table of contents shows it: the section's title, else its chapter's, else 'Untitled Section'. */
  sectionTitle: z.string(),
  snippet: searchSnippetSchema,
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const bookSearchResponseSchema = z.object({
  /** The first `SEARCH_LIMITS.maxHits` matching paragraphs in reading order. */
  hits: z.array(searchHitSchema),
  /** Every matching paragraph of the book. */
  total: z.number().int().nonnegative(),
  /** True when `total` is more than the hits given. */
  truncated: z.boolean(),
});
export type BookSearchResponse = z.infer<typeof bookSearchResponseSchema>;
