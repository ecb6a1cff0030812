import fs from 'node:fs';
import type { BookDocument, BookParagraph } from '@threadbook/book';
import { beforeAll, describe, expect, it } from 'vitest';
import { corpus } from '@threadbook/test-support';
import { extractBook } from '../src/extract/extract-book.ts';

const paragraphs = (book: BookDocument): BookParagraph[] =>
  book.chapters.flatMap((c) => c.sections.flatMap((s) => s.paragraphs));
const find = (book: BookDocument, start: string) => paragraphs(book).find((p) => p.text.startsWith(start));

describe.skipIf(!corpus.has('aata/aata-20220728.pdf'))(
  'aata (PreTeXt, outline titles without numbers)',
  () => {
    let book: BookDocument;
    let pageCount = 0;
    const progress: number[] = [];

    beforeAll(async () => {
      const data = new Uint8Array(fs.readFileSync(corpus.path('aata/aata-20220728.pdf')));
      ({ book, pageCount } = await extractBook(data, { onProgress: (done) => progress.push(done) }));
    });

    it('reports progress page by page', () => {
      expect(pageCount).toBe(357);
      expect(progress).toHaveLength(357);
      expect(progress.at(-1)).toBe(357);
    });

    it('numbers the 23 chapters from the text headings and leaves out front and back matter', () => {
      expect(book.title).toBe('Abstract Algebra');
      const ids = book.chapters.map((c) => c.id);
      expect(ids.slice(0, 23)).toEqual(Array.from({ length: 23 }, (_, i) => String(i + 1)));
      expect(ids).not.toContain('preface');
      expect(book.chapters.map((c) => c.title)).not.toContain('Index');
      expect(book.chapters.map((c) => c.title)).not.toContain('GNU Free Documentation License');
      const groups = book.chapters[2]!;
      expect(groups.title).toBe('Groups');
      expect(groups.sections.map((s) => s.id)).toEqual(['3', '3.1', '3.2', '3.3', '3.4', '3.5', '3.6']);
      expect(groups.sections[1]!.title).toBe('Integer Equivalence Classes and Symmetries');
    });

    it('finds known paragraphs with their pages and positions', () => {
      const intro = find(book, 'The theory of groups occupies a central position in mathematics.');
      expect(intro).toMatchObject({ id: '3.2', page: 40 });
      expect(intro!.yStart).toBeGreaterThan(0.38);
      expect(intro!.yStart).toBeLessThan(0.44);
      expect(find(book, 'Let us now investigate some mathematical structures')).toMatchObject({
        id: '3.1.1',
        page: 40,
      });
      const lagrange = find(book, 'Proposition 6.9 Let H be a subgroup of G');
      expect(lagrange).toMatchObject({ id: '6.2.1', page: 88 });
    });

    it('leaves out running heads, joins hyphenated words and keeps display math in its paragraph', () => {
      const all = paragraphs(book);
      expect(all.some((p) => /CHAPTER \d+\. [A-Z]/.test(p.text))).toBe(false);
      const abelian = find(book, 'A group G with the property that');
      expect(abelian?.text).toContain('called abelian or commutative');
      const array = find(book, 'A natural question to ask is what happens if one motion');
      expect(array?.text).toContain('We have (μ1ρ1)(A)');
      expect(array?.text).toContain('This is the same symmetry as μ2.');
    });
  },
);

describe.skipIf(!corpus.has('dmoi/discretebook.pdf'))(
  'dmoi (LaTeX, three-level outline, no title metadata)',
  () => {
    let book: BookDocument;

    beforeAll(async () => {
      ({ book } = await extractBook(new Uint8Array(fs.readFileSync(corpus.path('dmoi/discretebook.pdf')))));
    });

    it('has chapters 0 to 4, the lettered appendix, and no index or symbol list', () => {
      expect(book.chapters.map((c) => c.id).slice(0, 6)).toEqual(['0', '1', '2', '3', '4', 'A']);
      expect(book.chapters.map((c) => c.title)).not.toContain('Index');
      expect(book.chapters.map((c) => c.title)).not.toContain('List of Symbols');
      // The outline's third level (unnumbered subsections) are sections too, under their section's number.
      const counting = book.chapters[1]!.sections;
      expect(counting.find((s) => s.title === 'Counting With Sets')?.id).toBe('1.1.counting-with-sets');
      expect(counting.map((s) => s.id).filter((id) => /^[\d.]+$/.test(id))).toEqual([
        '1',
        '1.1',
        '1.2',
        '1.3',
        '1.4',
        '1.5',
        '1.6',
        '1.7',
        '1.8',
      ]);
      expect(book.chapters[5]!.sections.map((s) => s.id).filter((id) => /^[A-Z\d.]+$/.test(id))).toEqual([
        'A.1',
        'A.2',
      ]);
    });

    it('finds known paragraphs with their pages', () => {
      const defining = find(
        book,
        'Defining discrete mathematics is hard because defining mathematics is hard.',
      );
      expect(defining).toMatchObject({ page: 10 });
      expect(defining!.id).toMatch(/^0\.1\.\d+$/);
      expect(find(book, 'For us, a set will simply be an unordered collection of objects.')).toMatchObject({
        page: 12,
      });
      expect(find(book, 'There is an extremely powerful tool in discrete mathematics')).toMatchObject({
        id: 'A.1.1',
        page: 214,
      });
    });

    it('reads a two-column list column by column', () => {
      const first = paragraphs(book).findIndex((p) => p.text.startsWith('1. {x : x + 3 ∈ N}.'));
      expect(first).toBeGreaterThan(0);
      const next = paragraphs(book)
        .slice(first, first + 4)
        .map((p) => p.text.slice(0, 3));
      expect(next).toEqual(['1. ', '2. ', '3. ', '4. ']);
    });
  },
);
