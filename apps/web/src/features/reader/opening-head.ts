import { firstSessionToken } from '../../lib/session-token.ts';
import { fetchBookOpening } from './opening/opening-image.ts';
import { readerBookId, type OpeningHead } from './opening-handoff.ts';
import { showOpeningOverlay } from './opening-overlay.ts';

/**
 * On a reader's address, the page the book opens at, asked for as an image as soon as the session's token
 * is here (index.html preloads it) and shown where the reader will draw it the moment it comes
 * (opening-overlay.ts). Run by the reader's head script, a small one of its own that index.html runs as
 * soon as it has it (src/reader-head.ts, built apart: vite.config.ts); the app runs it too when the head
 * script did not (reader-head-start.ts). The first to run asks; it hands what it asked for to the app
 * through the window (opening-handoff.ts).
 */
export function startOpeningHead(): OpeningHead | undefined {
  if (window.threadbookOpeningHead) return window.threadbookOpeningHead;
  const bookId = readerBookId(window.location.pathname);
  if (bookId === null) return undefined;
  const token = firstSessionToken().catch(() => null);
  const image = token.then((bearer) =>
    bearer === null
      ? null
      : fetchBookOpening(bookId, (path) => fetch(path, { headers: { Authorization: `Bearer ${bearer}` } })),
  );
  // A picture the overlay cannot show is no error of the reader's: it opens as without it.
  image
    .then((shown) => shown && showOpeningOverlay(shown))
    .catch((error: unknown) => console.warn('the opening page could not be shown', error));
  window.threadbookOpeningHead = { bookId, token, image };
  return window.threadbookOpeningHead;
}
