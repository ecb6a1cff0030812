/**
 * What lies about the reader's page view: the app's header and the reader's toolbar above it, the footer
 * below it, and the width its scrollbar keeps. Measured each time the reader is shown and remembered in
 * the browser, so that a reader opened by its address can put its first page where the reader will draw
 * it before the reader is there (opening-place.ts); a first visit takes them as they are at the default
 * font size.
 */
export interface ReaderChrome {
  top: number;
  bottom: number;
  scrollbar: number;
}

export const READER_CHROME_KEY = 'threadbook:reader-chrome';

/** The app's header (65) and the toolbar (57) above the pages, the footer below, Chromium's scrollbar. */
export const FIRST_VISIT_CHROME: ReaderChrome = { top: 122, bottom: 28.1875, scrollbar: 15 };

function isChrome(value: unknown): value is ReaderChrome {
  if (typeof value !== 'object' || value === null) return false;
  const { top, bottom, scrollbar } = value as Record<string, unknown>;
  return [top, bottom, scrollbar].every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0);
}

/** The chrome remembered in `storage`, else the first visit's. */
export function readReaderChrome(storage: Storage): ReaderChrome {
  try {
    const stored: unknown = JSON.parse(storage.getItem(READER_CHROME_KEY) ?? 'null');
    return isChrome(stored) ? stored : FIRST_VISIT_CHROME;
  } catch {
    return FIRST_VISIT_CHROME;
  }
}

/** Remembers the chrome about the page view `viewer` as it is now; storage that refuses only forgets it. */
export function rememberReaderChrome(storage: Storage, viewer: HTMLElement, windowHeight: number): void {
  const box = viewer.getBoundingClientRect();
  const chrome: ReaderChrome = {
    top: box.top,
    bottom: windowHeight - box.bottom,
    scrollbar: viewer.offsetWidth - viewer.clientWidth,
  };
  if (!isChrome(chrome)) return;
  try {
    storage.setItem(READER_CHROME_KEY, JSON.stringify(chrome));
  } catch {
    // The next visit takes the first visit's chrome.
  }
}
