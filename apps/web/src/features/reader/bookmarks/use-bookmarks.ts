import { useEffect, useRef, useState } from 'react';
import { BOOKMARK_LIMITS, BookmarkErrorMessage, type Bookmark } from '@threadbook/contracts';
import { ApiError, AuthenticationError } from '../../../lib/api.ts';
import { deleteBookmark, listBookmarks, putBookmark } from './api.ts';
import { bookmarkLabel, withBookmark, withoutBookmark } from './edits.ts';

/** What the student reads when the bookmarks cannot be had or changed. */
export const BookmarkMessage = {
  loadFailed: 'Your bookmarks could not be loaded',
  saveFailed: 'The bookmark could not be saved',
  removeFailed: 'The bookmark could not be removed',
  tooMany: BookmarkErrorMessage.tooMany,
} as const;

export type BookmarksStatus = 'loading' | 'loaded' | 'error';

export interface BookmarksState {
  /** In page order, one per page, with the student's changes shown at once. */
  bookmarks: Bookmark[];
  status: BookmarksStatus;
  /** Why loading or the last change failed; null when nothing failed (a new change clears it). */
  error: string | null;
  isBookmarked: (page: number) => boolean;
  /** Bookmarks `page`, or changes its label when it is bookmarked already. */
  add: (page: number, label?: string | null) => void;
  remove: (page: number) => void;
  /** Removes the bookmark of `page` if there is one, else adds it. */
  toggle: (page: number, label?: string | null) => void;
}

/** A change not yet confirmed by the server: what the page should become (null: no bookmark). */
interface Intent {
  bookmark: Bookmark | null;
}

/**
 * The message for a call that failed; an expired session keeps the API's own words (SPEC §8). apiFetch
 * keeps a reply's status but not its body, so the per-book limit is told by its 400 on a new bookmark: the
 * reader sends only its own pages and a label it has made valid, which leaves the limit as the cause.
 */
function failureMessage(error: unknown, fallback: string, creating = false): string {
  if (error instanceof AuthenticationError) return error.message;
  if (creating && error instanceof ApiError && error.status === 400) return BookmarkMessage.tooMany;
  return fallback;
}

/**
 * The student's bookmarks of a book (DESIGN.md decision 4), changed optimistically: the list changes at
 * once and a failed call puts the page back as it was, with a short message in `error`.
 *
 * Changes go to the server one after another, and only once the list has been fetched, so a quick
 * add-then-remove cannot arrive the other way round, and a change made while the list loads is kept
 * when it arrives. A list that cannot be loaded leaves the reader working: status 'error', no bookmarks.
 * Mount it under a key of the book id.
 */
export function useBookmarks(bookId: number): BookmarksState {
  const [bookmarks, setBookmarks] = useState<Bookmark[]>([]);
  const [status, setStatus] = useState<BookmarksStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  // The latest list for the handlers, which may run several times before React renders again.
  const latest = useRef<Bookmark[]>([]);
  // Per page, the newest change the server has not confirmed; an older call's answer no longer decides.
  const pending = useRef(new Map<number, Intent>());
  // The tail of the calls: each waits for the one before it (the first for the list).
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  function show(next: Bookmark[]) {
    latest.current = next;
    setBookmarks(next);
  }

  function showPage(page: number, bookmark: Bookmark | null) {
    show(bookmark ? withBookmark(latest.current, bookmark) : withoutBookmark(latest.current, page));
  }

  useEffect(() => {
    const controller = new AbortController();
    const loading = listBookmarks(bookId, controller.signal).then(
      (loaded) => {
        if (controller.signal.aborted) return;
        // Changes made meanwhile stay: the server has not seen them yet.
        let list = loaded;
        for (const [page, intent] of pending.current) {
          list = intent.bookmark ? withBookmark(list, intent.bookmark) : withoutBookmark(list, page);
        }
        show(list);
        setStatus('loaded');
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        console.warn(`the bookmarks of book ${bookId} could not be loaded`, failure);
        setStatus('error');
        setError(failureMessage(failure, BookmarkMessage.loadFailed));
      },
    );
    queue.current = loading;
    return () => controller.abort();
  }, [bookId]);

  function change(page: number, next: Bookmark | null, send: () => Promise<Bookmark | void>) {
    const previous = latest.current.find((item) => item.page === page) ?? null;
    const intent: Intent = { bookmark: next };
    pending.current.set(page, intent);
    setError(null);
    showPage(page, next);

    const call = queue.current.then(send);
    queue.current = call.catch(() => undefined);
    call.then(
      (saved) => {
        if (pending.current.get(page) !== intent) return;
        pending.current.delete(page);
        // The server's bookmark carries the real creation time.
        if (saved) showPage(page, saved);
      },
      (failure: unknown) => {
        console.warn(`the bookmark of page ${page} could not be changed`, failure);
        // A newer change of the page decides what it shows.
        if (pending.current.get(page) !== intent) return;
        pending.current.delete(page);
        showPage(page, previous);
        const fallback = next ? BookmarkMessage.saveFailed : BookmarkMessage.removeFailed;
        setError(failureMessage(failure, fallback, next !== null && previous === null));
      },
    );
  }

  function add(page: number, label?: string | null) {
    const previous = latest.current.find((item) => item.page === page);
    // The server would refuse it; the student hears why without waiting for it.
    if (!previous && latest.current.length >= BOOKMARK_LIMITS.perBook) {
      setError(BookmarkMessage.tooMany);
      return;
    }
    const text = bookmarkLabel(label);
    const createdAt = previous?.createdAt ?? new Date().toISOString();
    change(page, { page, label: text, createdAt }, () => putBookmark(bookId, page, text));
  }

  function remove(page: number) {
    if (!latest.current.some((item) => item.page === page)) return;
    change(page, null, () => deleteBookmark(bookId, page));
  }

  function toggle(page: number, label?: string | null) {
    if (latest.current.some((item) => item.page === page)) remove(page);
    else add(page, label);
  }

  return {
    bookmarks,
    status,
    error,
    isBookmarked: (page) => bookmarks.some((item) => item.page === page),
    add,
    remove,
    toggle,
  };
}
