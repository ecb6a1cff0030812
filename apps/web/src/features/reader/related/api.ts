import {
  bookGraphResponseSchema,
  GRAPH_LIMITS,
  graphSummaryResponseSchema,
  paragraphTextsResponseSchema,
  relatedParagraphsResponseSchema,
  type BookGraphResponse,
  type GraphSummaryRequest,
  type ParagraphTextsResponse,
  type RelatedPaging,
  type RelatedParagraphsResponse,
} from '@threadbook/contracts';
import { graphCall } from '../../../lib/api.ts';

/**
 * The reader's graph calls (docs/product.md §7). As the spec has it, a graph call answers null on error: a refusal by
 * the API (a non-OK status) or an answer of the wrong shape. A failure to make the call at all (no network,
 * the session gone) is thrown, so the panel can tell the two apart (docs/product.md §8).
 */

/** docs/product.md §7, §9: what the reader asks of the related paragraphs. */
export const READER_PAGING: RelatedPaging = {
  max_distance: GRAPH_LIMITS.maxDistance.default,
  limit: GRAPH_LIMITS.limit.default,
  page: 1,
  page_size: GRAPH_LIMITS.pageSize.default,
};

/** The related call's query as the reader sends it. */
export const RELATED_QUERY = new URLSearchParams(
  Object.entries(READER_PAGING).map(([name, value]) => [name, String(value)]),
).toString();

/** The book's whole graph: every paragraph's place and every edge (for the page anchors). */
export function fetchBookGraph(bookId: number, signal?: AbortSignal): Promise<BookGraphResponse | null> {
  return graphCall(`/api/graph/books/${bookId}/graph`, bookGraphResponseSchema, { signal });
}

/** The paragraphs related to `paragraphId`, best first. */
export function fetchRelated(
  bookId: number,
  paragraphId: string,
  signal?: AbortSignal,
): Promise<RelatedParagraphsResponse | null> {
  const path = `/api/graph/books/${bookId}/paragraphs/${encodeURIComponent(paragraphId)}/related?${RELATED_QUERY}`;
  return graphCall(path, relatedParagraphsResponseSchema, { signal });
}

/** The places and texts of paragraphs `ids` (the ones the graph holds), in that order. */
export function fetchParagraphTexts(
  bookId: number,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<ParagraphTextsResponse | null> {
  const path = `/api/graph/books/${bookId}/paragraphs?ids=${ids.map(encodeURIComponent).join(',')}`;
  return graphCall(path, paragraphTextsResponseSchema, { signal });
}

/** The generated explanation of one relationship; null when none could be had or it is empty. */
export async function fetchSummary(
  bookId: number,
  request: GraphSummaryRequest,
  signal?: AbortSignal,
): Promise<string | null> {
  const answer = await graphCall(
    `/api/graph/books/${bookId}/paragraphs/summary`,
    graphSummaryResponseSchema,
    {
      method: 'POST',
      body: JSON.stringify(request),
      signal,
    },
  );
  const summary = answer?.summary.trim();
  return summary ? summary : null;
}
