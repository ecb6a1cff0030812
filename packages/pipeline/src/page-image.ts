import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { loadPdf } from './pdfjs.ts';

type RenderParameters = Parameters<PDFPageProxy['render']>[0];

/** WebP quality of page images: text stays crisp at the size shown, at a fifth of PNG's bytes. */
const WEBP_QUALITY = 85;

/** A page drawn to pixels, with the image formats it can be written in. */
export interface PageRaster {
  width: number;
  height: number;
  webp(): Promise<Uint8Array>;
  png(): Promise<Uint8Array>;
  /** The same picture at `width` pixels wide (smaller: scaled down, which keeps text sharp). */
  scaled(width: number): PageRaster;
}

/** An open PDF whose pages are drawn with pdf.js on @napi-rs/canvas, in this thread. */
export interface PageRenderer {
  pageCount: number;
  /** Page `page` (from 1) drawn `width` pixels wide on white paper. */
  render(page: number, width: number): Promise<PageRaster>;
  close(): Promise<void>;
}

/**
 * Opens `pdf` for drawing its pages. Throws pdf.js's own errors for a file that is not a readable PDF
 * (InvalidPDFException, PasswordException...).
 */
export async function openPageRenderer(pdf: Uint8Array): Promise<PageRenderer> {
  const task = loadPdf(pdf);
  let document: PDFDocumentProxy;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy();
    throw error;
  }
  return {
    pageCount: document.numPages,
    async render(pageNumber, width) {
      const page = await document.getPage(pageNumber);
      try {
        const unscaled = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: width / unscaled.width });
        const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
        const context = canvas.getContext('2d');
        // Pages are paper: a transparent background would show what is behind the image through it.
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, canvas.width, canvas.height);
        // @napi-rs/canvas stands in for the DOM canvas pdf.js is typed against.
        await page.render({ canvas, canvasContext: context, viewport } as unknown as RenderParameters)
          .promise;
        return raster(canvas);
      } finally {
        page.cleanup();
      }
    },
    close: () => task.destroy(),
  };
}

function raster(canvas: Canvas): PageRaster {
  return {
    width: canvas.width,
    height: canvas.height,
    webp: async () => new Uint8Array(await canvas.encode('webp', WEBP_QUALITY)),
    png: async () => new Uint8Array(await canvas.encode('png')),
    scaled(width) {
      const height = Math.max(1, Math.round((canvas.height * width) / canvas.width));
      const smaller = createCanvas(width, height);
      const context = smaller.getContext('2d');
      context.imageSmoothingQuality = 'high';
      context.drawImage(canvas, 0, 0, width, height);
      return raster(smaller);
    },
  };
}

/** What an import draws of a book's first pages: each page at `widths`, and page 1 as a cover. */
export interface OpeningPagesRequest {
  pdf: Uint8Array;
  pages: number;
  widths: readonly number[];
  coverWidth: number;
}

export interface OpeningPages {
  /** Page 1 as a PNG `coverWidth` pixels wide. */
  cover: Uint8Array;
  /** WebP images of the first pages (as many as the book has), each at every width. */
  images: { page: number; width: number; webp: Uint8Array }[];
}

/**
 * The first pages of a book as an import keeps them: page 1 as a cover, and the first pages' images. Each
 * page is drawn once, at the widest, and scaled down for the rest.
 */
export async function drawOpeningPages(request: OpeningPagesRequest): Promise<OpeningPages> {
  const renderer = await openPageRenderer(request.pdf);
  try {
    const widest = Math.max(request.coverWidth, ...request.widths);
    const first = await renderer.render(1, widest);
    const cover = await first.scaled(request.coverWidth).png();
    const images: OpeningPages['images'] = [];
    for (let page = 1; page <= Math.min(request.pages, renderer.pageCount); page++) {
      const drawn = page === 1 ? first : await renderer.render(page, widest);
      for (const width of request.widths) {
        const image = width === drawn.width ? drawn : drawn.scaled(width);
        images.push({ page, width, webp: await image.webp() });
      }
    }
    return { cover, images };
  } finally {
    await renderer.close();
  }
}
