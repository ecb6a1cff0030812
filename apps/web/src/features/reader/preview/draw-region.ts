import type { PDFDocumentProxy } from 'pdfjs-dist';

/** Previews drawn lately, kept so a reference hovered again shows at once. */
const KEPT = 24;
const drawnRegions = new WeakMap<PDFDocumentProxy, Map<string, Promise<HTMLCanvasElement>>>();

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

/**
 * The part `region` of a page drawn by pdf.js into a canvas `cssWidth` CSS pixels wide (the whole page
 * width, clipped to the region's height): formulas look as printed. Drawn once per region and width and
 * kept for the next time; started as soon as the pointer reaches a reference, before the preview opens.
 */
export function drawRegion(
  pdf: PDFDocumentProxy,
  region: Region,
  cssWidth: number,
  ratio: number,
): Promise<HTMLCanvasElement> {
  let kept = drawnRegions.get(pdf);
  if (!kept) drawnRegions.set(pdf, (kept = new Map()));
  const key = `${region.pageNumber}:${region.top.toFixed(4)}:${region.height}:${Math.round(cssWidth)}:${ratio}`;
  const known = kept.get(key);
  if (known) {
    // Most recently used last.
    kept.delete(key);
    kept.set(key, known);
    return known;
  }
  const drawing = (async () => {
    const page = await pdf.getPage(region.pageNumber);
    const base = page.getViewport({ scale: 1 });
    const scale = (cssWidth / base.width) * ratio;
    const viewport = page.getViewport({ scale, offsetY: -region.top * base.height * scale });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(cssWidth * ratio);
    canvas.height = Math.max(1, Math.round(region.height * base.height * scale));
    canvas.style.width = `${Math.round(cssWidth)}px`;
    canvas.style.height = `${canvas.height / ratio}px`;
    await page.render({ canvas, viewport }).promise;
    return canvas;
  })();
  kept.set(key, drawing);
  drawing.catch(() => kept.delete(key));
  while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return drawing;
}
