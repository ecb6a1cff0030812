import { createCanvas } from '@napi-rs/canvas';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { loadPdf } from './pdfjs.ts';

type RenderParameters = Parameters<PDFPageProxy['render']>[0];

/**
 * Renders the first page of a PDF as a PNG about `width` pixels wide, for the library's cover tiles.
 * pdf.js draws with @napi-rs/canvas.
 * Throws pdf.js's own errors for a file that is not a readable PDF (InvalidPDFException,
 * PasswordException...).
 */
export async function renderCover(pdf: Uint8Array, width = 400): Promise<Uint8Array> {
  const task = loadPdf(pdf);
  try {
    const document = await task.promise;
    const page = await document.getPage(1);
    const unscaled = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: width / unscaled.width });
    const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
    const context = canvas.getContext('2d');
    // Pages are paper: a transparent background would show the tile colour through the cover.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    // @napi-rs/canvas stands in for the DOM canvas pdf.js is typed against.
    await page.render({ canvas, canvasContext: context, viewport } as unknown as RenderParameters).promise;
    page.cleanup();
    return new Uint8Array(await canvas.encode('png'));
  } finally {
    await task.destroy();
  }
}
