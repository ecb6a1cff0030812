import { bookSearchResponseSchema, type BookSearchResponse } from '@threadbook/contracts';
import { apiJson } from '../../../lib/api.ts';

/** GET /api/books/{id}/search?q=: the book's paragraphs that match, in reading order. */
export async function searchBook(
  bookId: number,
  query: string,
  signal?: AbortSignal,
): Promise<BookSearchResponse> {
  const answer = await apiJson<unknown>(`/api/books/${bookId}/search?${new URLSearchParams({ q: query })}`, {
    signal,
  });
  const parsed = bookSearchResponseSchema.safeParse(answer);
  if (!parsed.success) throw new Error("The server's answer is not a search result");
  return parsed.data;
}
