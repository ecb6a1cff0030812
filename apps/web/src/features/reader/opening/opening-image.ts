import {
  pageImagePath,
  pageImageWidth,
  type PageImageWidth,
  type ReaderPreferences,
} from '@threadbook/contracts';
import { apiFetch } from '../../../lib/api.ts';

/** A page's image, fetched and decoded, ready to be shown at once. */
export interface OpeningImage {
  page: number;
  /** An object URL of the image; `release` frees it. */
  url: string;
  /** The image's size in pixels: its ratio is the page's. */
  width: number;
  height: number;
  release(): void;
}

/** The reader's toolbar and the gaps about a page (CSS pixels), which the page's height fits between. */
const CHROME_HEIGHT = 74;
/** Width over height of a usual textbook page (US Letter; A4 is narrower, so asks no smaller). */
const USUAL_PAGE_RATIO = 8.5 / 11;

/**
 * The image width to ask for a page shown fitted in a window `width` × `height` (CSS pixels) at
 * `devicePixelRatio`, before the reader is there to be measured: the page's height fits the window's
 * below the toolbar, so its width is about that height's share for a usual page, in device pixels.
 */
export function openingImageWidth(width: number, height: number, devicePixelRatio: number): PageImageWidth {
  const pageWidth = Math.min(width, Math.max(1, height - CHROME_HEIGHT) * USUAL_PAGE_RATIO);
  return pageImageWidth(Math.ceil(pageWidth * (devicePixelRatio || 1)));
}

/** Whether the pages are shown as the image has them: night reading recolours pages, the image does not. */
export function showsOpeningImage(preferences: Pick<ReaderPreferences, 'pageColours'>): boolean {
  return preferences.pageColours === 'normal';
}

/**
 * Page `page` of book `bookId` as an image for this window, decoded; null when it cannot be had (the
 * reader then waits for pdf.js's drawing, as without it).
 */
export async function fetchOpeningImage(
  bookId: number,
  page: number,
  signal?: AbortSignal,
): Promise<OpeningImage | null> {
  const width = openingImageWidth(window.innerWidth, window.innerHeight, window.devicePixelRatio);
  let url: string | undefined;
  try {
    const response = await apiFetch(pageImagePath(bookId, page, width), { signal });
    url = URL.createObjectURL(await response.blob());
    const image = new Image();
    image.src = url;
    // Decoded before it is shown: it appears whole, in one frame.
    await image.decode();
    const objectUrl = url;
    return {
      page,
      url: objectUrl,
      width: image.naturalWidth,
      height: image.naturalHeight,
      release: () => URL.revokeObjectURL(objectUrl),
    };
  } catch (error) {
    if (url) URL.revokeObjectURL(url);
    if (!signal?.aborted) console.warn(`page ${page} of book ${bookId} could not be had as an image`, error);
    return null;
  }
}
