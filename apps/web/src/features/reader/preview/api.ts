import { pageReferencesResponseSchema, type PageReferences } from '@threadbook/contracts';
import { apiFetch, ApiError } from '../../../lib/api.ts';

/**
 * The references of one page with their targets (DESIGN.md "Reference spans"); null when the API refused
 * or answered in another shape (a book imported before spans existed answers an empty list).
 */
export async function fetchPageReferences(
  bookId: number,
  page: number,
  signal?: AbortSignal,
): Promise<PageReferences | null> {
  const path = `/api/graph/books/${bookId}/pages/${page}/references`;
  let response: Response;
  try {
    response = await apiFetch(path, { signal });
  } catch (error) {
    if (error instanceof ApiError) {
      console.warn(`graph call ${path} failed:`, error.message);
      return null;
    }
    throw error;
  }
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = pageReferencesResponseSchema.safeParse(body);
  if (!parsed.success) console.warn(`graph call ${path} answered in an unexpected shape`);
  return parsed.success ? parsed.data : null;
}
