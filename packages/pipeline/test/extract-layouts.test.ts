/**
 * Layouts that broke extraction on textbooks nobody tuned for, each on a small PDF typeset for the test:
 * two columns, running heads that change per section, footnotes, listings, captions.
 */
import type { BookDocument, BookParagraph } from '@threadbook/book';
import { describe, expect, it } from 'vitest';
import { findPageGutter } from '../src/extract/columns.ts';
import { extractBook } from '../src/extract/extract-book.ts';
import { buildGraph } from '../src/graph/build-graph.ts';
import { mapLinksToParagraphs, readInternalLinks } from '../src/graph/links.ts';
import { graphParagraphs } from '../src/graph/paragraphs.ts';
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

  it("keeps a paragraph whole when a sum's limits in its column sit between the other column's lines", async () => {
    const gutter = 16;
    const width = (612 - 2 * 40 - gutter) / 2;
    const rightX = 40 + width + gutter;
    const pdf = await makePdf((doc) => {
      const y = column(doc, [prose(1, 8), prose(2, 8)], 40, 60, width) + 14;
      doc.font('Times-Roman').fontSize(10);
      // Justified lines: each fills the column (the last excepted).
      const justified = (text: string, x: number, top: number) => {
        const spread = (40 + width - x - doc.widthOfString(text)) / (text.split(' ').length - 1);
        doc.text(text, x, top, { lineBreak: false, wordSpacing: spread });
      };
      justified('Proof: For any vector v of the space we have the', 55, y);
      // The second line holds a display-style sum: its limits above and below it.
      doc.text('decomposition v =', 40, y + 13, { lineBreak: false });
      const sumX = 40 + doc.widthOfString('decomposition v = ');
      doc.text('S', sumX, y + 13, { lineBreak: false });
      doc.fontSize(7).text('n', sumX + 3, y + 9, { lineBreak: false });
      doc.text('k=1', sumX, y + 20, { lineBreak: false });
      doc.fontSize(10);
      justified('vk ek with some components vk, and', sumX + 12, y + 13);
      justified('so by linearity the result of applying the map to the', 40, y + 26);
      doc.text('vector v is known once the images of the basis are.', 40, y + 39, { lineBreak: false });
      // The right column's lines fall between the left one's, near the limits.
      column(doc, [prose(3, 20)], rightX, 66, width);
    });
    const all = paragraphs((await extractBook(pdf)).book).map((p) => p.text);
    const proof = all.filter((t) => t.includes('Proof:'));
    expect(proof).toHaveLength(1);
    // The limits stay with their sum (in some order), nowhere else in the paragraph.
    expect(proof[0]).toMatch(
      /^Proof: For any vector v of the space we have the decomposition v = S(k=1n|nk=1) ?vk ek with some components vk, and so by linearity .* basis are\.$/,
    );
    expect(all).toContain(prose(3, 20));
  });

  it('starts a section headed in the right column there: the left column below its height stays in the one before', async () => {
    const gutter = 16;
    const width = (612 - 2 * 40 - gutter) / 2;
    const rightX = 40 + width + gutter;
    const heading = (doc: PDFKit.PDFDocument, text: string, x: number, y: number) =>
      doc.font('Times-Bold').fontSize(13).text(text, x, y, { width, lineBreak: false });
    const left = [prose(1, 6), prose(2, 6), prose(3, 6), prose(4, 6)];
    const before = [prose(5, 4)];
    const after = [prose(6, 6), prose(7, 6)];
    let sectionTop = 0;
    for (const withOutline of [true, false]) {
      const pdf = await makePdf((doc) => {
        doc.font('Times-Bold').fontSize(18).text('1 Vectors', 40, 50, { lineBreak: false });
        heading(doc, '1.1 Spaces', 40, 90);
        column(doc, left, 40, 112, width);
        const y = column(doc, before, rightX, 112, width) + 20;
        sectionTop = y;
        heading(doc, '1.2 Maps', rightX, y);
        column(doc, after, rightX, y + 22, width);
        if (withOutline) {
          const at = (x: number, top: number) => ({ fit: false, left: 612 - x, top, zoom: 0 }) as never;
          const chapter = doc.outline.addItem('1 Vectors', at(40, 50));
          chapter.addItem('1.1 Spaces', at(40, 90));
          chapter.addItem('1.2 Maps', at(rightX, sectionTop));
        }
      });
      const { book } = await extractBook(pdf);
      const sections = book.chapters[0]!.sections.map((s) => [s.id, s.paragraphs.map((p) => p.text)]);
      expect(sectionTop, 'the heading is higher than the end of the left column').toBeLessThan(400);
      expect(sections, withOutline ? 'outline' : 'headings').toEqual([
        ['1.1', [...left, ...before]],
        ['1.2', after],
      ]);
    }
  });
});

describe('running heads and feet', () => {
  it('leaves out heads that change from section to section, and one seen on a single page', async () => {
    // Even pages carry the chapter, odd pages the section, each title different and without the page
    // number, which is at the foot; page 10 holds only a figure's caption under its head.
    const heads = (page: number) =>
      page % 2 === 0
        ? `CHAPTER ${page}. THE NEED FOR EFFICIENCY`
        : `Sorting in ${['linear', 'quadratic', 'logarithmic', 'constant', 'cubic'][page % 5]} time §${page}.1`;
    const texts: string[] = [];
    const pdf = await makePdf((doc) => {
      for (let page = 1; page <= 10; page++) {
        if (page > 1) doc.addPage();
        doc.font('Times-Italic').fontSize(9).text(heads(page), 72, 40, { lineBreak: false });
        if (page === 10) {
          doc.font('Times-Bold').fontSize(10).text('Figure 3.1:', 72, 400, { continued: true });
          doc.font('Times-Roman').text(' The running time of both sorts.');
          continue;
        }
        const text = [prose(page, 5), prose(page + 20, 4)];
        texts.push(...text);
        column(doc, text, 72, 80, 468);
        doc.font('Times-Roman').fontSize(10).text(String(page), 300, 740, { lineBreak: false });
      }
    });
    const { book } = await extractBook(pdf);
    const all = paragraphs(book);
    expect(all.filter((p) => p.kind === undefined).map((p) => p.text)).toEqual(texts);
    expect(all.filter((p) => p.kind === 'caption').map((p) => p.text)).toEqual([
      'Figure 3.1: The running time of both sorts.',
    ]);
  });

  it("leaves out heads set in the body's face at their place, changing with every section, and keeps a paragraph whole across them", async () => {
    // A linguistics book's pages: the head in the text's own face and size, the chapter's title on even
    // pages and the section's on odd ones (each section's on one page only), the page number at the foot;
    // the paragraphs run on over every page break, mid-sentence.
    const sections = [
      'Identifying the puzzles',
      'Architectural assumptions',
      'Roots and templates',
      'Outlook',
    ];
    const text = Array.from({ length: 24 }, (_, i) => prose(i + 1, 14));
    let page = 1;
    const pdf = await makePdf(
      (doc) => {
        const head = () => {
          const [x, y] = [doc.x, doc.y];
          const title = page % 2 === 0 ? '1 The valence of Voice' : `1.${page} ${sections[(page >> 1) % 4]}`;
          doc
            .font('Times-Roman')
            .fontSize(10)
            .text(title, page % 2 === 0 ? 72 : 380, 40, { lineBreak: false });
          doc.text(String(page), 300, 740, { lineBreak: false });
          [doc.x, doc.y] = [x, y];
        };
        doc.on('pageAdded', () => {
          page++;
          head();
        });
        head();
        doc.font('Times-Roman').fontSize(10);
        for (const paragraph of text)
          doc.text(paragraph, { width: 468, indent: 15, lineGap: 2, paragraphGap: 4 });
      },
      { margins: { top: 80, bottom: 72, left: 72, right: 72 } },
    );
    const { book, pageCount } = await extractBook(pdf);
    expect(pageCount).toBeGreaterThanOrEqual(5);
    expect(paragraphs(book).map((p) => p.text)).toEqual(text);
  });
});

describe('a web book printed by a browser', () => {
  it('leaves out the links to the pages beside each page (Texinfo and web navigation), keeps prose that names them', async () => {
    const navigation = [
      'Next: Evaluation of expressions, Previous: Introduction, Up: R Language Definition [Contents][Index]',
      'Continue: 1.2 Elements of Programming',
    ];
    const text = [
      prose(1, 4),
      'Next: the evaluation of expressions, which the chapter after this one takes up in full detail.',
      prose(2, 4),
      'Next: we prove the theorem.',
    ];
    const pdf = await makePdf((doc) => {
      doc.font('Helvetica').fontSize(9).text(navigation[0]!, 72, 50, { lineBreak: false });
      let y = 80;
      for (const paragraph of text) {
        doc.font('Times-Roman').fontSize(10).text(paragraph, 72, y, { width: 468, lineGap: 2 });
        y = doc.y + 10;
      }
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(navigation[1]!, 72, y + 10, { lineBreak: false });
    });
    expect(paragraphs((await extractBook(pdf)).book).map((p) => p.text)).toEqual(text);
  });
});

describe('listings', () => {
  it('makes one code block of a listing across a blank line and a page break; the text after it goes on', async () => {
    const code = [
      'def solver(I, a, T, dt):',
      '    u = zeros(Nt + 1)',
      '',
      '    for n in range(Nt):',
      '        u[n+1] = u[n] - dt*a*u[n]',
      '    return u',
    ];
    const lead = `${prose(1, 8)} The whole program reads as follows:`;
    const pdf = await makePdf((doc) => {
      const y = column(doc, [prose(2, 10), prose(3, 10), lead], 72, 72, 468);
      doc.font('Courier').fontSize(9);
      // The listing starts near the foot of page 1 and ends on page 2.
      let at = Math.max(y + 6, 640);
      for (const [i, text] of code.entries()) {
        if (at > 700) {
          doc.addPage();
          at = 72;
        }
        if (text !== '') doc.text(text, 90, at, { lineBreak: false });
        at += i === 2 ? 14 : 11;
      }
      doc
        .font('Times-Roman')
        .fontSize(10)
        .text('where dt is the time step and Nt the number of steps.', 72, at + 8, { width: 468 });
      column(doc, [prose(4, 6)], 72, at + 40, 468);
    });
    const { book } = await extractBook(pdf);
    const all = paragraphs(book);
    const listings = all.filter((p) => p.kind === 'code');
    expect(listings.map((p) => p.text)).toEqual([
      code
        .filter((t) => t !== '')
        .map((t) => t.trim())
        .join(' '),
    ]);
    expect(listings[0]!.page).toBe(1);
    expect(all.filter((p) => p.kind === undefined).map((p) => p.text)).toEqual([
      prose(2, 10),
      prose(3, 10),
      `${lead} where dt is the time step and Nt the number of steps.`,
      prose(4, 6),
    ]);
  });
});

describe('tables and code as their kinds', () => {
  it('reads a table set apart by its columns alone as a table, its head too, and a brace line of a listing as code', async () => {
    const cell = (doc: PDFKit.PDFDocument, row: string[], xs: number[], y: number) =>
      row.forEach((text, k) => doc.text(text, xs[k]!, y, { lineBreak: false }));
    const pdf = await makePdf((doc) => {
      let y = column(doc, [prose(1, 4), 'Here is the truth table describing or:'], 72, 72, 468);
      // A Sphinx truth table: three em in, in the text's face, no rule, no caption.
      doc.font('Times-Bold').fontSize(10);
      cell(doc, ['a', 'b', 'a or b'], [111, 135, 160], y + 6);
      doc.font('Times-Roman');
      ['F F F', 'F T T', 'T F T', 'T T T'].forEach((row, i) =>
        cell(doc, row.split(' '), [108, 132, 157], y + 20 + 13 * i),
      );
      y = column(doc, [`The third operator, not, takes one operand. ${prose(2, 3)}`], 72, y + 80, 468);
      // A table of figures in a small face, its head with a formula.
      doc.fontSize(8);
      cell(doc, ['time', 'mean', 'st.dev.', 'u(t; I = a = 1)'], [113, 140, 170, 205], y + 10);
      ['0 1.00 0.200 1.00', '1 0.38 0.135 0.37', '3 0.07 0.060 0.14'].forEach((row, i) =>
        cell(doc, row.split(' '), [113, 140, 170, 205], y + 21 + 10 * i),
      );
      y = column(doc, [`Actually, the mean is not the naive value. ${prose(3, 3)}`], 72, y + 66, 468);
      // A C listing whose braces stand on lines of their own.
      doc.font('Courier').fontSize(9);
      ['struct greet_api', '{', '    int (*say_hello)(char *name);', '};', 'int main(void)'].forEach(
        (line, i) => doc.text(line, 90, y + 10 + 11 * i, { lineBreak: false }),
      );
      column(doc, [prose(4, 4)], 72, y + 75, 468);
    });
    const all = paragraphs((await extractBook(pdf)).book);
    const kinds = (kind: string | undefined) => all.filter((p) => p.kind === kind).map((p) => p.text);
    expect(kinds('table')).toEqual([
      'a b a or b F F F F T T T F T T T T',
      'time mean st.dev. u(t; I = a = 1) 0 1.00 0.200 1.00 1 0.38 0.135 0.37 3 0.07 0.060 0.14',
    ]);
    expect(kinds('code')).toEqual(['struct greet_api { int (*say_hello)(char *name); }; int main(void)']);
    expect(kinds(undefined)).toEqual([
      prose(1, 4),
      'Here is the truth table describing or:',
      `The third operator, not, takes one operand. ${prose(2, 3)}`,
      `Actually, the mean is not the naive value. ${prose(3, 3)}`,
      prose(4, 4),
    ]);
  });
});

describe('footnotes', () => {
  it('extracts a footnote as a block of kind footnote, and its linked mark is no cross-reference', async () => {
    const pdf = await makePdf((doc) => {
      doc.font('Times-Roman').fontSize(10);
      doc.text('The method is described in detail elsewhere and is easy to use', 72, 72, {
        width: 468,
        continued: true,
      });
      doc.text('1', { goTo: 'note1', continued: true });
      doc.text('. We now turn to the analysis of its error, which takes the rest of the chapter.');
      column(doc, [prose(1, 6), prose(2, 6)], 72, 120, 468);
      // pdfkit takes the destination's y from the top of the page.
      doc.addNamedDestination('note1', 'XYZ', 72, 698, null);
      doc
        .fontSize(8)
        .text('1 See the project pages for the source code of every program.', 72, 700, { lineBreak: false });
    });
    const { book } = await extractBook(pdf);
    const all = paragraphs(book);
    expect(all.filter((p) => p.kind === 'footnote').map((p) => p.text)).toEqual([
      '1 See the project pages for the source code of every program.',
    ]);
    expect(all.filter((p) => p.kind === undefined)).toHaveLength(3);
    const graph = await buildGraph(book, { pdf });
    expect([...graph.explicitRefs.values()].flat()).toEqual([]);
  });

  it('extracts the notes at the foot of each column of a page in two columns', async () => {
    const gutter = 16;
    const width = (612 - 2 * 40 - gutter) / 2;
    const rightX = 40 + width + gutter;
    const pdf = await makePdf((doc) => {
      column(doc, [prose(1, 8), prose(2, 8), prose(3, 8)], 40, 60, width);
      column(doc, [prose(4, 8), prose(5, 8), prose(6, 8)], rightX, 60, width);
      doc.font('Times-Roman').fontSize(7);
      doc.text('2 This is a theorem due to Grassmann.', 40, 700, { width, lineBreak: false });
      doc.text('3 See the article by Capovilla.', rightX, 700, { width, lineBreak: false });
    });
    const all = paragraphs((await extractBook(pdf)).book);
    expect(all.filter((p) => p.kind === 'footnote').map((p) => p.text)).toEqual([
      '2 This is a theorem due to Grassmann.',
      '3 See the article by Capovilla.',
    ]);
    expect(all.filter((p) => p.kind === undefined).map((p) => p.text)).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => prose(n, 8)),
    );
  });

  it('keeps a note below a listing set small out of the listing, which goes on over the page', async () => {
    const code = [
      'import logging',
      'def configure_logger():',
      '    logging.basicConfig(',
      "        filename='decay.log')",
    ];
    const pdf = await makePdf((doc) => {
      column(
        doc,
        [prose(1, 10), prose(2, 10), `${prose(3, 6)} The logger is set up like this:`],
        72,
        72,
        468,
      );
      doc.font('Courier').fontSize(9);
      code.slice(0, 2).forEach((text, i) => doc.text(text, 90, 660 + 11 * i, { lineBreak: false }));
      doc.font('Times-Roman').fontSize(8).text('4 ', 72, 712, { continued: true, lineBreak: false });
      doc.font('Courier').text('https://docs.python.org/library/logging.html', { lineBreak: false });
      doc.addPage();
      doc.font('Courier').fontSize(9);
      code.slice(2).forEach((text, i) => doc.text(text, 90, 72 + 11 * i, { lineBreak: false }));
      column(doc, [prose(4, 6)], 72, 110, 468);
    });
    const all = paragraphs((await extractBook(pdf)).book);
    expect(all.filter((p) => p.kind === 'code').map((p) => p.text)).toEqual([
      code.map((t) => t.trim()).join(' '),
    ]);
    expect(all.filter((p) => p.kind === 'footnote').map((p) => p.text)).toEqual([
      '4 https://docs.python.org/library/logging.html',
    ]);
  });
});

describe('figures', () => {
  it('leaves the text of a drawing out and makes its caption the target of "Figure N.M"', async () => {
    const pdf = await makePdf((doc) => {
      const y = column(
        doc,
        [prose(1, 6), `${prose(2, 4)} The mesh and the solution values are shown in Figure 1.2.`],
        72,
        72,
        468,
      );
      // A drawing: axes and point labels, then its caption.
      doc
        .moveTo(100, y + 120)
        .lineTo(400, y + 120)
        .stroke();
      doc.font('Times-Italic').fontSize(9);
      for (const [label, x, dy] of [
        ['u0', 110, 30],
        ['u1', 160, 50],
        ['u2', 210, 70],
        ['t', 400, 125],
        ['u(t)', 90, 10],
      ] as const)
        doc.text(label, x, y + dy, { lineBreak: false });
      doc
        .font('Times-Bold')
        .fontSize(10)
        .text('Figure 1.2:', 72, y + 150, { continued: true });
      doc.font('Times-Roman').text(' The mesh function and its values.');
      column(doc, [prose(3, 5)], 72, y + 190, 468);
    });
    const { book } = await extractBook(pdf);
    const all = paragraphs(book);
    expect(all.map((p) => [p.kind ?? 'prose', p.text.slice(0, 20)])).toEqual([
      ['prose', prose(1, 6).slice(0, 20)],
      ['prose', prose(2, 4).slice(0, 20)],
      ['caption', 'Figure 1.2: The mesh'],
      ['prose', prose(3, 5).slice(0, 20)],
    ]);
    const graph = await buildGraph(book);
    expect(graph.explicitRefs.get(all[1]!.id)).toEqual([all[2]!.id]);
  });

  it('keeps a sentence whole when a float at the top of the next page cuts it', async () => {
    const pdf = await makePdf((doc) => {
      const y = column(doc, [prose(1, 6)], 72, 72, 468);
      column(
        doc,
        [`${prose(2, 3)} Inserting the scheme in the equation, we solve for the unknown value:`],
        72,
        y,
        468,
      );
      doc.addPage();
      // The float LaTeX put at the top of the page: a drawing's line and its caption.
      doc.moveTo(100, 150).lineTo(400, 150).stroke();
      doc.font('Times-Bold').fontSize(10).text('Figure 1.4:', 72, 170, { continued: true });
      doc.font('Times-Roman').text(' Illustration of a backward difference.');
      // The rest of the sentence: its display, and the words after it.
      doc.font('Times-Italic').fontSize(10).text('u = (1 + a)I ,', 250, 220, { lineBreak: false });
      doc.font('Times-Roman').text('(1.10)', 500, 220, { lineBreak: false });
      column(doc, ['where the value of a is the rate of decay.', prose(3, 5)], 72, 245, 468);
    });
    const all = paragraphs((await extractBook(pdf)).book);
    expect(all.map((p) => [p.kind ?? 'prose', p.text.slice(0, 20)])).toEqual([
      ['prose', prose(1, 6).slice(0, 20)],
      ['prose', prose(2, 3).slice(0, 20)],
      ['caption', 'Figure 1.4: Illustra'],
      ['prose', prose(3, 5).slice(0, 20)],
    ]);
    expect(all[1]!.text).toMatch(
      /we solve for the unknown value: u = \(1 \+ a\)I , \(1\.10\) where the value of a is the rate of decay\.$/,
    );
  });
});

describe('a DocBook book (chapters numbered, sections not)', () => {
  it('makes sections of its unnumbered headings, and a title reference and its link lead to the section’s first paragraph', async () => {
    const pdf = await makePdf((doc) => {
      doc.font('Helvetica-Bold').fontSize(24).text('Chapter 1. Processes', 72, 72);
      doc.fontSize(17).text('Overview', 72, 130);
      column(doc, [prose(1, 6), prose(2, 6)], 72, 170, 468);
      const y = column(doc, [prose(3, 4)], 72, 420, 468);
      const refer =
        'The kernel keeps the state of each process, as the section called “Properties” explains.';
      doc
        .font('Times-Roman')
        .fontSize(10)
        .text(refer, 72, y + 6, { width: 468 });
      const at = doc.widthOfString('The kernel keeps the state of each process, as ');
      doc.goTo(72 + at, y + 6, doc.widthOfString('the section called “Properties”'), 12, 'props');
      doc.addPage();
      column(doc, [prose(4, 6)], 72, 72, 468);
      // The one line before the heading: a destination set at the heading must not land on it.
      doc.font('Times-Roman').fontSize(10).text('Processes end when their work is done.', 72, 303);
      doc.addNamedDestination('props', 'XYZ', 72, 318, null);
      doc.font('Helvetica-Bold').fontSize(17).text('Properties', 72, 320);
      const end = column(
        doc,
        ['Each process has an identifier, an owner and a state the kernel keeps.', prose(5, 5)],
        72,
        355,
        468,
      );
      // A link on words the text finder cannot read as a reference (to this page's top): its reason quotes them.
      doc
        .font('Times-Roman')
        .fontSize(10)
        .text('Go back to the start of this chapter for the whole picture.', 72, end + 6);
      const back = doc.widthOfString('Go back to ');
      doc.goTo(72 + back, end + 6, doc.widthOfString('the start of this chapter'), 12, 'start');
      doc.addNamedDestination('start', 'XYZ', 72, 70, null);
      // A part's title page, then its table of contents, linked: no paragraph's text, nor the last one's
      // before it.
      doc.addPage();
      doc.font('Helvetica-Bold').fontSize(24).text('Part II. Beyond Processes', 72, 72);
      doc.addPage();
      doc.font('Helvetica-Bold').fontSize(17).text('Table of Contents', 72, 72);
      doc.font('Times-Roman').fontSize(10);
      [
        ['Properties', 'props'],
        ['Processes', 'start'],
      ].forEach(([title, destination], i) => {
        const y = 110 + 14 * i;
        doc.text(`${title} ${'.'.repeat(90)} ${i + 1}`, 96, y, { lineBreak: false });
        doc.goTo(96, y, 400, 12, destination!);
      });
      doc.addPage();
      doc.font('Helvetica-Bold').fontSize(24).text('Chapter 2. Threads', 72, 72);
      column(doc, [prose(6, 5)], 72, 130, 468);
    });
    const { book } = await extractBook(pdf);
    expect(book.chapters.map((c) => [c.id, c.title])).toEqual([
      ['1', 'Processes'],
      ['2', 'Threads'],
    ]);
    const sections = book.chapters[0]!.sections;
    expect(sections.map((s) => s.title)).toEqual(['Overview', 'Properties']);
    const referring = sections[0]!.paragraphs.find((p) => p.text.startsWith('The kernel keeps the state'))!;
    const properties = sections[1]!.paragraphs[0]!;
    expect(properties.text).toMatch(/^Each process has an identifier/);

    // The link's destination is set at the heading, a line under the paragraph before it.
    const links = mapLinksToParagraphs(await readInternalLinks(pdf), graphParagraphs(book));
    expect(links[0]).toMatchObject({ sourceId: referring.id, targetId: properties.id });
    const graph = await buildGraph(book, { pdf });
    expect(graph.explicitRefs.get(referring.id)).toEqual([properties.id]);
    // Read from the text alone, too (a copy of the PDF without its links).
    const fromText = await buildGraph(book);
    expect(fromText.explicitRefs.get(referring.id)).toEqual([properties.id]);
    const span = graph.spans.find((s) => s.sourceId === referring.id);
    expect(span).toMatchObject({ targetId: properties.id, evidence: 'link' });
    const back = sections[1]!.paragraphs.find((p) => p.text.startsWith('Go back'))!;
    // Its destination: the top of the page the chapter goes on over.
    const top = sections[0]!.paragraphs.find((p) => p.page === 2)!;
    const edge = graph.edges.find((e) => e.source === back.id && e.target === top.id);
    expect(edge?.justification).toMatch(/^Explicit reference: "the start of this chapter"/);
    expect(graph.explicitRefs.get(back.id)).toEqual([top.id]);
    expect(paragraphs(book).filter((p) => p.text.includes('....'))).toEqual([]);
  });
});

describe('a linguistics book’s numbered examples', () => {
  it('keeps an example’s sub-items and gloss lines in one block, and resolves "(2)", "(3b)", "(1)–(3)" from the text', async () => {
    /** An example at `y`: its number, and per sub-item a line of words, of glosses, and a translation. */
    const example = (doc: PDFKit.PDFDocument, n: number, y: number, items: [string, string, string][]) => {
      doc.font('Times-Roman').fontSize(10);
      items.forEach(([words, gloss, translation], i) => {
        const top = y + i * 40;
        if (i === 0) doc.text(`(${n})`, 76, top, { lineBreak: false });
        doc.text(`${String.fromCharCode(97 + i)}. ${words}`, 100, top, { lineBreak: false });
        doc.text(gloss, 114, top + 12, { lineBreak: false });
        doc.text(`‘${translation}’`, 114, top + 24, { lineBreak: false });
      });
      return y + items.length * 40 + 8;
    };
    const after = [
      'Horvath and Siloni (2008) give more reasons for the split.',
      '‘By itself’ is not possible with these verbs, as the next examples show.',
    ];
    const pdf = await makePdf((doc) => {
      let y = column(doc, [`${prose(1, 3)} The examples in (1) show the first pattern.`], 72, 72, 468);
      for (let n = 1; n <= 12; n++) {
        y = example(doc, n, y + 6, [
          ['teo taraf et ha-laxmanja.', 'Theo devoured acc the-roll', 'Theo devoured the roll.'],
          ['ha-balshan katav et ha-maamar.', 'the-linguist wrote acc the-article', 'The linguist wrote it.'],
        ]);
        if (n === 1)
          y = column(
            doc,
            ['The verb in (2) is transitive, unlike (3b); all of (1)–(3) share a root.'],
            72,
            y,
            468,
          );
        // Text after an example: back at the margin without an indent, or a paragraph opening with a quote.
        if (n === 2) {
          doc.font('Times-Roman').fontSize(10).text(after[0]!, 72, y, { lineBreak: false });
          y += 16;
        }
        if (n === 3) y = column(doc, [after[1]!], 72, y, 468);
        if (y > 600) {
          doc.addPage();
          y = 72;
        }
      }
    });
    const all = paragraphs((await extractBook(pdf)).book);
    expect(all.map((p) => p.text)).toEqual(expect.arrayContaining(after));
    const examples = all.filter((p) => /^\(\d+\)/.test(p.text));
    expect(examples.map((p) => p.text.slice(0, 4))).toEqual(
      Array.from({ length: 12 }, (_, i) => `(${i + 1})`.padEnd(4, ' ').slice(0, 4)),
    );
    expect(examples[0]!.text).toBe(
      '(1) a. teo taraf et ha-laxmanja. Theo devoured acc the-roll ‘Theo devoured the roll.’ b. ha-balshan katav et ha-maamar. the-linguist wrote acc the-article ‘The linguist wrote it.’',
    );
    const graph = await buildGraph((await extractBook(pdf)).book);
    const referring = all.find((p) => p.text.startsWith('The verb in (2)'))!;
    expect(graph.explicitRefs.get(referring.id)).toEqual([examples[1]!.id, examples[2]!.id, examples[0]!.id]);
  });
});

describe('terms and their descriptions', () => {
  it('makes one block of each entry of an option list (a term in a typewriter face, its description under it) and of a glossary', async () => {
    const options: [string, string][] = [
      [
        '--ignore-uuid',
        'Do not check that the device carries the identifier the configuration names for it.',
      ],
      [
        '--no-unlock',
        'Leave the device locked after the check, so that nothing can write to it until it is.',
      ],
      [
        '--dry-run',
        'Say what would be done, and do nothing: the files and the device are left as they were.',
      ],
    ];
    const glossary: [string, string][] = [
      [
        'delimiter',
        'A character that is used to separate tokens, such as punctuation in a natural language.',
      ],
      [
        'generic data structure',
        'A kind of data structure that can contain data of any type, of whatever shape.',
      ],
      ['interface', 'The set of operations that define an abstract data type, and nothing more.'],
    ];
    const pdf = await makePdf((doc) => {
      // A book that parts its paragraphs by space, as Sphinx and manuals do.
      let y = 72;
      for (let i = 1; i <= 6; i++) {
        doc.font('Times-Roman').fontSize(10).text(prose(i, 3), 72, y, { width: 468, lineGap: 2 });
        y = doc.y + 10;
      }
      for (const [term, description] of options) {
        doc.font('Courier').fontSize(10).text(term, 72, y, { lineBreak: false });
        doc.font('Times-Roman').text(description, 100, y + 13, { width: 440, lineGap: 2 });
        y = doc.y + 8;
      }
      doc.addPage();
      y = 72;
      for (const [term, description] of glossary) {
        doc
          .font('Times-Roman')
          .fontSize(10)
          .text(`${term} ${description}`, 72, y, { width: 468, lineGap: 2 });
        y = doc.y + 8;
      }
    });
    const all = paragraphs((await extractBook(pdf)).book);
    for (const [term, description] of [...options, ...glossary]) {
      expect(all.map((p) => p.text)).toContain(`${term} ${description}`);
    }
  });

  it('leaves a displayed command apart from the paragraph after it, in a book that indents its paragraphs (debian-faq)', async () => {
    const commands = ['dpkg --status foo', 'dpkg -l'];
    const after = [
      'To view versions of all installed packages, run:',
      `Note that the program dpkg shows that you may install packages. ${prose(2, 3)}`,
    ];
    const pdf = await makePdf((doc) => {
      let y = column(doc, [prose(1, 4), `${prose(3, 2)} For a more verbose description, use:`], 72, 72, 468);
      commands.forEach((command, i) => {
        doc
          .font('Courier')
          .fontSize(9)
          .text(command, 72, y + 10, { lineBreak: false });
        y = column(doc, [after[i]!], 72, y + 32, 468);
      });
      column(doc, [prose(4, 4), prose(5, 4)], 72, y + 6, 468);
    });
    const texts = paragraphs((await extractBook(pdf)).book).map((p) => p.text);
    expect(texts).toEqual(expect.arrayContaining([...commands, ...after]));
  });
});

describe("a book's title", () => {
  /** A title page (the title on two lines of display type, a subtitle under it), then a page of prose. */
  const titledBook = (metadataTitle: string) =>
    makePdf(
      (doc) => {
        doc.font('Times-Bold').fontSize(60).text('Discrete', 72, 140, { lineBreak: false });
        doc.fontSize(58).text('Mathematics', 72, 205, { lineBreak: false });
        doc.font('Times-Roman').fontSize(28).text('An Open Introduction', 72, 300, { lineBreak: false });
        doc.addPage();
        column(doc, [prose(1, 6), prose(2, 6), prose(3, 6)], 72, 72, 468);
      },
      { info: { Title: metadataTitle } },
    );

  it('is the title page’s when the title field names no book: a placeholder, a file’s name or path', async () => {
    for (const junk of [
      'Page Title',
      'C:/USERS/JOHN/LING/TEX/MAN/0.dvi',
      'Microsoft Word - draft3.docx',
      '',
    ]) {
      const { book } = await extractBook(await titledBook(junk));
      expect(book.title, junk).toBe('Discrete Mathematics');
    }
  });

  it('is the title field’s when that names the book', async () => {
    const { book } = await extractBook(await titledBook('Discrete Mathematics: An Open Introduction'));
    expect(book.title).toBe('Discrete Mathematics: An Open Introduction');
  });
});
