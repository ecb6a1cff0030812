import {
  OPENING_IMAGE_HEADERS,
  openingImagePath,
  pageImagePath,
  pageImageWidth,
  type PageImageWidth,
} from '@threadbook/contracts';
import { apiFetch, type ApiFetch } from '../../../lib/api.ts';

/** A page's image, fetched and decoded, ready to be shown at once. */
export interface OpeningImage {
  page: number;
  /** An object URL of the image; `release` frees it. */
  url: string;
  /** The image's size in pixels: its ratio is the page's. */
  width: number;
  height: number;
  /** The book's page count, when the server said it with the image (the opening image's answer). */
  pageCount?: number;
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

/** The width to ask for this window. */
const widthForWindow = () =>
  openingImageWidth(window.innerWidth, window.innerHeight, window.devicePixelRatio);

/** The image in `response`, decoded; `page` and `pageCount` as the caller knows them. */
async function decodedImage(
  response: Response,
  page: number,
  pageCount: number | undefined,
): Promise<OpeningImage> {
  const url = URL.createObjectURL(await response.blob());
  try {
    const image = new Image();
    image.src = url;
    // Decoded before it is shown: it appears whole, in one frame.
    await image.decode();
    return {
      page,
      url,
      width: image.naturalWidth,
      height: image.naturalHeight,
      ...(pageCount === undefined ? {} : { pageCount }),
      release: () => URL.revokeObjectURL(url),
    };
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
}

/** A whole number of 1 or more from a header, or undefined. */
function headerCount(response: Response, name: string): number | undefined {
  const value = Number(response.headers.get(name) ?? Number.NaN);
  return Number.isInteger(value) && value >= 1 ? value : undefined;
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
  try {
    const response = await apiFetch(pageImagePath(bookId, page, widthForWindow()), { signal });
    return await decodedImage(response, page, undefined);
  } catch (error) {
    if (!signal?.aborted) console.warn(`page ${page} of book ${bookId} could not be had as an image`, error);
    return null;
  }
}

/**
 * The page the signed-in student opens book `bookId` at, as an image for this window, decoded, in one
 * call (the server knows the page): null when their pages are recoloured or it cannot be had. `send`
 * makes the call (apiFetch, or a fetch with a token at hand before apiFetch has one).
 */
export async function fetchBookOpening(
  bookId: number,
  send: ApiFetch = apiFetch,
): Promise<OpeningImage | null> {
  try {
    const response = await send(openingImagePath(bookId, widthForWindow()));
    if (response.status === 204) return null;
    if (!response.ok) throw new Error(`Request failed: ${response.status} ${response.statusText}`);
    const page = headerCount(response, OPENING_IMAGE_HEADERS.page);
    if (page === undefined) throw new Error(`no ${OPENING_IMAGE_HEADERS.page} header`);
    return await decodedImage(response, page, headerCount(response, OPENING_IMAGE_HEADERS.pageCount));
  } catch (error) {
    console.warn(`book ${bookId}'s opening page could not be had as an image`, error);
    return null;
  }
}
