import type { PDFDocumentProxy } from 'pdfjs-dist';
import { pageImagePath, pageImageWidth, type PageImageWidth } from '@threadbook/contracts';
import { apiFetch } from '../../../lib/api.ts';

/** Previews drawn lately, kept so a reference hovered again shows at once. */
const KEPT = 24;
/**
 * How long pdf.js's drawing of a region waits for the page's image, the page's data being fetched
 * meanwhile. A preview opens no sooner (PREVIEW_OPEN_MS), so an image within it leaves nothing for pdf.js
 * to do; started at once, pdf.js paints on this thread and delays the image's own turn (on the
 * 1,071-page book, previews of pages read first took a median of 145 to 207 ms in three runs with both
 * started at once, 116 to 118 ms with the head start).
 */
export const IMAGE_HEAD_START_MS = 100;

interface KeptRegion {
  drawing: Promise<HTMLCanvasElement>;
  /** Its canvas, once drawn. */
  canvas?: HTMLCanvasElement;
}
const drawnRegions = new WeakMap<PDFDocumentProxy, Map<string, KeptRegion>>();

export interface Region {
  pageNumber: number;
  /** Fractions of the page height. */
  top: number;
  height: number;
}

/** The device pixels per CSS pixel of a preview: the screen's, at most 2 (a preview is small). */
export function previewPixelRatio(devicePixelRatio: number): number {
  return Math.min(2, Math.max(1, devicePixelRatio || 1));
}

/** The width of the page image a region `cssWidth` CSS pixels wide at `ratio` is cut from. */
export function previewImageWidth(cssWidth: number, ratio: number): PageImageWidth {
  return pageImageWidth(cssWidth * ratio);
}

/** A canvas `cssWidth` CSS pixels wide at `ratio`, `height` device pixels high. */
function regionCanvas(cssWidth: number, ratio: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(cssWidth * ratio);
  canvas.height = Math.max(1, Math.round(height));
  canvas.style.width = `${Math.round(cssWidth)}px`;
  canvas.style.height = `${canvas.height / ratio}px`;
  return canvas;
}

/**
 * The region drawn by pdf.js once its page's data is here (a far page of a big book must be fetched) and
 * `startAfter` has settled. Stopped when `signal` aborts (the page's image came first): pdf.js draws on
 * this thread.
 */
async function regionFromPdf(
  pdf: PDFDocumentProxy,
  region: Region,
  cssWidth: number,
  ratio: number,
  signal?: AbortSignal,
  startAfter?: Promise<unknown>,
): Promise<HTMLCanvasElement> {
  const [page] = await Promise.all([pdf.getPage(region.pageNumber), startAfter]);
  signal?.throwIfAborted();
  const base = page.getViewport({ scale: 1 });
  const scale = (cssWidth / base.width) * ratio;
  const viewport = page.getViewport({ scale, offsetY: -region.top * base.height * scale });
  const canvas = regionCanvas(cssWidth, ratio, region.height * base.height * scale);
  const task = page.render({ canvas, viewport });
  const stop = () => task.cancel();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    await task.promise;
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  return canvas;
}

/** The region cut from the page's image on the server (issue 36): one call, kept by the browser a day. */
async function regionFromImage(
  bookId: number,
  region: Region,
  cssWidth: number,
  ratio: number,
): Promise<HTMLCanvasElement> {
  const response = await apiFetch(
    pageImagePath(bookId, region.pageNumber, previewImageWidth(cssWidth, ratio)),
  );
  const image = await createImageBitmap(await response.blob());
  try {
    const width = Math.round(cssWidth * ratio);
    const canvas = regionCanvas(cssWidth, ratio, (region.height * width * image.height) / image.width);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D context');
    const top = region.top * image.height;
    const height = region.height * image.height;
    context.drawImage(image, 0, top, image.width, height, 0, 0, canvas.width, canvas.height);
    return canvas;
  } finally {
    image.close();
  }
}

/**
 * The part `region` of a page of `pdf`, `cssWidth` CSS pixels wide (the whole page width, clipped to the
 * region's height): formulas look as printed. Given the book's id, the page's image from the server, or
 * pdf.js's drawing when the image has not come within IMAGE_HEAD_START_MS (a page the server draws on
 * request) and pdf.js is first; else pdf.js's. Drawn once per region and width and kept for the next time;
 * started as soon as the pointer reaches a reference, before the preview opens.
 */
export function drawRegion(
  { pdf, bookId }: { pdf: PDFDocumentProxy; bookId?: number },
  region: Region,
  cssWidth: number,
  ratio: number,
): Promise<HTMLCanvasElement> {
  const kept = keptRegions(pdf);
  const key = regionKey(region, cssWidth, ratio);
  const known = kept.get(key);
  if (known) {
    // Most recently used last.
    kept.delete(key);
    kept.set(key, known);
    return known.drawing;
  }
  let drawing: Promise<HTMLCanvasElement>;
  if (bookId === undefined) drawing = regionFromPdf(pdf, region, cssWidth, ratio);
  else {
    // The image first: pdf.js's drawing waits for it a while, and stops when it comes.
    const imageCame = new AbortController();
    const image = regionFromImage(bookId, region, cssWidth, ratio);
    image.then(
      () => imageCame.abort(),
      () => undefined,
    );
    const headStart = new Promise((resolve) => {
      window.setTimeout(resolve, IMAGE_HEAD_START_MS);
      image.catch(resolve);
    });
    const drawn = regionFromPdf(pdf, region, cssWidth, ratio, imageCame.signal, headStart);
    drawing = Promise.any([drawn, image]).catch((error: unknown) => {
      // Neither: pdf.js's reason, the one the reader reports.
      throw error instanceof AggregateError ? error.errors[0] : error;
    });
  }
  const entry: KeptRegion = { drawing };
  kept.set(key, entry);
  drawing.then(
    (canvas) => (entry.canvas = canvas),
    () => kept.delete(key),
  );
  while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return drawing;
}

/** The region's canvas if `drawRegion` has drawn it already, so a preview opens with it. */
export function drawnRegion(
  pdf: PDFDocumentProxy,
  region: Region,
  cssWidth: number,
  ratio: number,
): HTMLCanvasElement | null {
  return keptRegions(pdf).get(regionKey(region, cssWidth, ratio))?.canvas ?? null;
}

function keptRegions(pdf: PDFDocumentProxy): Map<string, KeptRegion> {
  let kept = drawnRegions.get(pdf);
  if (!kept) drawnRegions.set(pdf, (kept = new Map()));
  return kept;
}

function regionKey(region: Region, cssWidth: number, ratio: number): string {
  return `${region.pageNumber}:${region.top.toFixed(4)}:${region.height}:${Math.round(cssWidth)}:${ratio}`;
}
