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
}

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
  return {
    async get(bookId, page, width) {
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
    },
  };
}
