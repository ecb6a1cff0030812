import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, type PDFDocumentLoadingTask } from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));

type LoadOptions = Omit<Parameters<typeof getDocument>[0] & object, 'data'>;

/**
 * Starts loading a PDF with pdf.js in Node (its "fake worker" runs in this thread). The standard 14 fonts,
 * CMaps and image decoders come from the pdfjs-dist package, so nothing is fetched from the network.
 * pdf.js takes ownership of (detaches) the buffer it is given, so it gets a copy.
 */
export function loadPdf(data: Uint8Array, options: LoadOptions = {}): PDFDocumentLoadingTask {
  return getDocument({
    data: data.slice(),
    standardFontDataUrl: path.join(pdfjsRoot, 'standard_fonts') + path.sep,
    cMapUrl: path.join(pdfjsRoot, 'cmaps') + path.sep,
    cMapPacked: true,
    wasmUrl: path.join(pdfjsRoot, 'wasm') + path.sep,
    verbosity: 0,
    ...options,
  });
}
