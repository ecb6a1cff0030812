import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

type RenderParameters = Parameters<PDFPageProxy['render']>[0];

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));

/**
 * Renders the first page of a PDF as a PNG about `width` pixels wide, for the library's cover tiles.
 * pdf.js runs in this thread (its "fake worker") and draws with @napi-rs/canvas; the standard 14 fonts,
 * CMaps and image decoders come from the pdfjs-dist package, so nothing is fetched from the network.
 * Throws pdf.js's own errors for a file that is not a readable PDF (InvalidPDFException,
 * PasswordException...).
 */
export async function renderCover(pdf: Uint8Array, width = 400): Promise<Uint8Array> {
  const task = getDocument({
    // pdf.js may transfer (detach) the buffer it is given: hand it a copy.
    data: new Uint8Array(pdf),
    standardFontDataUrl: `${pdfjsRoot}/standard_fonts/`,
    cMapUrl: `${pdfjsRoot}/cmaps/`,
    cMapPacked: true,
    wasmUrl: `${pdfjsRoot}/wasm/`,
    verbosity: 0,
  });
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
