import { z } from 'zod';
import { pageNumberSchema } from './bookmarks.ts';

/**
 * Highlights and notes, per signed-in user and book, private to the user:
 * GET and POST /api/books/{id}/annotations, PATCH and DELETE /api/books/{id}/annotations/{aid},
 * GET /api/books/{id}/annotations/export?format=md|jsonld. Each is anchored as the W3C Web Annotation
 * model anchors text (https://www.w3.org/TR/annotation-model/): the exact words with a little context
 * (TextQuoteSelector), their place in the page's text (TextPositionSelector), and, for drawing, the page
 * and its rectangles as fractions of the page.
 */

export const ANNOTATION_LIMITS = {
  /** Highlights one user keeps in one book: far above any real use, it only bounds the storage. */
  perBook: 5000,
  /** Characters of a note, after trimming. */
  noteLength: 10_000,
  /** Characters of the highlighted words. */
  quoteLength: 5000,
  /** Characters of the words before and after them that tell one occurrence from another. */
  contextLength: 64,
  /** Rectangles of one highlight (one a line, at most). */
  rects: 500,
  /** Characters of a page label ("xiv", "A-3"). */
  pageLabelLength: 32,
  /** Characters of a paragraph id. */
  paragraphIdLength: 200,
} as const;

/** The four highlight colours the toolbar offers. */
export const HIGHLIGHT_COLOURS = ['yellow', 'green', 'blue', 'pink'] as const;
export type HighlightColour = (typeof HIGHLIGHT_COLOURS)[number];

const highlightColourSchema = z.enum(HIGHLIGHT_COLOURS, {
  error: `must be one of ${HIGHLIGHT_COLOURS.join(', ')}`,
});

const fractionMessage = 'must be a number from 0 to 1';
const fraction = z.number({ error: fractionMessage }).min(0, fractionMessage).max(1, fractionMessage);

/** A box on the page, as fractions of its width and height from its top left. */
const pageRectSchema = z
  .object({ left: fraction, top: fraction, right: fraction, bottom: fraction })
  .refine(
    (r) => r.left <= r.right && r.top <= r.bottom,
    'must have its left and top before its right and bottom',
  );
export type PageRect = z.infer<typeof pageRectSchema>;

const singleLine = (max: number) =>
  z
    .string({ error: 'must be text' })
    .max(max, `must be at most ${max} characters`)
    .regex(/^[^\p{Cc}]*$/u, 'must be a single line without control characters');

const countMessage = 'must be a whole number of at least 0';
const offset = z.number({ error: countMessage }).int(countMessage).min(0, countMessage);

/** Where a highlight stands: what the Web Annotation selectors say, and the page to draw it on. */
const annotationTargetSchema = z.object({
  page: pageNumberSchema,
  /** The page's label as the book prints it, for lists and exports; null where it has none. */
  pageLabel: singleLine(ANNOTATION_LIMITS.pageLabelLength)
    .trim()
    .nullish()
    .transform((label) => label || null),
  /** The paragraph of the book's graph the words are in, when known. */
  paragraphId: z
    .string({ error: 'must be text' })
    .max(
      ANNOTATION_LIMITS.paragraphIdLength,
      `must be at most ${ANNOTATION_LIMITS.paragraphIdLength} characters`,
    )
    .regex(/^[\p{L}\p{N}._:-]+$/u, 'must be a paragraph id of the book')
    .nullish()
    .transform((id) => id ?? null),
  /** TextQuoteSelector. */
  quote: z.object({
    exact: z
      .string({ error: 'must be text' })
      .max(ANNOTATION_LIMITS.quoteLength, `must be at most ${ANNOTATION_LIMITS.quoteLength} characters`)
      .refine((text) => text.trim() !== '', 'must not be blank'),
    prefix: z
      .string({ error: 'must be text' })
      .max(ANNOTATION_LIMITS.contextLength, `must be at most ${ANNOTATION_LIMITS.contextLength} characters`)
      .default(''),
    suffix: z
      .string({ error: 'must be text' })
      .max(ANNOTATION_LIMITS.contextLength, `must be at most ${ANNOTATION_LIMITS.contextLength} characters`)
      .default(''),
  }),
  /** TextPositionSelector: characters of the page's text, end exclusive. */
  position: z
    .object({ start: offset, end: offset })
    .refine((p) => p.end > p.start, 'end must be after start'),
  rects: z
    .array(pageRectSchema, { error: 'must be a list of rectangles' })
    .min(1, 'must hold at least one rectangle')
    .max(ANNOTATION_LIMITS.rects, `must hold at most ${ANNOTATION_LIMITS.rects} rectangles`),
});
export type AnnotationTarget = z.infer<typeof annotationTargetSchema>;

/** A note: plain text (Markdown is shown as text); blank or missing is none. */
const noteSchema = z
  .string({ error: 'must be text' })
  .trim()
  .max(ANNOTATION_LIMITS.noteLength, `must be at most ${ANNOTATION_LIMITS.noteLength} characters`)
  .nullish()
  .transform((note) => note || null);

/** POST .../annotations body. */
export const annotationRequestSchema = z.object({
  colour: highlightColourSchema.default('yellow'),
  note: noteSchema,
  target: annotationTargetSchema,
});
export type AnnotationRequest = z.input<typeof annotationRequestSchema>;

/** PATCH .../annotations/{aid} body: a new colour, a new note (null or blank removes it), or both. */
export const annotationPatchSchema = z
  .object({ colour: highlightColourSchema.optional(), note: noteSchema.optional() })
  .refine(
    (patch) => patch.colour !== undefined || patch.note !== undefined,
    'must change the colour or the note',
  );
export type AnnotationPatch = z.input<typeof annotationPatchSchema>;

export const annotationParamsSchema = z.object({ id: z.string(), aid: z.string() });

/** A stored target as the API answers it (the request's schema, without its clean-ups). */
const storedTargetSchema = z.object({
  page: z.number().int().positive(),
  pageLabel: z.string().nullable(),
  paragraphId: z.string().nullable(),
  quote: z.object({ exact: z.string(), prefix: z.string(), suffix: z.string() }),
  position: z.object({ start: z.number().int(), end: z.number().int() }),
  rects: z.array(z.object({ left: z.number(), top: z.number(), right: z.number(), bottom: z.number() })),
});

export const annotationSchema = z.object({
  id: z.string(),
  colour: highlightColourSchema,
  note: z.string().nullable(),
  target: storedTargetSchema,
  /** False when a new import of the book no longer holds the words: kept, listed, not drawn. */
  placed: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Annotation = z.infer<typeof annotationSchema>;

/** GET .../annotations: the user's highlights of the book, in book order (page, then place on it). */
export const annotationListSchema = z.array(annotationSchema);

const ANNOTATION_EXPORT_FORMATS = ['md', 'jsonld'] as const;
export const annotationExportQuerySchema = z.object({
  format: z.enum(ANNOTATION_EXPORT_FORMATS, { error: "must be 'md' or 'jsonld'" }),
});

/** Messages of the annotations API (a bad or unknown book id answers with BookErrorMessage). */
export const AnnotationErrorMessage = {
  notFound: 'Annotation not found',
  tooMany: `A book can have at most ${ANNOTATION_LIMITS.perBook} highlights; remove one to add another`,
} as const;
