import { useEffect, useState } from 'react';
import type { BookListItem } from '@threadbook/contracts';
import { fetchBooks, LOAD_BOOKS_FALLBACK } from './api.ts';

export type BooksState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'loaded'; books: BookListItem[] };

/** SPEC §4 Library: loading, then error or loaded. The error is the thrown error's message. */
export function useBooks(): BooksState {
  const [state, setState] = useState<BooksState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetchBooks({ signal: controller.signal }).then(
      (books) => setState({ status: 'loaded', books }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error && error.message ? error.message : LOAD_BOOKS_FALLBACK;
        setState({ status: 'error', message });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
