import { pageTermsResponseSchema, type PageTerms } from '@threadbook/contracts';
import { graphCall } from '../../../lib/api.ts';

/**
 * Where one page uses terms the book defined before, with their definitions (docs/relationship-graph.md
 * "Defined terms on the page"); null when the API refused or answered in another shape.
 */
export function fetchPageTerms(
  bookId: number,
  page: number,
  signal?: AbortSignal,
): Promise<PageTerms | null> {
  return graphCall(`/api/graph/books/${bookId}/pages/${page}/terms`, pageTermsResponseSchema, { signal });
}
