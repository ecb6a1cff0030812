import {
  pageReferencesResponseSchema,
  preparePageImagesPath,
  type PageReferences,
  type PreparePageImages,
} from '@threadbook/contracts';
import { apiFetch, graphCall } from '../../../lib/api.ts';

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

/**
 * Has the server draw pages of book `bookId` ahead (issue 36), so that their previews find their images
 * made; a refusal is only logged: a preview then waits for its drawing.
 */
export async function preparePageImages(bookId: number, ahead: PreparePageImages): Promise<void> {
  try {
    await apiFetch(preparePageImagesPath(bookId), { method: 'POST', body: JSON.stringify(ahead) });
  } catch (error) {
    console.warn(`the pages ${ahead.pages.join(', ')} were not drawn ahead`, error);
  }
}
