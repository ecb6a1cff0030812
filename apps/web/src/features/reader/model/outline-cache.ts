import type {
  BookOutline,
  BookOutlineChapter,
  BookOutlineSection,
  CachedBookOutline,
} from '@threadbook/book';

/**
 * The table of contents cached in local storage, one key per book, valid 7 days (docs/product.md §3 "Cached outline",
 * §4, §9): the reader shows it at once while the XML is fetched and parsed again. A cache must never break
 * the reader: an entry that is expired, unreadable or not an outline is removed and reads as absent, and
 * storage that refuses a write (quota, private mode) is ignored.
 */

export const OUTLINE_CACHE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The local storage key of a book's outline. */
export function outlineCacheKey(bookId: string | number): string {
  const id = String(bookId);
  if (!/^\d+$/.test(id)) throw new RangeError(`A book id must be a number, got '${id}'`);
  return `threadbook:outline:${id}`;
}

export interface OutlineCache {
  /** The book's cached outline, or null when none is stored or the stored one is expired or broken. */
  read(bookId: string | number): CachedBookOutline | null;
  /** Stores the title and outline of a freshly parsed book, stamped with the current time. */
  write(bookId: string | number, outline: Pick<BookOutline, 'bookTitle' | 'outline'>): void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPageNumber(value: unknown): boolean {
  return value === null || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1);
}

function isSection(value: unknown): value is BookOutlineSection {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.title === 'string' &&
    value.level === 2 &&
    isPageNumber(value.pageNumber)
  );
}

function isChapter(value: unknown): value is BookOutlineChapter {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.title === 'string' &&
    value.level === 1 &&
    isPageNumber(value.pageNumber) &&
    Array.isArray(value.children) &&
    value.children.every(isSection)
  );
}

function isCachedOutline(value: unknown): value is CachedBookOutline {
  return (
    isRecord(value) &&
    typeof value.bookTitle === 'string' &&
    typeof value.timestamp === 'number' &&
    Number.isFinite(value.timestamp) &&
    Array.isArray(value.outline) &&
    value.outline.every(isChapter)
  );
}

function parseEntry(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/**
 * An outline cache over `storage` (local storage unless given; none when the browser denies access) with
 * `now` as its clock.
 */
export function createOutlineCache({
  storage = defaultStorage(),
  now = Date.now,
}: { storage?: Storage | null; now?: () => number } = {}): OutlineCache {
  const remove = (key: string) => {
    try {
      storage?.removeItem(key);
    } catch {
      // Storage that cannot even remove has nothing we could serve either.
    }
  };

  return {
    read(bookId) {
      const key = outlineCacheKey(bookId);
      let raw: string | null;
      try {
        raw = storage?.getItem(key) ?? null;
      } catch {
        return null;
      }
      if (raw === null) return null;
      const entry = parseEntry(raw);
      const time = now();
      // A timestamp ahead of the clock cannot be trusted to expire, so it counts as broken.
      if (
        !isCachedOutline(entry) ||
        entry.timestamp > time ||
        time - entry.timestamp >= OUTLINE_CACHE_TTL_MS
      ) {
        remove(key);
        return null;
      }
      return { bookTitle: entry.bookTitle, outline: entry.outline, timestamp: entry.timestamp };
    },

    write(bookId, { bookTitle, outline }) {
      const key = outlineCacheKey(bookId);
      const entry: CachedBookOutline = { bookTitle, outline, timestamp: now() };
      try {
        storage?.setItem(key, JSON.stringify(entry));
      } catch {
        // Full or refused storage (QuotaExceededError): the reader works without the cache.
      }
    },
  };
}

/** Local storage, or null where reading the property itself throws (storage disabled by the browser). */
function defaultStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
