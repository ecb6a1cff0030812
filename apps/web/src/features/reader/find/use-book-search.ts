import { useCallback, useEffect, useRef, useState } from 'react';
import { SEARCH_LIMITS, type BookSearchResponse } from '@threadbook/contracts';
import { searchBook } from './api.ts';

/**
 * Typing waits this long for the next key before searching: short, as the results should be listed within
 * 100 ms of typing on a long book; a request overtaken by newer typing is aborted.
 */
export const SEARCH_DEBOUNCE_MS = 60;
/** Answers kept, so going back to an earlier query (Backspace) shows it at once. */
const CACHE_SIZE = 30;

export interface SearchResult extends BookSearchResponse {
  /** The query (trimmed) the result is for. */
  query: string;
}

export interface BookSearch {
  /** The last result listed; kept while a newer query runs, so the list does not flicker. */
  result: SearchResult | null;
  /** 'idle': nothing to search; 'searching': a request for the current query is on its way. */
  status: 'idle' | 'searching' | 'done' | 'error' | 'tooLong';
  /** Searches the current query now instead of after the debounce (Enter). */
  flush(): void;
}

/**
 * Searches book `bookId` for `query` as it is typed: after SEARCH_DEBOUNCE_MS without typing, aborting the
 * request of an older query; blank is no search. Answers are cached per book and query.
 */
export function useBookSearch(bookId: number, query: string): BookSearch {
  const trimmed = query.trim();
  const key = `${bookId}\n${trimmed}`;
  const [answers, setAnswers] = useState<ReadonlyMap<string, SearchResult>>(new Map());
  const [failed, setFailed] = useState<string | null>(null);
  const [lastShown, setLastShown] = useState<SearchResult | null>(null);
  const run = useRef<() => void>(() => {});

  // A query typed again is tried again.
  const [asked, setAsked] = useState(key);
  if (asked !== key) {
    setAsked(key);
    setFailed(null);
  }

  const answer = answers.get(key);
  let status: BookSearch['status'];
  if (!trimmed) status = 'idle';
  else if (trimmed.length > SEARCH_LIMITS.maxQueryLength) status = 'tooLong';
  else if (answer) status = 'done';
  else if (failed === key) status = 'error';
  else status = 'searching';
  if (answer && answer !== lastShown) setLastShown(answer);

  const needed = status === 'searching';
  useEffect(() => {
    if (!needed) return;
    const abort = new AbortController();
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      clearTimeout(timer);
      searchBook(bookId, trimmed, abort.signal).then(
        (found) => {
          if (abort.signal.aborted) return;
          setAnswers((known) => {
            const next = new Map(known).set(key, { ...found, query: trimmed });
            if (next.size > CACHE_SIZE) next.delete(next.keys().next().value!);
            return next;
          });
        },
        (error: unknown) => {
          if (abort.signal.aborted) return;
          console.warn('search failed:', error);
          setFailed(key);
        },
      );
    };
    const timer = setTimeout(start, SEARCH_DEBOUNCE_MS);
    run.current = start;
    return () => {
      run.current = () => {};
      clearTimeout(timer);
      abort.abort();
    };
  }, [needed, bookId, trimmed, key]);

  const flush = useCallback(() => run.current(), []);
  const result = status === 'idle' || status === 'tooLong' ? null : (answer ?? lastShown);
  return { result, status, flush };
}
