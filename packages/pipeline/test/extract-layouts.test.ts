/**
 * Layouts that broke extraction on textbooks nobody tuned for, each on a small PDF typeset for the test:
 * two columns, running heads that change per section, footnotes, listings, captions.
 */
import type { BookDocument, BookParagraph } from '@threadbook/book';
import { describe, expect, it } from 'vitest';
import { findPageGutter } from '../src/extract/columns.ts';
import { extractBook } from '../src/extract/extract-book.ts';
import { buildLines } from '../src/extract/lines.ts';
import { openPdf, readPageText } from '../src/extract/load.ts';
import { column, makePdf, prose } from './pdf-fixtures.ts';

const paragraphs = (book: BookDocument): BookParagraph[] =>
  book.chapters.flatMap((c) => c.sections.flatMap((s) => s.paragraphs));

describe('a page set in two columns', () => {
  it('reads the left column before the right one, whatever the gutter width', async () => {
    for (const gutter of [8, 24]) {
      const width = (612 - 2 * 40 - gutter) / 2;
      const left = [prose(1, 6), prose(2, 5), prose(3, 6)];
      const right = [prose(4, 6), prose(5, 5), prose(6, 6)];
      const pdf = await makePdf((doc) => {
        for (let page = 0; page < 2; page++) {
          if (page > 0) doc.addPage();
          column(doc, left, 40, 60, width);
          column(doc, right, 40 + width + gutter, 60, width);
        }
      });
      const { book } = await extractBook(pdf);
      const texts = paragraphs(book).map((p) => p.text);
      expect(texts, `gutter ${gutter}`).toEqual([...left, ...right, ...left, ...right]);
    }
  });

  it('finds no page gutter in one column of text, nor beside short rows, a matrix or dot leaders', async () => {
    const pages: [string, (doc: PDFKit.PDFDocument) => void][] = [
      ['text', (doc) => column(doc, [prose(1, 12), prose(2, 12), prose(3, 12)], 72, 72, 468)],
      [
        'exercise parts',
        (doc) => {
          doc.font('Times-Roman').fontSize(10);
          for (let i = 0; i < 30; i++) {
            doc.text(`(${String.fromCharCode(97 + (i % 26))}) A ∩ B = C`, 90, 72 + 14 * i, {
              lineBreak: false,
            });
            doc.text(`(${String.fromCharCode(97 + (i % 26))}) A ∪ B ⊂ D`, 320, 72 + 14 * i, {
              lineBreak: false,
            });
          }
        },
      ],
      [
        'contents',
        (doc) => {
          doc.font('Times-Roman').fontSize(10);
          for (let i = 0; i < 30; i++) {
            doc.text(`${i + 1}.1 Groups and rings . . . . . .`, 72, 72 + 14 * i, { lineBreak: false });
            doc.text(`. . . . . . . . . . . ${i * 3 + 1}`, 320, 72 + 14 * i, { lineBreak: false });
          }
        },
      ],
    ];
    for (const [name, draw] of pages) {
      const pdf = await makePdf(draw);
      const opened = await openPdf(pdf);
      const lines = buildLines(await readPageText(opened.pdf, 1));
      await opened.close();
      expect(findPageGutter(lines), name).toBeNull();
    }
  });
});
