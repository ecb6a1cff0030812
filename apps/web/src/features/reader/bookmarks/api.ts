import {
  bookmarkListSchema,
  bookmarkSchema,
  readingPositionSchema,
  type Bookmark,
  type BookmarkRequest,
  type ReadingPositionRequest,
} from '@threadbook/contracts';
import { apiFetch, apiJson, ApiError, UnexpectedAnswerError } from '../../../lib/api.ts';

/**
 * The bookmarks and reading-position calls (docs/design.md decision 4), through apiFetch (bearer token, one
 * retry on 401). Every answer is checked against the shared contract: an answer of another shape is a
 * failure, not a list of broken bookmarks.
 */

const bookmarksPath = (bookId: number) => `/api/books/${bookId}/bookmarks`;
const positionPath = (bookId: number) => `/api/books/${bookId}/position`;

/** GET /api/books/{id}/bookmarks: the user's bookmarks of the book, in page order. */
export async function listBookmarks(bookId: number, signal?: AbortSignal): Promise<Bookmark[]> {
  const parsed = bookmarkListSchema.safeParse(await apiJson<unknown>(bookmarksPath(bookId), { signal }));
  if (!parsed.success) throw new UnexpectedAnswerError('a bookmark list');
  return parsed.data;
}

/** PUT /api/books/{id}/bookmarks/{page}: creates the bookmark or changes its label; a blank label is none. */
export async function putBookmark(bookId: number, page: number, label: string | null): Promise<Bookmark> {
  const body: BookmarkRequest = { label };
  const parsed = bookmarkSchema.safeParse(
    await apiJson<unknown>(`${bookmarksPath(bookId)}/${page}`, { method: 'PUT', body }),
  );
  if (!parsed.success) throw new UnexpectedAnswerError('a bookmark');
  return parsed.data;
}

/**
 * DELETE /api/books/{id}/bookmarks/{page}. A 404 counts as done: the bookmark is gone either way (removed
 * in another tab, or a second click), and the student's list must not bring it back.
 */
export async function deleteBookmark(bookId: number, page: number): Promise<void> {
  try {
    await apiFetch(`${bookmarksPath(bookId)}/${page}`, { method: 'DELETE' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}

/** GET /api/books/{id}/position: the page the user last read in the book, null before any. */
export async function fetchReadingPosition(bookId: number, signal?: AbortSignal): Promise<number | null> {
  const parsed = readingPositionSchema.safeParse(await apiJson<unknown>(positionPath(bookId), { signal }));
  if (!parsed.success) throw new UnexpectedAnswerError('a reading position');
  return parsed.data.page;
}

/**
 * PUT /api/books/{id}/position. `keepalive` lets the request outlive the page (a tab being closed or the
 * reader left), which is when the last position matters most.
 */
export async function saveReadingPosition(
  bookId: number,
  page: number,
  options: { keepalive?: boolean } = {},
): Promise<void> {
  const body: ReadingPositionRequest = { page };
  await apiFetch(positionPath(bookId), {
    method: 'PUT',
    body: JSON.stringify(body),
    keepalive: options.keepalive ?? false,
  });
}
