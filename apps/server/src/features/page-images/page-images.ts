import { BOOK_FILES, type PageImageWidth } from '@threadbook/contracts';
import { pageImageName, type BookFileStat, type BookStorage } from '../books/index.ts';
import { ApiError } from '../../api-errors.ts';
import type { PageRenderPool } from './render-pool.ts';

/** A page image as served: its bytes, and the stat its ETag and Last-Modified come from. */
export interface PageImage {
  bytes: Buffer;
  stat: BookFileStat;
}

export interface PageImages {
  /** Page `page` of book `bookId` (a page it has) as WebP, `width` pixels wide: kept, or drawn now and kept. */
  get(bookId: number, page: number, width: PageImageWidth): Promise<PageImage>;
  /**
   * Draws pages of book `bookId` (pages it has) ahead, `width` wide, in the background, one after the
   * other behind what is asked for now; pages kept already are skipped.
   */
  prepare(bookId: number, pages: readonly number[], width: PageImageWidth): void;
}

/** Pages waiting to be drawn ahead, at most: the latest asked (the page the student is on now) stay. */
const PREPARED_AT_MOST = 64;

/**
 * The page images of stored books (issue 36): kept beside the book (removed with it, at most `budget`
 * bytes a book), drawn by `pool` the first time a page is asked at a width. Requests for an image being
 * drawn wait for that drawing. A book's PDF never changes under its id, so neither do its images.
 */
export function createPageImages(storage: BookStorage, pool: PageRenderPool, budget: number): PageImages {
  const drawing = new Map<string, Promise<PageImage>>();
  const draw = async (bookId: number, page: number, width: number, name: string): Promise<PageImage> => {
    const pdf = () => storage.read(bookId, BOOK_FILES.pdf);
    const images = await pool.render(String(bookId), pdf, page, [{ width, format: 'webp' }]);
    if (!images) throw new Error(`book ${bookId} has no page ${page}`);
    const bytes = Buffer.from(images[0]!);
    // The kept file's stat, so this answer's ETag is the one the next requests get.
    const stat = await storage.putPageImage(bookId, name, bytes, budget);
    if (!stat) throw new ApiError.BookNotFound();
    return { bytes, stat };
  };
  const get = async (bookId: number, page: number, width: PageImageWidth): Promise<PageImage> => {
    const name = pageImageName(page, width);
    const kept = await storage.readPageImage(bookId, name);
    if (kept) return kept;
    const key = `${bookId}/${name}`;
    let pending = drawing.get(key);
    if (!pending) {
      pending = draw(bookId, page, width, name).finally(() => drawing.delete(key));
      drawing.set(key, pending);
    }
    return pending;
  };

  // Drawn ahead one at a time, the latest asked first (the page the student is on now), each once nothing
  // asked for now is being drawn: a reader's own page comes first.
  const ahead = new Map<string, { bookId: number; page: number; width: PageImageWidth }>();
  let drawingAhead = false;
  const drawAhead = async () => {
    if (drawingAhead) return;
    drawingAhead = true;
    try {
      while (ahead.size > 0) {
        while (drawing.size > 0) await Promise.allSettled(drawing.values());
        const key = [...ahead.keys()].at(-1)!;
        const { bookId, page, width } = ahead.get(key)!;
        ahead.delete(key);
        // A book removed meanwhile, or a page it cannot draw: nothing to prepare.
        await get(bookId, page, width).catch(() => undefined);
      }
    } finally {
      drawingAhead = false;
    }
  };
  return {
    get,
    prepare(bookId, pages, width) {
      for (const page of [...pages].reverse()) {
        const key = `${bookId}/${pageImageName(page, width)}`;
        ahead.delete(key);
        ahead.set(key, { bookId, page, width });
      }
      for (const key of ahead.keys()) {
        if (ahead.size <= PREPARED_AT_MOST) break;
        ahead.delete(key);
      }
      void drawAhead();
    },
  };
}
