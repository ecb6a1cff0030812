import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSampleBook } from '../../../samples/sample-book/index.ts';
import { extractBook } from '../src/extract/extract-book.ts';
import { buildGraph } from '../src/graph/build-graph.ts';
import { normaliseTerm, termWords } from '../src/graph/discourse/terms.ts';
import { graphParagraphs } from '../src/graph/paragraphs.ts';
import { openBookPages } from '../src/graph/page-words.ts';
import { findTermSpans, type TermUse } from '../src/graph/term-spans.ts';
import type { GraphParagraph } from '../src/graph/types.ts';
import { makePdf } from './pdf-fixtures.ts';

const PAGE = { width: 612, height: 792 };
const SIZE = 12;

function paragraph(id: string, order: number, top: number, text: string): GraphParagraph {
  return { id, sectionId: '1.1', chapterId: '1', order, page: 1, yStart: top / PAGE.height, text };
}

const use = (term: string, definitionId: string): TermUse => ({ term, display: term, definitionId });

describe('term spans', () => {
  // "subgroup" stands inside "normal subgroup" first, then alone; "normal" also starts "normality".
  const user = 'The normality test: a normal subgroup is a subgroup fixed by every conjugation, as before.';
  const other = 'Another paragraph speaks of a subgroup too.';
  const at = { x: 72, user: 200, other: 300 };
  const positions = { normal: 0, subgroupAlone: 0 };

  const pdf = () =>
    makePdf(
      (doc) => {
        doc.font('Times-Roman').fontSize(SIZE);
        doc.text(user, at.x, at.user, { lineBreak: false });
        doc.text(other, at.x, at.other, { lineBreak: false });
        positions.normal = at.x + doc.widthOfString('The normality test: a ');
        positions.subgroupAlone = at.x + doc.widthOfString('The normality test: a normal subgroup is a ');
      },
      { size: 'LETTER', margin: 0 },
    );

  it('boxes each term once per paragraph where the paragraph writes it, the longer term first', async () => {
    const pages = openBookPages(await pdf());
    try {
      const paragraphs = [paragraph('1.1.1', 0, at.user, user), paragraph('1.1.2', 1, at.other, other)];
      const spans = await findTermSpans(
        pages,
        paragraphs,
        new Map([
          ['1.1.1', [use('subgroup', '0.1.1'), use('normal subgroup', '0.1.2')]],
          ['1.1.2', [use('subgroup', '0.1.1')]],
        ]),
      );
      expect(spans.map((s) => [s.sourceId, s.term, s.definitionId, s.page])).toEqual([
        ['1.1.1', 'normal subgroup', '0.1.2', 1],
        ['1.1.1', 'subgroup', '0.1.1', 1],
        ['1.1.2', 'subgroup', '0.1.1', 1],
      ]);
      const [normal, alone, second] = spans.map((s) => s.rect);
      // "normal subgroup" where it is written, not in "normality"; "subgroup" after it, not inside it.
      expect(normal!.x * PAGE.width).toBeCloseTo(positions.normal, -1);
      expect(alone!.x * PAGE.width).toBeCloseTo(positions.subgroupAlone, -1);
      expect(alone!.x).toBeGreaterThan(normal!.x + normal!.w);
      for (const rect of [normal!, alone!]) {
        expect(rect.y * PAGE.height).toBeGreaterThan(at.user - SIZE);
        expect((rect.y + rect.h) * PAGE.height).toBeLessThan(at.user + 2 * SIZE);
      }
      expect(second!.y * PAGE.height).toBeGreaterThan(at.other - SIZE);
    } finally {
      await pages.close();
    }
  });

  it('leaves out a use whose words are not on the page', async () => {
    const pages = openBookPages(await pdf());
    try {
      const written = 'A coset is written here, but not on the page.';
      const spans = await findTermSpans(
        pages,
        [paragraph('1.1.1', 0, at.user, written)],
        new Map([['1.1.1', [use('coset', '0.1.1')]]]),
      );
      expect(spans).toEqual([]);
    } finally {
      await pages.close();
    }
  });
});

describe('term spans of the sample book', () => {
  it('underline a term after its definition, never in the defining paragraph, once per paragraph', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadbook-terms-'));
    try {
      const pdfPath = path.join(dir, 'sample.pdf');
      await buildSampleBook(pdfPath);
      const bytes = new Uint8Array(fs.readFileSync(pdfPath));
      const book = (await extractBook(bytes)).book;
      const graph = await buildGraph(book, { pdf: bytes });
      expect(graph.terms.length).toBeGreaterThan(0);
      const paragraphs = new Map(graphParagraphs(book).map((p) => [p.id, p]));
      const lines = new Map<string, number>();
      for (const span of graph.terms) {
        const source = paragraphs.get(span.sourceId)!;
        const definition = paragraphs.get(span.definitionId)!;
        expect(source.order, JSON.stringify(span)).toBeGreaterThan(definition.order);
        // The paragraph writes the term.
        const words = ` ${termWords(source.text).join(' ')} `;
        expect(words, JSON.stringify(span)).toContain(` ${normaliseTerm(span.term)} `);
        const key = `${span.sourceId}:${span.term}`;
        lines.set(key, (lines.get(key) ?? 0) + 1);
        expect(span.rect.w).toBeGreaterThan(0);
        expect(span.rect.x + span.rect.w).toBeLessThanOrEqual(1);
      }
      // One use each: a box per line it runs over, two at most.
      for (const [key, count] of lines) expect(count, key).toBeLessThanOrEqual(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
