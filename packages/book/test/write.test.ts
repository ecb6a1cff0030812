import { describe, expect, it } from 'vitest';
import { BookXmlError, parseBookXml, withBookNames, writeBookXml, type BookDocument } from '../src/index.ts';
import { generateBook } from './generate.ts';

const BOOK: BookDocument = {
  title: 'Abstract Algebra',
  author: 'T. Judson',
  chapters: [
    {
      id: '3',
      title: 'Groups',
      sections: [
        {
          id: '3.2',
          title: 'Definitions and Examples',
          paragraphs: [
            { id: '3.2.4', page: 41, yStart: 0.3125, text: 'text', explicitRefs: ['2.1.3', '3.1.1'] },
            { id: '3.2.5', page: 42, yStart: 0.5, text: '', explicitRefs: [] },
          ],
        },
        { id: '3.3', title: 'Empty', paragraphs: [] },
      ],
    },
    { id: 'A', title: 'Appendix', sections: [] },
  ],
};

function withParagraph(
  paragraph: Partial<BookDocument['chapters'][number]['sections'][number]['paragraphs'][number]>,
) {
  return {
    title: 'T',
    author: 'A',
    chapters: [
      {
        id: '1',
        title: 'C',
        sections: [
          {
            id: '1.1',
            title: 'S',
            paragraphs: [{ id: '1.1.1', page: 1, yStart: 0, text: 'x', explicitRefs: [], ...paragraph }],
          },
        ],
      },
    ],
  };
}

describe('writeBookXml', () => {
  it('pretty-prints the book, omitting empty explicit_refs and self-closing empty elements', () => {
    expect(writeBookXml(BOOK)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<book title="Abstract Algebra" author="T. Judson">',
        '  <chapter id="3" title="Groups">',
        '    <section id="3.2" title="Definitions and Examples">',
        '      <paragraph id="3.2.4" page="41" y_start="0.3125" explicit_refs="2.1.3,3.1.1">text</paragraph>',
        '      <paragraph id="3.2.5" page="42" y_start="0.5"/>',
        '    </section>',
        '    <section id="3.3" title="Empty"/>',
        '  </chapter>',
        '  <chapter id="A" title="Appendix"/>',
        '</book>',
        '',
      ].join('\n'),
    );
  });

  it('escapes attributes and text', () => {
    const book = withParagraph({ text: 'a < b && c > d "q" \'s\'' });
    book.title = 'R&D <"x">\ttab\nline';
    const xml = writeBookXml(book);
    expect(xml).toContain('<book title="R&amp;D &lt;&quot;x&quot;&gt;&#9;tab&#10;line" author="A">');
    expect(xml).toContain('>a &lt; b &amp;&amp; c &gt; d "q" \'s\'</paragraph>');
  });

  it('writes y_start with at most 4 decimals', () => {
    const yStart = (y: number) => /y_start="([^"]*)"/.exec(writeBookXml(withParagraph({ yStart: y })))?.[1];
    expect(yStart(0.3125)).toBe('0.3125');
    expect(yStart(0.123456789)).toBe('0.1235');
    expect(yStart(0.5)).toBe('0.5');
    expect(yStart(0)).toBe('0');
    expect(yStart(1)).toBe('1');
    expect(yStart(0.00001)).toBe('0');
    expect(yStart(0.0001)).toBe('0.0001');
    expect(yStart(1.00002)).toBe('1'); // float noise that rounds into 0..1 is accepted
    expect(yStart(-0.00002)).toBe('0');
  });

  it('drops characters XML cannot hold', () => {
    const xml = writeBookXml(withParagraph({ text: 'a\u0000b\u001Fc\uD800d' }));
    expect(parseBookXml(xml).chapters[0]?.sections[0]?.paragraphs[0]?.text).toBe('abcd');
  });

  it('refuses a book the parser would refuse', () => {
    const cases: [BookDocument, RegExp][] = [
      [withParagraph({ page: 0 }), /paragraph "1.1.1" has page 0; a page is a positive integer/],
      [withParagraph({ page: 1.5 }), /has page 1.5/],
      [withParagraph({ yStart: 1.2 }), /has yStart 1.2; yStart is a number from 0 to 1/],
      [withParagraph({ yStart: Number.NaN }), /has yStart NaN/],
      [withParagraph({ id: '' }), /a paragraph has an empty id/],
      [withParagraph({ id: ' 1.1.1' }), /has surrounding spaces/],
      [withParagraph({ id: 'a,b' }), /contains a comma/],
      [withParagraph({ explicitRefs: ['2.1', ''] }), /the explicit reference ""/],
      [withParagraph({ kind: 'poem' as never }), /paragraph "1.1.1" has the kind "poem"/],
    ];
    const twice = withParagraph({});
    const section = twice.chapters[0]?.sections[0];
    section?.paragraphs.push({ ...section.paragraphs[0]!, page: 2 });
    cases.push([twice, /the paragraph id "1.1.1" is used twice/]);
    for (const [book, message] of cases) {
      expect(() => writeBookXml(book)).toThrow(BookXmlError);
      expect(() => writeBookXml(book)).toThrow(message);
    }
  });
});

describe('round trip', () => {
  it('parseBookXml(writeBookXml(book)) equals book for the example', () => {
    expect(parseBookXml(writeBookXml(BOOK))).toEqual(BOOK);
  });

  it('keeps block kinds, writing the attribute only for blocks that are not prose', () => {
    const book = withParagraph({ kind: 'code', text: 'print(1)' });
    const xml = writeBookXml(book);
    expect(xml).toContain('kind="code">print(1)</paragraph>');
    expect(parseBookXml(xml)).toStrictEqual(book);
    expect(writeBookXml(withParagraph({}))).not.toContain('kind=');
  });

  it('parseBookXml(writeBookXml(book)) equals book for generated books', () => {
    let paragraphs = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const book = generateBook(seed);
      paragraphs += book.chapters.flatMap((c) => c.sections.flatMap((s) => s.paragraphs)).length;
      const xml = writeBookXml(book);
      expect(parseBookXml(xml), `seed ${seed}`).toEqual(book);
      expect(writeBookXml(parseBookXml(xml)), `seed ${seed}`).toBe(xml);
    }
    expect(paragraphs).toBeGreaterThan(100); // the generator does produce content
  });
});

describe('withBookNames', () => {
  it('gives the book other names and leaves everything else as it was', () => {
    const xml = writeBookXml(BOOK);
    const renamed = withBookNames(xml, { title: 'Bob\'s "own" <title>', author: 'B. & Co' });
    expect(parseBookXml(renamed)).toEqual({
      ...parseBookXml(xml),
      title: 'Bob\'s "own" <title>',
      author: 'B. & Co',
    });
    const body = (text: string) => text.slice(text.indexOf('<chapter'));
    expect(body(renamed)).toBe(body(xml));
  });

  it('finds the root after a declaration and a comment, in any attribute order and quoting, self-closed', () => {
    const xml = "<?xml version='1.0'?>\n<!-- <book title='no'> -->\n<book author='x > y' title=\"T\"/>";
    expect(parseBookXml(withBookNames(xml, { title: 'New', author: 'Me' }))).toMatchObject({
      title: 'New',
      author: 'Me',
      chapters: [],
    });
  });

  it('refuses text without a book', () => {
    expect(() => withBookNames('<library/>', { title: 'T', author: 'A' })).toThrow(BookXmlError);
  });
});
