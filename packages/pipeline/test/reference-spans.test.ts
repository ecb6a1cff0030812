import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSampleBook } from '../../../samples/sample-book/index.ts';
import { extractBook } from '../src/extract/extract-book.ts';
import { buildGraph } from '../src/graph/build-graph.ts';
import { openBookPages } from '../src/graph/page-words.ts';
import { findReferenceSpans } from '../src/graph/reference-spans.ts';
import type { ExplicitReference, GraphParagraph } from '../src/graph/types.ts';
import { makePdf } from './pdf-fixtures.ts';

const PAGE = { width: 612, height: 792 };

/** The spans findReferenceSpans finds in a PDF's pages. */
async function spansOf(
  pdf: Uint8Array,
  ...rest: Parameters<typeof findReferenceSpans> extends [unknown, ...infer R] ? R : never
) {
  const pages = openBookPages(pdf);
  try {
    return await findReferenceSpans(pages, ...rest);
  } finally {
    await pages.close();
  }
}

function paragraph(id: string, page: number, yStart: number, text: string): GraphParagraph {
  return { id, sectionId: '1.1', chapterId: '1', order: 0, page, yStart, text };
}

const textReference = (sourceId: string, targetId: string, phrase: string): ExplicitReference => ({
  sourceId,
  targetId,
  kind: 'theorem',
  phrase,
  via: 'text',
});

describe('reference spans of references typed without a link', () => {
  // Two paragraphs name "Theorem 1.2"; the second's reference runs over a line break.
  const first = 'The bound follows from Theorem 1.2 at once.';
  const secondLines = ['The second bound rests on the same result, by Theorem', '1.2 again, applied twice.'];
  const second = secondLines.join(' ');
  const layout = { x: 72, top1: 100, top2: 300, size: 12 };
  let wrapAt = 0;

  const pdf = () =>
    makePdf(
      (doc) => {
        doc.font('Times-Roman').fontSize(layout.size);
        doc.text(first, layout.x, layout.top1, { width: 400 });
        secondLines.forEach((line, i) =>
          doc.text(line, layout.x, layout.top2 + i * 16, { lineBreak: false }),
        );
        doc.addPage();
        doc.text('Theorem 1.2. Every bound is a bound.', layout.x, 100, { width: 400 });
        // Where "Theorem 1.2" of the first paragraph starts.
        wrapAt = layout.x + doc.widthOfString('The bound follows from ');
      },
      { size: 'LETTER', margin: 0 },
    );

  it('boxes the words that name the target, in the paragraph the reference is in, across a line break', async () => {
    const bytes = await pdf();
    const paragraphs = [
      paragraph('1.1.1', 1, layout.top1 / PAGE.height, first),
      paragraph('1.1.2', 1, layout.top2 / PAGE.height, second),
      paragraph('1.1.3', 2, 100 / PAGE.height, 'Theorem 1.2. Every bound is a bound.'),
    ].map((p, order) => ({ ...p, order }));
    const spans = await spansOf(
      bytes,
      paragraphs,
      [],
      [
        textReference('1.1.2', '1.1.3', 'by Theorem 1.2'),
        textReference('1.1.1', '1.1.3', 'from Theorem 1.2'),
      ],
    );

    // Down the page: the first paragraph's, then the two lines of the second's.
    expect(spans.map((s) => [s.sourceId, s.targetId, s.text, s.evidence, s.page])).toEqual([
      ['1.1.1', '1.1.3', 'Theorem 1.2', 'text', 1],
      ['1.1.2', '1.1.3', 'Theorem 1.2', 'text', 1],
      ['1.1.2', '1.1.3', 'Theorem 1.2', 'text', 1],
    ]);
    const [one, ...two] = spans.map((s) => s.rect);
    // On the first paragraph's line, where the words were set, as wide as they are (give or take a glyph).
    expect(one!.x * PAGE.width).toBeCloseTo(wrapAt, -1);
    expect(one!.w * PAGE.width).toBeGreaterThan(45);
    expect(one!.w * PAGE.width).toBeLessThan(80);
    expect(one!.y * PAGE.height).toBeGreaterThan(layout.top1 - 4);
    expect((one!.y + one!.h) * PAGE.height).toBeLessThan(layout.top1 + 2 * layout.size);
    // The second reference is in the second paragraph, not the first's "Theorem 1.2", on two lines.
    for (const rect of two) expect(rect.y * PAGE.height).toBeGreaterThan(layout.top2 - 4);
    expect(two[1]!.y).toBeGreaterThan(two[0]!.y);
    expect(two[1]!.x).toBeCloseTo(layout.x / PAGE.width, 2);
  });

  it('leaves out a reference whose words are not on its pages, and one with no words naming a target', async () => {
    const bytes = await pdf();
    const paragraphs = [paragraph('1.1.1', 1, layout.top1 / PAGE.height, first)];
    const spans = await spansOf(
      bytes,
      paragraphs,
      [],
      [textReference('1.1.1', '1.1.3', 'by Lemma 7.7'), textReference('1.1.1', '1.1.3', 'above')],
    );
    expect(spans).toEqual([]);
  });
});

describe('reference spans on a page of two columns', () => {
  it("boxes the paragraph's own words, not the same words lower in the column before it", async () => {
    // The left column runs to the foot of the page; the right column's paragraph starts higher than the
    // left column's second one, so both "Lemma 1"s are below its top and its region is the whole width.
    const left = ['First column, top.', 'Recall that by Lemma 1 the sum is finite.'];
    const right = 'We now give the proof of Lemma 1 in full.';
    const at = { leftX: 50, rightX: 320, top: 100, lower: 500, size: 11 };
    let rightLemmaX = 0;
    const bytes = await makePdf(
      (doc) => {
        doc.font('Times-Roman').fontSize(at.size);
        doc.text(left[0]!, at.leftX, at.top, { lineBreak: false });
        doc.text(left[1]!, at.leftX, at.lower, { lineBreak: false });
        doc.text(right, at.rightX, at.top + 200, { lineBreak: false });
        rightLemmaX = at.rightX + doc.widthOfString('We now give the proof of ');
      },
      { size: 'LETTER', margin: 0 },
    );
    const paragraphs = [
      paragraph('2.1.1', 1, at.top / PAGE.height, left[0]!),
      paragraph('2.1.2', 1, at.lower / PAGE.height, left[1]!),
      paragraph('2.1.3', 1, (at.top + 200) / PAGE.height, right),
      paragraph('2.2.1', 2, 0.1, 'Next page.'),
    ].map((p, order) => ({ ...p, order }));
    const spans = await spansOf(
      bytes,
      paragraphs,
      [],
      [textReference('2.1.3', '1.1.1', 'the proof of Lemma 1')],
    );
    expect(spans).toHaveLength(1);
    expect(spans[0]!.rect.x * PAGE.width).toBeCloseTo(rightLemmaX, -1);
    expect(spans[0]!.rect.y * PAGE.height).toBeLessThan(at.top + 200 + at.size);
  });
});

describe('reference spans of the sample book (every reference linked)', () => {
  it("is a link span for each cross-reference of the text, where its words are, to its reference's target", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadbook-spans-'));
    try {
      const pdfPath = path.join(dir, 'sample.pdf');
      const { truth } = await buildSampleBook(pdfPath);
      const bytes = new Uint8Array(fs.readFileSync(pdfPath));
      const graph = await buildGraph((await extractBook(bytes)).book, { pdf: bytes });
      const inText = graph.spans.filter((s) => s.page !== truth.contentsPage);
      expect(inText.every((s) => s.evidence === 'link')).toBe(true);
      expect(inText.length).toBeGreaterThanOrEqual(truth.crossReferences.length * 0.95);
      // Each span's words name a target its paragraph refers to, and sit on the page the truth says.
      const pages = new Set(truth.crossReferences.map((r) => r.page));
      for (const span of inText) {
        expect(pages.has(span.page), JSON.stringify(span)).toBe(true);
        expect(graph.explicitRefs.get(span.sourceId), JSON.stringify(span)).toContain(span.targetId);
      }
      const labels = new Set(truth.crossReferences.flatMap((r) => r.targets.map((t) => t.label)));
      const named = inText.filter((s) => labels.has(s.text));
      expect(named.length).toBeGreaterThanOrEqual(inText.length * 0.9);
      for (const { rect } of inText) {
        expect(rect.w).toBeGreaterThan(0);
        expect(rect.h).toBeGreaterThan(0);
        expect(rect.x + rect.w).toBeLessThanOrEqual(1);
        expect(rect.y + rect.h).toBeLessThanOrEqual(1);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
