import type { BookDocument, BookParagraph } from '@threadbook/book';
import { describe, expect, it } from 'vitest';
import { qualityReport } from '../eval/quality.ts';
import { column, makePdf, prose } from './pdf-fixtures.ts';

/** Three pages under a running head with the printed page number, and a body of prose. */
function headedPdf(): Promise<Uint8Array> {
  return makePdf((doc) => {
    for (let page = 1; page <= 3; page++) {
      if (page > 1) doc.addPage();
      doc
        .font('Times-Italic')
        .fontSize(9)
        .text(`${page + 10}   CHAPTER 2. SORTING IN LINEAR TIME`, 72, 40, {
          lineBreak: false,
        });
      column(doc, [prose(page, 8)], 72, 90, 468);
    }
  });
}

const block = (id: string, page: number, text: string, kind?: BookParagraph['kind']): BookParagraph => ({
  id,
  page,
  yStart: 0.2,
  text,
  explicitRefs: [],
  ...(kind ? { kind } : {}),
});

function book(paragraphs: BookParagraph[]): BookDocument {
  return {
    title: 'T',
    author: '',
    chapters: [
      { id: '2', title: 'Sorting in Linear Time', sections: [{ id: '2.1', title: 'Counting', paragraphs }] },
    ],
  };
}

describe('the quality report', () => {
  it('finds running heads by their page number and reports one left inside a block', async () => {
    const pdf = await headedPdf();
    const report = await qualityReport(
      pdf,
      book([
        block('2.1.1', 1, prose(1, 8)),
        block('2.1.2', 2, `12 CHAPTER 2. SORTING IN LINEAR TIME ${prose(2, 8)}`),
        block('2.1.3', 3, prose(3, 8)),
      ]),
    );
    expect(report.pages).toBe(3);
    expect(report.runningHeads.found).toBe(3);
    expect(report.runningHeads.inBlocks).toBe(1);
    expect(report.runningHeads.examples).toEqual(['1x: 12 CHAPTER 2. SORTING IN LINEAR TIME']);
  });

  it('counts blocks by kind, prose cut in two, captions for the labels seen and resolved references', async () => {
    const pdf = await headedPdf();
    const report = await qualityReport(
      pdf,
      book([
        block(
          '2.1.1',
          1,
          'Counting sort runs in linear time, as Figure 2.1 shows and Table 2.4 lists; see Section 2.1.',
        ),
        block('2.1.2', 1, 'face. The rest of the sentence was cut from its paragraph.'),
        block('2.1.3', 1, '(b) Show that the sort is stable.'),
        block('2.1.7', 1, '(c) you sort the keys in reverse.'),
        block('2.1.4', 2, 'Figure 2.1: The counting sort.', 'caption'),
        block('2.1.5', 2, 'for i in range(n): count[a[i]] += 1', 'code'),
        block('2.1.6', 3, '1 See the web site.', 'footnote'),
      ]),
    );
    expect(report.blocks).toEqual({ prose: 4, caption: 1, code: 1, footnote: 1 });
    // "face." opens with a lower-case word; "(b) Show" and "(c) you" are list items, counted apart.
    expect(report.prose).toMatchObject({ count: 4, lowerCaseStart: 1, listItemsInLowerCase: 1 });
    expect(report.captions).toEqual({ labelsSeen: 2, withCaption: 1, missing: ['table 2.4'] });
    expect(report.references).toEqual({ mentions: 3, resolved: 2 });
    expect(report.links).toBeUndefined();
  });

  it('does not take program output or a table row at the foot of a page for a running foot', async () => {
    // The last line of four pages: output that ends with a one-word title of the book, or a table's row
    // of sums, repeated; neither is a head, so neither counts as one left inside its block.
    const foot = (page: number) => (page === 2 ? 'Bootstrap Statistics :' : 'Sum 220 215 93 64');
    const pdf = await makePdf((doc) => {
      for (let page = 1; page <= 4; page++) {
        if (page > 1) doc.addPage();
        doc
          .font('Times-Italic')
          .fontSize(9)
          .text(`${page + 10}   CHAPTER 2. SORTING`, 72, 40, { lineBreak: false });
        // Right under the text, as output ends a page: not set apart as a foot is.
        const end = column(doc, [prose(page, 40)], 72, 90, 468);
        doc
          .font('Courier')
          .fontSize(10)
          .text(foot(page), 72, end + 2, { lineBreak: false });
      }
    });
    const withTitles: BookDocument = {
      ...book([1, 2, 3, 4].map((page) => block(`2.1.${page}`, page, `${prose(page, 40)} ${foot(page)}`))),
    };
    withTitles.chapters[0]!.sections.push({ id: '2.2', title: 'Statistics', paragraphs: [] });
    const report = await qualityReport(pdf, withTitles);
    expect(report.runningHeads.found).toBe(4);
    expect(report.runningHeads.inBlocks).toBe(0);
  });
});
