import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useReducer, useRef, useState } from 'react';
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
 * The message for a call that failed; an expired session keeps the API's own words (docs/product.md §8). apiFetch
 * keeps a reply's status but not its body, so the per-book limit is told by its 400 on a new bookmark: the
 * reader sends only its own pages and a label it has made valid, which leaves the limit as the cause.
 */
function failureMessage(error: unknown, fallback: string, creating = false): string {
  if (error instanceof AuthenticationError) return error.message;
  if (creating && error instanceof ApiError && error.status === 400) return BookmarkMessage.tooMany;
  return fallback;
}

/** `list` with the changes not yet confirmed shown on it. */
function withIntents(list: readonly Bookmark[], pending: ReadonlyMap<number, Intent>): Bookmark[] {
  let shown = [...list];
  for (const [page, intent] of pending) {
    shown = intent.bookmark ? withBookmark(shown, intent.bookmark) : withoutBookmark(shown, page);
  }
  return shown;
}

/** One change as it is sent: the page, what it should become, and the call that makes it so. */
interface Change {
  page: number;
  intent: Intent;
  send: () => Promise<Bookmark | void>;
}

export const bookmarksQueryKey = (bookId: number) => ['books', bookId, 'bookmarks'] as const;

/**
 * The student's bookmarks of a book (docs/design.md decision 4), changed optimistically: the list changes at
 * once and a failed call puts the page back as the server has it, with a short message in `error`.
 *
 * The list is a query; the server's answers to the changes (mutations) are written into it, and the changes
 * it has not confirmed yet are shown on top of it. Changes go to the server one after another (one
 * mutation scope per book), and only once the list has been fetched, so a quick add-then-remove cannot
 * arrive the other way round, and a change made while the list loads is kept when it arrives. A list that
 * cannot be loaded leaves the reader working: status 'error', no bookmarks. Mount it under a key of the
 * book id.
 */
export function useBookmarks(bookId: number): BookmarksState {
  const queryClient = useQueryClient();
  const key = bookmarksQueryKey(bookId);
  // Per page, the newest change the server has not confirmed; an older call's answer no longer decides.
  // One map for the hook's life, changed in place by the handlers (which may run several times before
  // React renders again); showPending renders what it holds.
  const [pending] = useState(() => new Map<number, Intent>());
  // Settles when the list has been fetched (or failed to be): the changes wait for it.
  const listFetched = useRef<Promise<unknown>>(Promise.resolve());
  // The pending changes changed: show them.
  const [, showPending] = useReducer((count: number) => count + 1, 0);
  // The last change's failure (null: none); undefined until a change is made, when the load's shows.
  const [changeError, setChangeError] = useState<string | null>();

  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => {
      const loading = listBookmarks(bookId, signal);
      listFetched.current = loading.catch(() => undefined);
      return loading.catch((failure: unknown) => {
        if (!signal.aborted) console.warn(`the bookmarks of book ${bookId} could not be loaded`, failure);
        throw failure;
      });
    },
  });
  const bookmarks = withIntents(query.data ?? [], pending);
  const error =
    changeError !== undefined
      ? changeError
      : query.status === 'error'
        ? failureMessage(query.error, BookmarkMessage.loadFailed)
        : null;

  /** What the server holds for `page` now, as far as the list knows. */
  const confirm = (page: number, bookmark: Bookmark | null) =>
    queryClient.setQueryData<Bookmark[]>(
      key,
      (list) => list && (bookmark ? withBookmark(list, bookmark) : withoutBookmark(list, page)),
    );

  const mutation = useMutation({
    scope: { id: `bookmarks of book ${bookId}` },
    mutationFn: async ({ send }: Change) => {
      await listFetched.current;
      return send();
    },
    onSuccess(saved, { page, intent }) {
      // The server's bookmark carries the real creation time.
      confirm(page, saved ?? intent.bookmark);
      if (pending.get(page) === intent) pending.delete(page);
      showPending();
    },
    onError(failure, { page, intent }) {
      console.warn(`the bookmark of page ${page} could not be changed`, failure);
      // A newer change of the page decides what it shows.
      if (pending.get(page) !== intent) return;
      pending.delete(page);
      showPending();
      const previous = (query.data ?? []).find((item) => item.page === page) ?? null;
      const fallback = intent.bookmark ? BookmarkMessage.saveFailed : BookmarkMessage.removeFailed;
      setChangeError(failureMessage(failure, fallback, intent.bookmark !== null && previous === null));
    },
  });

  /** The list as shown now, with every change made so far (handlers may run before React renders again). */
  const latest = () => withIntents(queryClient.getQueryData<Bookmark[]>(key) ?? [], pending);

  function change(page: number, next: Bookmark | null, send: () => Promise<Bookmark | void>) {
    const intent: Intent = { bookmark: next };
    pending.set(page, intent);
    setChangeError(null);
    showPending();
    mutation.mutate({ page, intent, send });
  }

  function add(page: number, label?: string | null) {
    const shown = latest();
    const previous = shown.find((item) => item.page === page);
    // The server would refuse it; the student hears why without waiting for it.
    if (!previous && shown.length >= BOOKMARK_LIMITS.perBook) {
      setChangeError(BookmarkMessage.tooMany);
      return;
    }
    const text = bookmarkLabel(label);
    const createdAt = previous?.createdAt ?? new Date().toISOString();
    change(page, { page, label: text, createdAt }, () => putBookmark(bookId, page, text));
  }

  function remove(page: number) {
    if (!latest().some((item) => item.page === page)) return;
    change(page, null, () => deleteBookmark(bookId, page));
  }

  function toggle(page: number, label?: string | null) {
    if (latest().some((item) => item.page === page)) remove(page);
    else add(page, label);
  }

  return {
    bookmarks,
    status: query.status === 'pending' ? 'loading' : query.status === 'error' ? 'error' : 'loaded',
    error,
    isBookmarked: (page) => bookmarks.some((item) => item.page === page),
    add,
    remove,
    toggle,
  };
}
