import { bookListSchema, type BookListItem } from '@threadbook/contracts';
import { apiFetch, apiJson } from '../../lib/api.ts';

/** docs/product.md §8 screen fallback. */
export const LOAD_BOOKS_FALLBACK = 'Failed to load books';

/** docs/product.md §7 GET /api/books/: every book of the library, checked against the shared contract. */
export async function fetchBooks(init?: { signal?: AbortSignal }): Promise<BookListItem[]> {
  const parsed = bookListSchema.safeParse(await apiJson<unknown>('/api/books/', init));
  // An answer that is not a book list is a failure to load, not a list of broken tiles.
  if (!parsed.success) throw new Error(LOAD_BOOKS_FALLBACK);
  return parsed.data;
}

/**
 * The cover image of book `id` (GET /api/books/{id}/cover). It needs the bearer token, which an
 * `<img src>` cannot send, so it is fetched and shown through an object URL.
 */
export async function fetchCover(id: number, init?: { signal?: AbortSignal }): Promise<Blob> {
  const response = await apiFetch(`/api/books/${id}/cover`, init);
  return response.blob();
}
