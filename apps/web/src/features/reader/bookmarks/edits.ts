import { BOOKMARK_LIMITS, type Bookmark } from '@threadbook/contracts';

/**
 * Pure edits of a bookmark list. The list is always in page order with one bookmark per page, as the API
 * answers it, so an optimistic change looks exactly like the list the server will send next time.
 */

/** `list` with `bookmark` in its page's place, replacing the one already there. */
export function withBookmark(list: readonly Bookmark[], bookmark: Bookmark): Bookmark[] {
  const others = list.filter((item) => item.page !== bookmark.page);
  const at = others.findIndex((item) => item.page > bookmark.page);
  return at === -1 ? [...others, bookmark] : [...others.slice(0, at), bookmark, ...others.slice(at)];
}

/** `list` without the bookmark of `page` (the same list when there is none). */
export function withoutBookmark(list: readonly Bookmark[], page: number): Bookmark[] {
  return list.filter((item) => item.page !== page);
}

/**
 * A label the API accepts (one line, at most 100 characters after trimming), or null for none. The reader
 * may offer a section title as the label; a long or multi-line title must not make the bookmark fail.
 */
export function bookmarkLabel(label: string | null | undefined): string | null {
  if (label == null) return null;
  const line = label
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (line === '') return null;
  const max = BOOKMARK_LIMITS.labelLength;
  if (line.length <= max) return line;
  // Cut before the ellipsis, never through the middle of a surrogate pair.
  const cut = line.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '');
  return `${cut.trimEnd()}…`;
}
