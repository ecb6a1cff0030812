import { describe, expect, it } from 'vitest';
import { BookXmlError, buildBookOutline } from '../src/index.ts';

const SAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<book title="Abstract Algebra" author="T. Judson">
  <chapter id="1" title="Preliminaries">
    <section id="1.1" title="A Short Course in Proofs">
      <paragraph id="1.1.1" page="3" y_start="0.25">First   paragraph,
        on two lines.</paragraph>
      <paragraph id="1.1.2" page="4" y_start="0.5" explicit_refs="1.1.1, ,2.1.3,">Second.</paragraph>
    </section>
    <section id="1.2">
      <paragraph id="1.2.1" page="7" y_start="0.1">Untitled section.</paragraph>
    </section>
  </chapter>
  <chapter id="2">
    <section id="2.1">
      <paragraph id="2.1.1" page="12" y_start="0">Nothing titled here.</paragraph>
    </section>
    <section id="2.2" title="Empty"/>
  </chapter>
  <chapter id="3" title="No paragraphs"/>
</book>`;

describe('buildBookOutline (docs/product.md §3 "Book outline")', () => {
  const outline = buildBookOutline(SAMPLE);

  it('reads the book title', () => {
    expect(outline.bookTitle).toBe('Abstract Algebra');
  });

  it("defaults the book title to 'Untitled Book' (absent or blank)", () => {
    expect(buildBookOutline('<book/>').bookTitle).toBe('Untitled Book');
    expect(buildBookOutline('<book title="  "/>').bookTitle).toBe('Untitled Book');
  });

  it('lists chapters at level 1 with their sections at level 2, in document order', () => {
    expect(outline.outline).toEqual([
      {
        id: '1',
        title: 'Preliminaries',
        level: 1,
        pageNumber: 3,
        children: [
          { id: '1.1', title: 'A Short Course in Proofs', level: 2, pageNumber: 3 },
          { id: '1.2', title: 'Preliminaries', level: 2, pageNumber: 7 },
        ],
      },
      {
        id: '2',
        title: 'Untitled Chapter',
        level: 1,
        pageNumber: 12,
        children: [
          { id: '2.1', title: 'Untitled Section', level: 2, pageNumber: 12 },
          { id: '2.2', title: 'Empty', level: 2, pageNumber: null },
        ],
      },
      { id: '3', title: 'No paragraphs', level: 1, pageNumber: null, children: [] },
    ]);
  });

  it("defaults a chapter title to 'Untitled Chapter'", () => {
    expect(outline.outline[1]?.title).toBe('Untitled Chapter');
  });

  it("falls back from a section title to the chapter title, then to 'Untitled Section'", () => {
    expect(outline.outline[0]?.children[1]?.title).toBe('Preliminaries');
    expect(outline.outline[1]?.children[0]?.title).toBe('Untitled Section');
  });

  it('takes a chapter page number from its first paragraph, or null', () => {
    expect(outline.outline.map((chapter) => chapter.pageNumber)).toEqual([3, 12, null]);
    const firstInSecondSection = buildBookOutline(
      '<book><chapter id="1"><section id="1.1"/><section id="1.2"><paragraph id="1.2.1" page="9" y_start="0"/></section></chapter></book>',
    );
    expect(firstInSecondSection.outline[0]?.pageNumber).toBe(9);
  });

  it('maps each section id to its page', () => {
    expect(outline.sectionPages).toEqual({ '1.1': 3, '1.2': 7, '2.1': 12 });
    expect(Object.getPrototypeOf(outline.sectionPages)).toBe(Object.prototype);
  });

  it('lists paragraphs with their section, chapter, page, y_start, text and explicit refs', () => {
    expect(outline.paragraphs).toEqual([
      {
        id: '1.1.1',
        sectionId: '1.1',
        chapterId: '1',
        page: 3,
        y_start: 0.25,
        text: 'First paragraph, on two lines.',
        explicitRefs: [],
      },
      {
        id: '1.1.2',
        sectionId: '1.1',
        chapterId: '1',
        page: 4,
        y_start: 0.5,
        text: 'Second.',
        explicitRefs: ['1.1.1', '2.1.3'],
      },
      {
        id: '1.2.1',
        sectionId: '1.2',
        chapterId: '1',
        page: 7,
        y_start: 0.1,
        text: 'Untitled section.',
        explicitRefs: [],
      },
      {
        id: '2.1.1',
        sectionId: '2.1',
        chapterId: '2',
        page: 12,
        y_start: 0,
        text: 'Nothing titled here.',
        explicitRefs: [],
      },
    ]);
  });

  it('splits explicit refs on commas and drops empty entries', () => {
    const refs = buildBookOutline(
      '<book><chapter id="1"><section id="1.1"><paragraph id="1.1.1" page="1" y_start="0" explicit_refs=",a, b ,,c,"/></section></chapter></book>',
    ).paragraphs[0]?.explicitRefs;
    expect(refs).toEqual(['a', 'b', 'c']);
  });

  it("throws 'Invalid XML: No <book> element found' without a book element", () => {
    for (const xml of ['<library><item/></library>', '', '  <!-- only a comment -->  ']) {
      expect(() => buildBookOutline(xml)).toThrow(new BookXmlError('Invalid XML: No <book> element found'));
    }
  });

  it('throws on malformed XML, naming the line', () => {
    expect(() => buildBookOutline('<book>\n<chapter id="1">\n</book>')).toThrow(/^Invalid XML at line 3: /);
  });
});

describe('buildBookOutline leniency (display only)', () => {
  it('shows a paragraph without page or with an invalid y_start, with null', () => {
    const outline = buildBookOutline(
      '<book><chapter id="1"><section id="1.1"><paragraph id="1.1.1" y_start="2">x</paragraph><paragraph id="1.1.2" page="five">y</paragraph></section></chapter></book>',
    );
    expect(outline.paragraphs.map((p) => [p.page, p.y_start])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(outline.outline[0]?.pageNumber).toBeNull();
    expect(outline.sectionPages).toEqual({});
  });

  it('takes the first paragraph that has a page for a page number', () => {
    const outline = buildBookOutline(
      '<book><chapter id="1"><section id="1.1"><paragraph id="1.1.1"/><paragraph id="1.1.2" page="5"/></section></chapter></book>',
    );
    expect(outline.outline[0]?.pageNumber).toBe(5);
    expect(outline.sectionPages).toEqual({ '1.1': 5 });
  });

  it('drops paragraphs without an id, ignores unknown elements and keeps inline text', () => {
    const outline = buildBookOutline(
      '<book><meta/><chapter id="1"><note>skip</note><section id="1.1"><paragraph page="1">no id</paragraph><paragraph id="1.1.2" page="2">a <em>b</em> c</paragraph></section></chapter></book>',
    );
    expect(outline.paragraphs.map((p) => [p.id, p.text])).toEqual([['1.1.2', 'a b c']]);
  });

  it("puts paragraphs directly inside a chapter into a section with the chapter's id", () => {
    const outline = buildBookOutline(
      '<book><chapter id="4" title="Rings"><paragraph id="4.1" page="60" y_start="0.2">Intro.</paragraph><section id="4.1" title="Basics"><paragraph id="4.1.1" page="61" y_start="0"/></section></chapter></book>',
    );
    expect(outline.outline[0]?.children).toEqual([
      { id: '4', title: 'Rings', level: 2, pageNumber: 60 },
      { id: '4.1', title: 'Basics', level: 2, pageNumber: 61 },
    ]);
    expect(outline.paragraphs[0]).toMatchObject({ id: '4.1', sectionId: '4', chapterId: '4' });
    expect(outline.sectionPages).toEqual({ '4': 60, '4.1': 61 });
  });

  it('cuts a paragraph longer than the bound instead of refusing the book (display only)', () => {
    const xml = `<book><chapter id="1"><section id="1.1"><paragraph id="1.1.1" page="1" y_start="0">${'ab '.repeat(10)}</paragraph></section></chapter></book>`;
    expect(buildBookOutline(xml, { maxParagraphChars: 7 }).paragraphs[0]?.text).toBe('ab ab a');
  });

  it('finds a book element that is not the root', () => {
    expect(buildBookOutline('<export><book title="Inner"/></export>').bookTitle).toBe('Inner');
  });

  it('is as safe as the strict parser: a DOCTYPE is refused', () => {
    expect(() => buildBookOutline('<!DOCTYPE book [<!ENTITY a "b">]><book title="&a;"/>')).toThrow(/DOCTYPE/);
  });
});
