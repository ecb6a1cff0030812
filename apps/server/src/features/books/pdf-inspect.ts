import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { BookImportError } from './errors.ts';

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));

export interface PdfFacts {
  pageCount: number;
  /** The document information's Title and Author, when set. */
  title?: string;
  author?: string;
}

function hasBytes(haystack: Uint8Array, needle: string): boolean {
  return Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength).includes(needle, 0, 'latin1');
}

/**
 * Checks that `pdf` is a complete, readable, unencrypted PDF with a text layer, and reads its page count
 * and document information. Every failure is a BookImportError naming the file, for the person importing.
 */
export async function inspectPdf(pdf: Uint8Array, fileName: string): Promise<PdfFacts> {
  if (!hasBytes(pdf.subarray(0, 1024), '%PDF-')) {
    throw new BookImportError(`${fileName} is not a PDF file.`);
  }
  // Every complete PDF ends with %%EOF; pdf.js would otherwise quietly rebuild what it can of a cut file.
  if (!hasBytes(pdf.subarray(Math.max(0, pdf.length - 4096)), '%%EOF')) {
    throw new BookImportError(`${fileName} is incomplete: the file ends early (truncated or damaged).`);
  }
  const task = getDocument({
    data: new Uint8Array(pdf),
    standardFontDataUrl: `${pdfjsRoot}/standard_fonts/`,
    cMapUrl: `${pdfjsRoot}/cmaps/`,
    cMapPacked: true,
    wasmUrl: `${pdfjsRoot}/wasm/`,
    stopAtErrors: true,
    verbosity: 0,
  });
  try {
    let document;
    try {
      document = await task.promise;
    } catch (error) {
      if ((error as Error).name === 'PasswordException') {
        throw new BookImportError(
          `${fileName} is protected by a password. Remove the password and import it again.`,
        );
      }
      throw new BookImportError(
        `${fileName} is not a readable PDF (it is damaged or truncated): ${(error as Error).message}`,
      );
    }
    const pageCount = document.numPages;
    if (pageCount < 1) throw new BookImportError(`${fileName} has no pages.`);

    let hasText = false;
    try {
      for (let pageNumber = 1; pageNumber <= pageCount && !hasText; pageNumber++) {
        const page = await document.getPage(pageNumber);
        const content = await page.getTextContent();
        hasText = content.items.some((item) => 'str' in item && item.str.trim() !== '');
        page.cleanup();
      }
    } catch (error) {
      throw new BookImportError(
        `${fileName} is not a readable PDF (it is damaged or truncated): ${(error as Error).message}`,
      );
    }
    if (!hasText) {
      throw new BookImportError(
        `${fileName} has no text layer (it may be scanned pages or images). Threadbook needs a PDF with selectable text.`,
      );
    }

    const { info } = (await document.getMetadata().catch(() => ({ info: {} }))) as {
      info: { Title?: unknown; Author?: unknown };
    };
    const text = (value: unknown) =>
      typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
    return { pageCount, title: text(info.Title), author: text(info.Author) };
  } finally {
    await task.destroy();
  }
}
