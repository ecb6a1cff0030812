import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchReadingPosition, saveReadingPosition } from './api.ts';
import { createPositionSaver } from './position-saver.ts';

/** The page the student last read, once known; null before any (the book opens at page 1). */
export type SavedReadingPosition = { status: 'loading' } | { status: 'done'; page: number | null };

/**
 * The saved reading position of the book (docs/design.md decision 4), asked for each time the book opens (never
 * an older answer: the student may have read on elsewhere). A failed fetch counts as no position: the
 * book still opens, at page 1, and the failure is only logged. `takePrefetched` gives the call made already
 * when the reader's address was opened directly (prefetch.ts), if there is one.
 */
export function useSavedReadingPosition(
  bookId: number,
  takePrefetched?: (bookId: number) => Promise<number | null> | undefined,
): SavedReadingPosition {
  const query = useQuery({
    queryKey: ['books', bookId, 'position'],
    queryFn: ({ signal }) =>
      (takePrefetched?.(bookId) ?? fetchReadingPosition(bookId, signal)).catch((error: unknown) => {
        if (!signal.aborted)
          console.warn(`the reading position of book ${bookId} could not be loaded`, error);
        return null;
      }),
    gcTime: 0,
  });
  return query.status === 'success' ? { status: 'done', page: query.data } : { status: 'loading' };
}

/**
 * Saves `page` as the book's reading position: after a second without another page change, never the page
 * saved last (at first `savedPage`, the one the server holds), and at once when the tab is hidden or the
 * reader unmounts. Failures are only logged.
 */
export function useSaveReadingPosition(bookId: number, page: number, savedPage: number | null): void {
  // The saver is made once per book: `savedPage` only says where the server stood when the book opened.
  const [saver] = useState(() =>
    createPositionSaver((next, keepalive) => saveReadingPosition(bookId, next, { keepalive }), savedPage),
  );

  useEffect(() => {
    // Hidden is the last moment a page is sure to be heard from: it may be closed or discarded next.
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') saver.flush();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      saver.flush();
    };
  }, [saver]);

  useEffect(() => {
    saver.change(page);
  }, [saver, page]);
}
