import { isPlaceholderTitle } from './extract/book-title.ts';
import { ExtractError } from './extract/errors.ts';
import { readInfo } from './extract/load.ts';
import { loadPdf } from './pdfjs.ts';

export interface PdfFacts {
  pageCount: number;
  /** The document information's Title (when it names the book: not 'Page Title', a file's name) and Author. */
  title?: string;
  author?: string;
}

function hasBytes(haystack: Uint8Array, needle: string): boolean {
  return Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength).includes(needle, 0, 'latin1');
}

/**
 * Checks that `pdf` is a complete, readable, unencrypted PDF with a text layer, and reads its page count
 * and document information. Every failure is an ExtractError naming the file, for the person importing.
 */
export async function inspectPdf(pdf: Uint8Array, fileName: string): Promise<PdfFacts> {
  if (!hasBytes(pdf.subarray(0, 1024), '%PDF-')) {
    throw new ExtractError('invalid-pdf', `${fileName} is not a PDF file.`);
  }
  // Every complete PDF ends with %%EOF; pdf.js would otherwise quietly rebuild what it can of a cut file.
  if (!hasBytes(pdf.subarray(Math.max(0, pdf.length - 4096)), '%%EOF')) {
    throw new ExtractError(
      'invalid-pdf',
      `${fileName} is incomplete: the file ends early (truncated or damaged).`,
    );
  }
  const task = loadPdf(pdf, { stopAtErrors: true });
  try {
    let document;
    try {
      document = await task.promise;
    } catch (error) {
      if ((error as Error).name === 'PasswordException') {
        throw new ExtractError(
          'encrypted',
          `${fileName} is protected by a password. Remove the password and import it again.`,
        );
      }
      throw new ExtractError(
        'invalid-pdf',
        `${fileName} is not a readable PDF (it is damaged or truncated): ${(error as Error).message}`,
      );
    }
    const pageCount = document.numPages;
    if (pageCount < 1) throw new ExtractError('invalid-pdf', `${fileName} has no pages.`);

    let hasText = false;
    try {
      for (let pageNumber = 1; pageNumber <= pageCount && !hasText; pageNumber++) {
        const page = await document.getPage(pageNumber);
        const content = await page.getTextContent();
        hasText = content.items.some((item) => 'str' in item && item.str.trim() !== '');
        page.cleanup();
      }
    } catch (error) {
      throw new ExtractError(
        'invalid-pdf',
        `${fileName} is not a readable PDF (it is damaged or truncated): ${(error as Error).message}`,
      );
    }
    if (!hasText) {
      throw new ExtractError(
        'no-text',
        `${fileName} has no text layer (it may be scanned pages or images). Threadbook needs a PDF with selectable text.`,
      );
    }

    const info = await readInfo(document);
    return {
      pageCount,
      title: isPlaceholderTitle(info.title) ? undefined : info.title,
      author: info.author || undefined,
    };
  } finally {
    await task.destroy();
  }
}
