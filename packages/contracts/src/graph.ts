import { z } from 'zod';

/**
 * The graph API (docs/product.md §7, docs/design.md "Relationship graph"): related paragraphs, one paragraph, a book's
 * graph and relationship summaries. Paragraph ids in answers are plain ("3.2.4"); in requests they may
 * carry a book prefix ("12:3.2.4").
 */

/** Edge types. BACKGROUND and ELABORATION are each other's inverse; the others are symmetric. */
export const RELATIONSHIP_TYPES = ['BACKGROUND', 'ELABORATION', 'EXAMPLE', 'CONTRAST', 'RELATED'] as const;
const relationshipTypeSchema = z.enum(RELATIONSHIP_TYPES);
export type RelationshipTypeName = z.infer<typeof relationshipTypeSchema>;

/** The type written `raw` (exactly, as stored), or undefined when it is none. */
export function relationshipTypeOf(raw: string): RelationshipTypeName | undefined {
  return RELATIONSHIP_TYPES.find((type) => type === raw);
}

/** The type of an edge seen from its target: Background and Elaboration swap, the others stay. */
export function inverseRelationshipType(type: RelationshipTypeName): RelationshipTypeName {
  if (type === 'BACKGROUND') return 'ELABORATION';
  if (type === 'ELABORATION') return 'BACKGROUND';
  return type;
}

/** docs/product.md §9 graph defaults and the bounds the API accepts. */
export const GRAPH_LIMITS = {
  maxDistance: { default: 1, min: 1, max: 3 },
  limit: { default: 10, min: 1, max: 100 },
  page: { default: 1, min: 1, max: Number.MAX_SAFE_INTEGER },
  pageSize: { default: 20, min: 1, max: 100 },
} as const;

/** A whole-number query parameter within bounds, with the default when absent. */
function wholeNumber(bounds: { default: number; min: number; max: number }) {
  const message =
    bounds.max === Number.MAX_SAFE_INTEGER
      ? `must be a whole number of at least ${bounds.min}`
      : `must be a whole number from ${bounds.min} to ${bounds.max}`;
  return z
    .string()
    .regex(/^\d{1,15}$/, message)
    .transform(Number)
    .pipe(z.number().min(bounds.min, message).max(bounds.max, message))
    .optional()
    .transform((value) => value ?? bounds.default);
}

/** GET .../paragraphs/{paragraphId}/related query. */
export const relatedQuerySchema = z.object({
  max_distance: wholeNumber(GRAPH_LIMITS.maxDistance),
  limit: wholeNumber(GRAPH_LIMITS.limit),
  page: wholeNumber(GRAPH_LIMITS.page),
  page_size: wholeNumber(GRAPH_LIMITS.pageSize),
});

/** Where a paragraph is on its page: `y_start` is a fraction of the page height from the top. */
const placedParagraph = {
  id: z.string(),
  page: z.number().int().positive(),
  y_start: z.number(),
  text: z.string(),
  /**
   * A caption's: the band of its page that holds it with the figure or table it labels, as fractions of
   * the page height (the panel draws it from the PDF: a caption alone is only a title).
   */
  figure: z.object({ top: z.number(), bottom: z.number() }).optional(),
};

/** docs/product.md §3 "Related paragraphs response", with the ranking, distance and paging added. */
const relatedParagraphSchema = z.object({
  /** Seen from the source paragraph: BACKGROUND means the related paragraph is what the source builds on. */
  relationship_type: relationshipTypeSchema,
  node: z.object(placedParagraph),
  justification: z.string(),
  /** 0..1; a multi-hop item carries the product of the scores along its path. */
  score: z.number(),
  /** Hops from the source paragraph (1 = a direct edge). */
  distance: z.number().int().positive(),
});
export type RelatedParagraph = z.infer<typeof relatedParagraphSchema>;

export const relatedParagraphsResponseSchema = z.object({
  source_node: z.object(placedParagraph),
  related: z.array(relatedParagraphSchema),
  /** Items after `limit` (the pages cover these). */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  page_size: z.number().int().positive(),
  /** 0 when there is nothing related. */
  total_pages: z.number().int().nonnegative(),
});
export type RelatedParagraphsResponse = z.infer<typeof relatedParagraphsResponseSchema>;

/** The most paragraphs one texts call names: a source and a whole page of its related paragraphs. */
export const PARAGRAPH_TEXTS_MAX = GRAPH_LIMITS.limit.max + 1;

/**
 * GET .../paragraphs?ids=a,b,c: the places and texts of the paragraphs named (comma-separated, with or
 * without a book prefix), for a reader that ranks related paragraphs from the graph it holds.
 */
export const paragraphTextsQuerySchema = z.object({
  ids: z
    .string({ error: 'must name paragraphs' })
    .transform((value) => value.split(',').map((id) => id.trim()))
    .pipe(
      z
        .array(z.string().min(1, 'must not name an empty paragraph id'))
        .min(1, 'must name paragraphs')
        .max(PARAGRAPH_TEXTS_MAX, `must name at most ${PARAGRAPH_TEXTS_MAX} paragraphs`),
    ),
});

/** In the order asked; a paragraph the graph does not hold is left out. */
export const paragraphTextsResponseSchema = z.object({
  paragraphs: z.array(z.object(placedParagraph)),
});
export type ParagraphTextsResponse = z.infer<typeof paragraphTextsResponseSchema>;

/** GET .../paragraphs/{paragraphId}. */
export const paragraphDetailSchema = z.object({
  ...placedParagraph,
  section: z.string(),
  chapter: z.string(),
  explicit_refs: z.array(z.string()),
});
export type ParagraphDetail = z.infer<typeof paragraphDetailSchema>;

/**
 * GET .../pages/{page}/references (docs/design.md "Reference spans"): where the references of a page sit and
 * the paragraph each points at, with that paragraph's place, for previews on hover.
 */
export const pageReferencesResponseSchema = z.array(
  z.object({
    /** As fractions of the page from its top left. */
    rect: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }),
    /** The words naming the target ("Theorem 4.10"); empty for a link whose words were not read. */
    text: z.string(),
    /** The paragraph the reference is in. */
    source: z.string(),
    target: z.string(),
    target_page: z.number().int().positive(),
    target_y_start: z.number(),
    /** A link annotation of the PDF, or words of the text without a link. */
    evidence: z.enum(['link', 'text']),
  }),
);
export type PageReferences = z.infer<typeof pageReferencesResponseSchema>;
export type PageReference = PageReferences[number];

/**
 * GET .../pages/{page}/terms (docs/relationship-graph.md "Defined terms on the page"): where the page uses
 * a term the book defined before, with the defining paragraph and its place, for the term's card on hover.
 * A use that runs over a line break has a box per line.
 */
export const pageTermsResponseSchema = z.array(
  z.object({
    /** As fractions of the page from its top left. */
    rect: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }),
    /** As its definition writes it ("normal subgroup"). */
    term: z.string(),
    /** The paragraph that defines it for this use. */
    definition: z.string(),
    definition_section: z.string(),
    definition_page: z.number().int().positive(),
    definition_y_start: z.number(),
  }),
);
export type PageTerms = z.infer<typeof pageTermsResponseSchema>;
export type PageTerm = PageTerms[number];

/** GET .../graph query: either or both narrow the graph to one chapter and/or section. */
export const bookGraphQuerySchema = z.object({
  chapter: z.string().min(1).optional(),
  section: z.string().min(1).optional(),
});
export type BookGraphQuery = z.infer<typeof bookGraphQuerySchema>;

/** docs/product.md §3 "Book graph": nodes without their text (the XML has it), edges as stored (source -> target). */
export const bookGraphResponseSchema = z.object({
  /** In reading order (the order the related ranking breaks ties by). */
  nodes: z.array(
    z.object({
      id: z.string(),
      section: z.string(),
      chapter: z.string(),
      page: z.number().int().positive(),
      y_start: z.number(),
    }),
  ),
  edges: z.array(
    z.object({
      source: z.string(),
      target: z.string(),
      type: relationshipTypeSchema,
      justification: z.string(),
      score: z.number(),
    }),
  ),
});
export type BookGraphResponse = z.infer<typeof bookGraphResponseSchema>;

const typeMessage = `must be one of ${RELATIONSHIP_TYPES.join(', ')} (in any case)`;
const paragraphIdSchema = z
  .string({ error: 'must be a paragraph id' })
  .trim()
  .min(1, 'must be a paragraph id');

/** docs/product.md §3 "Graph summary request"; the type is accepted in any case ('Background' or 'BACKGROUND'). */
export const graphSummaryRequestSchema = z.object({
  relationship_type: z
    .string({ error: typeMessage })
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.enum(RELATIONSHIP_TYPES, { error: typeMessage })),
  source_paragraph: paragraphIdSchema,
  related_paragraph: paragraphIdSchema,
});
export type GraphSummaryRequest = z.input<typeof graphSummaryRequestSchema>;

export const graphSummaryResponseSchema = z.object({ summary: z.string() });

/** Messages of the graph API. */
export const GraphErrorMessage = {
  invalidBookId: 'Invalid book id',
  bookNotFound: 'Book not found',
  noGraph: 'This book has no relationship graph',
  paragraphNotFound: 'Paragraph not found',
  sourceParagraphNotFound: 'Source paragraph not found',
  relatedParagraphNotFound: 'Related paragraph not found',
  /** Followed by what went wrong (the status and the service's own message). */
  explanationFailed: 'The explanation service failed: ',
  explanationTimeout: 'The explanation service did not answer in time',
  explanationEmpty: 'The explanation service gave an empty answer',
  explanationMalformed: 'The explanation service gave a malformed answer',
  tooManySummaries: 'Too many summary requests. Please try again in a minute.',
  invalidPage: 'Invalid page number',
  pageNotFound: 'Page not found',
} as const;
