import { useQuery } from '@tanstack/react-query';
import type { BookListItem } from '@threadbook/contracts';
import { fetchBooks, LOAD_BOOKS_FALLBACK } from './api.ts';

export type BooksState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'loaded'; books: BookListItem[] };

export const booksQueryKey = ['books'] as const;

/** docs/product.md §4 Library: loading, then error or loaded. The error is the thrown error's message. */
export function useBooks(): BooksState {
  const query = useQuery({ queryKey: booksQueryKey, queryFn: ({ signal }) => fetchBooks({ signal }) });
  if (query.status === 'pending') return { status: 'loading' };
  if (query.status === 'error') {
    const { error } = query;
    return { status: 'error', message: error.message || LOAD_BOOKS_FALLBACK };
  }
  return { status: 'loaded', books: query.data };
}
