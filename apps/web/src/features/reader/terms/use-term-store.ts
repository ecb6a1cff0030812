import { useMemo } from 'react';
import type { PageTerm } from '@threadbook/contracts';
import { createPageStore, type PageStore } from '../preview/index.ts';
import { fetchPageTerms } from './api.ts';

/** The book's pages' defined terms, each page asked for when it is first drawn, kept while it is open. */
export function useTermStore(bookId: number): PageStore<PageTerm> {
  return useMemo(
    () => createPageStore((page) => fetchPageTerms(bookId, page), undefined, 'defined terms'),
    [bookId],
  );
}
