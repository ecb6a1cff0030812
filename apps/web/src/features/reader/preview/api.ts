import { pageReferencesResponseSchema, type PageReferences } from '@threadbook/contracts';
import { graphCall } from '../../../lib/api.ts';

/**
 * The references of one page with their targets (docs/design.md "Reference spans"); null when the API refused
 * or answered in another shape (a book imported before spans existed answers an empty list).
 */
export function fetchPageReferences(
  bookId: number,
  page: number,
  signal?: AbortSignal,
): Promise<PageReferences | null> {
  return graphCall(`/api/graph/books/${bookId}/pages/${page}/references`, pageReferencesResponseSchema, {
    signal,
  });
}
