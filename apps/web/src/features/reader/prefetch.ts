import { idToken } from '../../lib/api.ts';
import { fetchReadingPosition } from './bookmarks/api.ts';
import { fetchBookOpening, type OpeningImage } from './opening/opening-image.ts';
import type { PendingPdfDocument } from './pdf/load-document.ts';
import { fetchBookMetadata, fetchOpeningRanges, type OpeningRanges } from './pdf/book-requests.ts';
import { fetchReaderPreferences } from './preferences/api.ts';
import { takeOpeningImage } from './opening-handoff.ts';
import { headStarted } from './reader-head-start.ts';

/**
 * A book opened by its address (a link, a reload): its first calls go out as soon as the session's token
 * is there, and pdf.js opens its PDF as soon as pdf.js's own code is there, while the app and the reader
 * are still drawn, instead of after them. The reader takes each once, and only while it is fresh;
 * otherwise it asks again.
 */
export interface BookPrefetch {
  metadata: ReturnType<typeof fetchBookMetadata>;
  position: ReturnType<typeof fetchReadingPosition>;
  preferences: ReturnType<typeof fetchReaderPreferences>;
  document: Promise<PendingPdfDocument>;
  /** The page the book opens at as an image (null when the pages are recoloured, or it cannot be had). */
  openingImage: Promise<OpeningImage | null>;
}

/** How the PDF is opened: pdf.js's code is loaded here, not in the app's first script. */
export type OpenDocument = (bookId: number, opening: Promise<OpeningRanges>) => Promise<PendingPdfDocument>;

const openWithPdfJs: OpenDocument = async (bookId, opening) =>
  (await import('./pdf/load-document.ts')).openPdfDocument(bookId, opening);

/** What is not taken by then is dropped (a student who left before the reader showed comes back later). */
export const PREFETCH_FRESH_MS = 30_000;

interface Entry {
  at: number;
  requests: Partial<BookPrefetch>;
  expiry: ReturnType<typeof setTimeout>;
}

const prefetched = new Map<number, Entry>();

/** Forgets book `bookId`'s entry; a document no reader took is closed (its transfers and memory freed). */
function drop(bookId: number, entry: Entry): void {
  clearTimeout(entry.expiry);
  if (prefetched.get(bookId) === entry) prefetched.delete(bookId);
  entry.requests.document?.then(
    (pending) => pending.close(),
    () => undefined,
  );
  entry.requests.openingImage?.then(
    (image) => image?.release(),
    () => undefined,
  );
  entry.requests = {};
}

export function prefetchBook(bookId: number, now = Date.now(), openDocument = openWithPdfJs): void {
  if (prefetched.has(bookId)) return;
  const requests: Partial<BookPrefetch> = {};
  const entry: Entry = {
    at: now,
    requests,
    expiry: setTimeout(() => drop(bookId, entry), PREFETCH_FRESH_MS),
  };
  // Signed out, nothing is asked for, and nothing is kept for the reader to take after the sign-in.
  // After the opening page's image (reader-head-start.ts), which goes alone.
  const signedIn = headStarted
    .then(() => idToken())
    .then((token) => {
      if (token) return;
      drop(bookId, entry);
      throw new Error('not signed in');
    });
  // The page it opens at (the server knows which): asked for ahead of everything (opening-head.ts).
  requests.openingImage = takeOpeningImage(bookId) ?? signedIn.then(() => fetchBookOpening(bookId));
  requests.metadata = signedIn.then(() => fetchBookMetadata(bookId));
  requests.position = signedIn.then(() => fetchReadingPosition(bookId));
  requests.preferences = signedIn.then(() => fetchReaderPreferences());
  requests.document = signedIn.then(() => {
    const opening = fetchOpeningRanges(bookId);
    // Awaited by pdf.js's loader, once its code is there; until then (or if it never comes) it is handled.
    opening.catch(() => undefined);
    return openDocument(bookId, opening);
  });
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
  if (now - entry.at > PREFETCH_FRESH_MS) {
    drop(bookId, entry);
    return undefined;
  }
  const request = entry.requests[key];
  delete entry.requests[key];
  if (Object.keys(entry.requests).length === 0) drop(bookId, entry);
  return request;
}
