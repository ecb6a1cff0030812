import type { OpeningImage } from './opening/opening-image.ts';

/**
 * What the reader's head script (opening-head.ts, run before the app) hands the app through the window:
 * the page load's token and the opening page's image, and the overlay showing it. Light: the app takes
 * these without the head script's code, which it loads only when the head script did not run.
 */
export interface OpeningHead {
  bookId: number;
  /** The page load's session token (null without a session). */
  token: Promise<string | null>;
  /** The image, decoded (null when there is none to show, or it could not be had). */
  image: Promise<OpeningImage | null>;
}

declare global {
  interface Window {
    threadbookOpeningHead?: OpeningHead;
  }
}

/** The overlay's class: the element is the page's, whichever script showed it. */
export const OPENING_OVERLAY_CLASS = 'opening-overlay';

/** The book of a reader's address, or null. */
export function readerBookId(pathname: string): number | null {
  const id = Number(/^\/reader\/(\d+)\/?$/.exec(pathname)?.[1] ?? Number.NaN);
  return Number.isSafeInteger(id) ? id : null;
}

/** The opening image asked for book `bookId` as the page loaded, once (prefetch.ts hands it to the reader). */
export function takeOpeningImage(bookId: number): Promise<OpeningImage | null> | undefined {
  const head = window.threadbookOpeningHead;
  if (head?.bookId !== bookId) return undefined;
  const { image } = head;
  // Taken: the token stays for the app's own start.
  head.image = Promise.resolve(null);
  head.bookId = Number.NaN;
  return image;
}

/** Removes the opening overlay, if it is shown: the reader shows the page itself, or will not. */
export function removeOpeningOverlay(): void {
  document.querySelector(`.${OPENING_OVERLAY_CLASS}`)?.remove();
}
