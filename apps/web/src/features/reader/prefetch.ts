import { idToken } from '../../lib/api.ts';
import { fetchReadingPosition } from './bookmarks/api.ts';
import { fetchBookMetadata, fetchFirstRange } from './pdf/book-requests.ts';

/**
 * A book opened by its address (a link, a reload): its first calls go out as soon as the session's token
 * is there, while the reader's code (pdf.js with it) still loads, instead of after it. The reader takes
 * each answer once, and only while it is fresh; otherwise it asks again.
 */
export interface BookPrefetch {
  metadata: ReturnType<typeof fetchBookMetadata>;
  position: ReturnType<typeof fetchReadingPosition>;
  firstRange: ReturnType<typeof fetchFirstRange>;
}

/** Answers older than this are not used (a student who left before the reader showed comes back later). */
export const PREFETCH_FRESH_MS = 30_000;

interface Entry {
  at: number;
  requests: Partial<BookPrefetch>;
}

const prefetched = new Map<number, Entry>();

export function prefetchBook(bookId: number, now = Date.now()): void {
  if (prefetched.has(bookId)) return;
  const requests: Partial<BookPrefetch> = {};
  const entry = { at: now, requests };
  // Signed out, nothing is asked for, and nothing is kept for the reader to take after the sign-in.
  const signedIn = idToken().then((token) => {
    if (token) return;
    if (prefetched.get(bookId) === entry) prefetched.delete(bookId);
    throw new Error('not signed in');
  });
  requests.metadata = signedIn.then(() => fetchBookMetadata(bookId));
  requests.position = signedIn.then(() => fetchReadingPosition(bookId));
  requests.firstRange = signedIn.then(() => fetchFirstRange(bookId));
  // Each is awaited only when taken: never an unhandled rejection meanwhile.
  for (const request of Object.values(requests)) request.catch(() => undefined);
  prefetched.set(bookId, entry);
}

/** The prefetched call `key` of book `bookId`, once; undefined when there is none or it is stale. */
export function takePrefetched<K extends keyof BookPrefetch>(
  bookId: number,
  key: K,
  now = Date.now(),
): BookPrefetch[K] | undefined {
  const entry = prefetched.get(bookId);
  if (!entry) return undefined;
  const fresh = now - entry.at <= PREFETCH_FRESH_MS;
  const request = fresh ? entry.requests[key] : undefined;
  delete entry.requests[key];
  if (!fresh || Object.keys(entry.requests).length === 0) prefetched.delete(bookId);
  return request;
}
