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

/** The first page of a PDF as a PNG `width` pixels wide, for the library's cover tiles. */
export async function renderCover(pdf: Uint8Array, width = 400): Promise<Uint8Array> {
  const renderer = await openPageRenderer(pdf);
  try {
    return await (await renderer.render(1, width)).png();
  } finally {
    await renderer.close();
  }
}
