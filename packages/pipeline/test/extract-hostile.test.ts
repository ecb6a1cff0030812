import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOK_XML_LIMITS } from '@threadbook/book';
import { extractBook, ExtractError } from '../src/extract/extract-book.ts';
import { makePdf, prose } from './pdf-fixtures.ts';

async function failure(data: Uint8Array): Promise<ExtractError> {
  try {
    await extractBook(data);
  } catch (error) {
    expect(error).toBeInstanceOf(ExtractError);
    return error as ExtractError;
  }
  throw new Error('extraction did not fail');
}

describe('hostile input', () => {
  it('rejects a PDF without text with a clear message', async () => {
    const blank = await makePdf((doc) => doc.rect(100, 100, 200, 200).fill('#cccccc'));
    const error = await failure(blank);
    expect(error.code).toBe('no-text');
    expect(error.message).toMatch(/^This PDF has no extractable text/);
  });

  it('rejects a password-protected PDF', async () => {
    const locked = await makePdf((doc) => doc.text('A secret chapter about groups.'), {
      userPassword: 'open sesame',
      ownerPassword: 'owner',
    });
    const error = await failure(locked);
    expect(error.code).toBe('encrypted');
    expect(error.message).toMatch(/protected by a password/);
  });

  it('rejects a file that is not a PDF', async () => {
    const garbage = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 251);
    const error = await failure(garbage);
    expect(error.code).toBe('invalid-pdf');
    expect(error.message).toMatch(/not a readable PDF/);
    expect((await failure(new Uint8Array(0))).code).toBe('invalid-pdf');
  });

  it('rejects a truncated PDF without hanging', async () => {
    const whole = await makePdf((doc) => {
      for (let page = 1; page <= 12; page++) {
        if (page > 1) doc.addPage();
        doc.fontSize(20).text(`${page} Chapter ${page}`, 72, 72);
        doc.fontSize(11).text(prose(page, 12), 72, 120, { width: 450 });
      }
    });
    // Cut inside the first objects, and in the middle (the catalogue and cross-references are at the end).
    for (const end of [2000, Math.floor(whole.length / 2)]) {
      const error = await failure(whole.subarray(0, end));
      expect(['invalid-pdf', 'no-text']).toContain(error.code);
    }
  });

  it('reads a small PDF without an outline into one chapter from its headings', async () => {
    const pdf = await makePdf((doc) => {
      doc.fontSize(20).text('1 Sets', 72, 72);
      doc
        .fontSize(11)
        .text(
          'A set is a collection of objects. We write x ∈ A when x is an element of A. Sets are the ground on which the rest of the book is built, so we take our time with them.',
          72,
          120,
          { width: 450 },
        );
      doc.fontSize(14).text('1.1 Notation', 72, 220);
      doc.fontSize(11).text('Curly braces list the elements of a set.', 72, 250);
    });
    const { book, pageCount } = await extractBook(pdf);
    expect(pageCount).toBe(1);
    expect(book.chapters.map((c) => c.id)).toEqual(['1']);
    expect(book.chapters[0]!.sections.map((s) => s.id)).toEqual(['1', '1.1']);
    expect(book.chapters[0]!.sections[1]!.paragraphs[0]).toMatchObject({
      id: '1.1.1',
      page: 1,
      text: 'Curly braces list the elements of a set.',
    });
  });

  it('cuts a block longer than Book XML allows into paragraphs within the bound, losing no word', async () => {
    const long = prose(1, 260); // about 23,000 characters, set over several pages
    const pdf = await makePdf((doc) => {
      doc.fontSize(20).text('1 Sets', 72, 72);
      doc.fontSize(11).text(long, 72, 120, { width: 450 });
    });
    const { book } = await extractBook(pdf);
    const paragraphs = book.chapters.flatMap((c) => c.sections.flatMap((s) => s.paragraphs));
    expect(paragraphs.length).toBeGreaterThan(1);
    expect(Math.max(...paragraphs.map((p) => p.text.length))).toBeLessThanOrEqual(
      DEFAULT_BOOK_XML_LIMITS.maxParagraphChars,
    );
    const words = (text: string) => text.split(/\s+/).filter((w) => w !== '');
    expect(words(paragraphs.map((p) => p.text).join(' '))).toEqual(words(long));
  });

  it('reads hundreds of pages without a paragraph break in seconds, not minutes', async () => {
    // One paragraph set over about 300 pages: building it line by line once took 25 s (text.ts, JoinedLines).
    const pdf = await makePdf((doc) => doc.fontSize(11).text(prose(2, 13000), { width: 450 }));
    const started = performance.now();
    const { book, pageCount } = await extractBook(pdf);
    const seconds = (performance.now() - started) / 1000;
    expect(pageCount).toBeGreaterThan(250);
    const paragraphs = book.chapters.flatMap((c) => c.sections.flatMap((s) => s.paragraphs));
    expect(paragraphs.length).toBeGreaterThan(30);
    expect(seconds).toBeLessThan(10);
  }, 60_000);

  it('stops between pages when its signal aborts, its worker thread included, and fails with the reason', async () => {
    const pages = 60;
    const pdf = await makePdf((doc) => {
      for (let page = 1; page <= pages; page++) {
        if (page > 1) doc.addPage();
        doc.fontSize(11).text(prose(page, 12), 72, 72, { width: 450 });
      }
    });
    const stop = new AbortController();
    let seen = 0;
    const reading = extractBook(pdf, {
      signal: stop.signal,
      onProgress: (done) => {
        seen = done;
        if (done === 4) stop.abort(new Error('the server is stopping'));
      },
    });
    await expect(reading).rejects.toThrow('the server is stopping');
    // Both threads stopped within a page or two of the abort; neither read on to the end.
    expect(seen).toBeLessThan(pages / 2);
    const again = await extractBook(pdf, { signal: new AbortController().signal });
    expect(again.pageCount).toBe(pages);
  });
});
