import type { ReaderPreferences } from './preferences.ts';

/**
 * Page images (issue 36): a page as a WebP picture the reader shows the moment it opens a book, before
 * pdf.js has drawn it. They come in a few widths only, so the server keeps each once and the browser's
 * cache serves the next opening: the reader asks for the smallest that is at least as wide as the page
 * will be drawn (in device pixels), the server makes no other.
 */
export const PAGE_IMAGE_WIDTHS = [256, 512, 768, 1024, 1280, 1536, 2048, 2560, 3072] as const;
export type PageImageWidth = (typeof PAGE_IMAGE_WIDTHS)[number];

export const PageImageErrorMessage = {
  invalidWidth: `Invalid image width: one of ${PAGE_IMAGE_WIDTHS.join(', ')}`,
} as const;

/** The width to ask for a page drawn `devicePixels` wide: the next one up, or the widest. */
export function pageImageWidth(devicePixels: number): PageImageWidth {
  return PAGE_IMAGE_WIDTHS.find((width) => width >= devicePixels) ?? PAGE_IMAGE_WIDTHS.at(-1)!;
}

export function isPageImageWidth(width: number): width is PageImageWidth {
  return (PAGE_IMAGE_WIDTHS as readonly number[]).includes(width);
}

/** GET: page `page` of book `bookId` as image/webp, `width` pixels wide. */
export function pageImagePath(bookId: number, page: number, width: PageImageWidth): string {
  return `/api/books/${bookId}/pages/${page}/image?width=${width}`;
}

/**
 * GET: the page book `bookId` opens at for the signed-in student (their reading position, else page 1) as
 * image/webp, `width` pixels wide, with the page's number and the book's page count in the headers below;
 * 204 when their pages are shown in other colours than the book's (see showsPageImages).
 */
export function openingImagePath(bookId: number, width: PageImageWidth): string {
  return `/api/books/${bookId}/opening-image?width=${width}`;
}

/** The headers of an opening image's answer: the page it shows, and how many pages the book has. */
export const OPENING_IMAGE_HEADERS = { page: 'threadbook-page', pageCount: 'threadbook-page-count' } as const;

/** Whether pages are shown as their images have them: night reading recolours pages, an image would flash. */
export function showsPageImages(preferences: Pick<ReaderPreferences, 'pageColours'>): boolean {
  return preferences.pageColours === 'normal';
}
