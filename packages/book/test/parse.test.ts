import { describe, expect, it } from 'vitest';
import {
  BookXmlError,
  DEFAULT_BOOK_XML_LIMITS,
  parseBookXml,
  splitOverLong,
  type BookXmlOptions,
} from '../src/index.ts';

/** The error a parse throws; fails the test when it does not throw a BookXmlError. */
function parseError(xml: string, options?: BookXmlOptions): BookXmlError {
  try {
    parseBookXml(xml, options);
  } catch (error) {
    expect(error).toBeInstanceOf(BookXmlError);
    return error as BookXmlError;
  }
  throw new Error('expected parseBookXml to throw');
}

/** A book around the given paragraphs (in section 1.1 of chapter 1). */
function withParagraphs(paragraphs: string): string {
  return `<book title="T">\n<chapter id="1" title="C">\n<section id="1.1" title="S">\n${paragraphs}\n</section>\n</chapter>\n</book>`;
}

describe('parseBookXml: reading', () => {
  it('reads the example of docs/design.md', () => {
    const xml = `<book title="Abstract Algebra" author="T. Judson">
  <chapter id="3" title="Groups">
    <section id="3.2" title="Definitions and Examples">
      <paragraph id="3.2.4" page="41" y_start="0.3125" explicit_refs="2.1.3,3.1.1">text</paragraph>
    </section>
  </chapter>
</book>`;
    expect(parseBookXml(xml)).toEqual({
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
              ],
            },
          ],
        },
      ],
    });
  });

  it('reads absent title and author as empty, and empty chapters and sections', () => {
    expect(
      parseBookXml('<book><chapter id="1"><section id="1.1"/></chapter><chapter id="2"/></book>'),
    ).toEqual({
      title: '',
      author: '',
      chapters: [
        { id: '1', title: '', sections: [{ id: '1.1', title: '', paragraphs: [] }] },
        { id: '2', title: '', sections: [] },
      ],
    });
  });

  it('trims text, collapses whitespace runs, and keeps a non-breaking space', () => {
    const book = parseBookXml(
      withParagraphs('<paragraph id="1.1.1" page="1" y_start="0">\n  a \t b\n\n c\u00a0d  </paragraph>'),
    );
    expect(book.chapters[0]?.sections[0]?.paragraphs[0]?.text).toBe('a b c\u00a0d');
  });

  it('decodes the predefined entities and character references, in text and attributes', () => {
    const book = parseBookXml(
      withParagraphs(
        '<paragraph id="1.1.1" page="1" y_start="0">&lt;a&gt; &amp; &quot;b&quot; &apos;c&apos; &#65;&#x42;&#x1D53D;</paragraph>',
      ).replace('title="T"', 'title="R&amp;D &#x3A3;"'),
    );
    expect(book.title).toBe('R&D Σ');
    expect(book.chapters[0]?.sections[0]?.paragraphs[0]?.text).toBe(`<a> & "b" 'c' AB𝔽`);
  });

  it('keeps CDATA as text and drops comments and processing instructions', () => {
    const book = parseBookXml(
      withParagraphs(
        '<!-- a comment --><?pi data?><paragraph id="1.1.1" page="1" y_start="0">x <![CDATA[<raw> & ]]>y<!-- gone --> z</paragraph>',
      ),
    );
    expect(book.chapters[0]?.sections[0]?.paragraphs[0]?.text).toBe('x <raw> & y z');
  });

  it('normalises line ends and whitespace in attribute values as XML does', () => {
    const book = parseBookXml('<book title="two\r\nlines\tand&#10;a kept newline"/>');
    expect(book.title).toBe('two lines and\na kept newline');
  });

  it('splits explicit_refs on commas, trimmed, empty entries dropped', () => {
    const book = parseBookXml(
      withParagraphs('<paragraph id="1.1.1" page="1" y_start="0" explicit_refs=" 2.1.3 ,, 3.1.1 ,"/>'),
    );
    expect(book.chapters[0]?.sections[0]?.paragraphs[0]?.explicitRefs).toEqual(['2.1.3', '3.1.1']);
  });

  it('reads block kinds; a paragraph without one is prose', () => {
    const book = parseBookXml(
      withParagraphs(
        [
          '<paragraph id="1.1.1" page="1" y_start="0">Prose.</paragraph>',
          '<paragraph id="1.1.2" page="1" y_start="0.2" kind="caption">Figure 1.1: A tree.</paragraph>',
          '<paragraph id="1.1.3" page="1" y_start="0.4" kind="code">x = 1</paragraph>',
          '<paragraph id="1.1.4" page="1" y_start="0.6" kind="table">a b</paragraph>',
          '<paragraph id="1.1.5" page="1" y_start="0.9" kind="footnote">1 See the web.</paragraph>',
        ].join('\n'),
      ),
    );
    const paragraphs = book.chapters[0]!.sections[0]!.paragraphs;
    expect(paragraphs.map((p) => p.kind)).toEqual([undefined, 'caption', 'code', 'table', 'footnote']);
    expect('kind' in paragraphs[0]!).toBe(false);
  });

  it('refuses a kind it does not know, naming the paragraph and the line', () => {
    const error = parseError(
      withParagraphs('<paragraph id="1.1.1" page="1" y_start="0" kind="poem">x</paragraph>'),
    );
    expect(error.message).toBe(
      'Invalid Book XML at line 4: paragraph "1.1.1" has kind="poem"; a kind is one of caption, code, table, footnote (none for prose)',
    );
  });

  it('keeps the order of many paragraphs, sections and chapters', () => {
    const ids = Array.from({ length: 30 }, (_, i) => `1.1.${i + 1}`);
    const xml = withParagraphs(
      ids.map((id) => `<paragraph id="${id}" page="1" y_start="0">${id}</paragraph>`).join('\n'),
    );
    const paragraphs = parseBookXml(xml).chapters[0]?.sections[0]?.paragraphs ?? [];
    expect(paragraphs.map((p) => p.id)).toEqual(ids);
    expect(paragraphs.map((p) => p.text)).toEqual(ids);
    const chapters = parseBookXml(
      '<book><chapter id="b"/><chapter id="a"/><chapter id="c"/></book>',
    ).chapters;
    expect(chapters.map((c) => c.id)).toEqual(['b', 'a', 'c']);
  });

  it('accepts an XML declaration, a byte order mark, CRLF line ends and single quotes', () => {
    const xml =
      "\ufeff<?xml version='1.0' encoding='UTF-8'?>\r\n<book title='Quoted \"title\"'>\r\n</book>\r\n";
    expect(parseBookXml(xml).title).toBe('Quoted "title"');
  });

  it('accepts page and y_start at their bounds', () => {
    const p = parseBookXml(
      withParagraphs('<paragraph id="a" page="1" y_start="0"/><paragraph id="b" page="1000" y_start="1.0"/>'),
    ).chapters[0]?.sections[0]?.paragraphs;
    expect(p?.map((x) => [x.page, x.yStart])).toEqual([
      [1, 0],
      [1000, 1],
    ]);
  });
});

describe('parseBookXml: malformed XML names the line', () => {
  const cases: [string, string, number][] = [
    ['mismatched closing tag', '<book>\n<chapter id="1">\n</book>', 3],
    ['unclosed element', '<book>\n<chapter id="1">\n', 3],
    ['unquoted attribute', '<book>\n\n<chapter id=1/>\n</book>', 3],
    ['repeated attribute', '<book>\n<chapter id="1" id="2"/>\n</book>', 2],
    ['bare ampersand', '<book>\n<chapter id="1" title="R&D"/>\n</book>', 2],
    ['undefined entity', '<book>\n<chapter id="1" title="&nbsp;"/>\n</book>', 2],
    [
      'stray <',
      '<book>\n<chapter id="1">\n<section id="1.1">\n<paragraph id="p" page="1" y_start="0">a < b</paragraph>',
      4,
    ],
    ['text after the root', '<book/>\ntrailing', 2],
    ['two roots', '<book/>\n<book/>', 2],
    ['declaration not first', '\n<?xml version="1.0"?><book/>', 2],
    ['invalid character reference', '<book title="&#0;"/>', 1],
    ['control character', '<book>\n\n\u0001</book>', 3],
    ['unclosed comment', '<book>\n<!-- never closed\n</book>', 2],
  ];
  for (const [what, xml, line] of cases) {
    it(`${what}: line ${line}`, () => {
      const error = parseError(xml);
      expect(error.message).toMatch(new RegExp(`^Invalid XML at line ${line}: .+`));
      expect(error.line).toBe(line);
    });
  }
});

describe('parseBookXml: no <book>', () => {
  it("fails with exactly 'Invalid XML: No <book> element found'", () => {
    for (const xml of ['<library><book title="inner"/></library>', '<Book/>', '', '<!-- nothing -->']) {
      expect(parseError(xml).message).toBe('Invalid XML: No <book> element found');
    }
  });
});

describe('parseBookXml: no DTD, no entity expansion', () => {
  const billionLaughs = `<?xml version="1.0"?>
<!DOCTYPE book [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<book title="&lol9;"><chapter id="1" title="&lol9;"/></book>`;

  it('refuses a DOCTYPE with internal entities (billion laughs) at once', () => {
    const started = performance.now();
    const error = parseError(billionLaughs);
    expect(performance.now() - started).toBeLessThan(100);
    expect(error.message).toBe(
      'Invalid XML at line 2: a DOCTYPE declaration is not allowed: Book XML takes no DTD and expands no entity',
    );
    expect(error.message).not.toContain('lollol');
  });

  it('refuses an external entity and reads no file', () => {
    const xxe =
      '<?xml version="1.0"?>\n<!DOCTYPE book [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<book title="&xxe;"/>';
    const error = parseError(xxe);
    expect(error.message).toMatch(/^Invalid XML at line 2: a DOCTYPE declaration is not allowed/);
    expect(error.message).not.toMatch(/root:/);
    const external = parseError('<!DOCTYPE book SYSTEM "http://example.invalid/book.dtd"><book/>');
    expect(external.message).toMatch(/DOCTYPE declaration is not allowed/);
  });

  it('refuses an ENTITY declaration wherever it stands, and a reference to an undeclared entity', () => {
    expect(parseError('<book>\n<!ENTITY x "y">\n</book>').message).toMatch(
      /^Invalid XML at line 2: an ENTITY declaration is not allowed/,
    );
    expect(parseError('<book title="&xxe;"/>').message).toMatch(/the entity &xxe; is not defined/);
  });

  it('does not expand entity-looking text inside CDATA', () => {
    const book = parseBookXml(
      withParagraphs(
        '<paragraph id="1.1.1" page="1" y_start="0"><![CDATA[&lol9; <!DOCTYPE x>]]></paragraph>',
      ),
    );
    expect(book.chapters[0]?.sections[0]?.paragraphs[0]?.text).toBe('&lol9; <!DOCTYPE x>');
  });
});

describe('parseBookXml: bounds', () => {
  it('has the documented defaults', () => {
    expect(DEFAULT_BOOK_XML_LIMITS).toEqual({
      maxBytes: 64 * 1024 * 1024,
      maxDepth: 16,
      maxParagraphs: 200_000,
      maxParagraphChars: 20_000,
      maxParagraphsPerPage: 500,
    });
  });

  it('refuses a paragraph longer than the bound, naming it and its length', () => {
    const xml = (text: string) =>
      withParagraphs(`<paragraph id="1.1.1" page="1" y_start="0">${text}</paragraph>`);
    expect(
      parseBookXml(xml('word '.repeat(5).trim()), { maxParagraphChars: 24 }).chapters[0]?.sections[0]
        ?.paragraphs[0]?.text,
    ).toHaveLength(24);
    expect(parseError(xml('word '.repeat(6)), { maxParagraphChars: 24 }).message).toBe(
      'Invalid Book XML at line 4: paragraph "1.1.1" has 29 characters; the limit is 24',
    );
    // The default bound: a 60 MB paragraph made a single explanation request freeze the server.
    expect(parseError(xml('x'.repeat(20_001))).message).toMatch(/has 20001 characters; the limit is 20000$/);
  });

  it('refuses more paragraphs on one page than the bound', () => {
    const onPage = (pages: number[]) =>
      withParagraphs(pages.map((page, i) => `<paragraph id="p${i}" page="${page}" y_start="0"/>`).join('\n'));
    expect(
      parseBookXml(onPage([1, 1, 2, 2]), { maxParagraphsPerPage: 2 }).chapters[0]?.sections[0]?.paragraphs,
    ).toHaveLength(4);
    expect(parseError(onPage([1, 2, 1, 1]), { maxParagraphsPerPage: 2 }).message).toBe(
      'Invalid Book XML at line 7: page 1 has more than 2 paragraphs (the limit)',
    );
  });

  it('refuses a document over the size bound, counted in UTF-8 bytes', () => {
    const xml = `<book title="${'x'.repeat(1000)}"/>`;
    expect(parseError(xml, { maxBytes: 1000 }).message).toBe(
      'Invalid XML: the document is larger than the limit of 1000 bytes',
    );
    expect(parseBookXml(xml, { maxBytes: 1024 }).title).toHaveLength(1000);
    const accented = `<book title="${'é'.repeat(500)}"/>`; // 516 characters, 1016 bytes
    expect(() => parseBookXml(accented, { maxBytes: 1015 })).toThrow(/larger than the limit of 1015 bytes/);
    expect(parseBookXml(accented, { maxBytes: 1016 }).title).toHaveLength(500);
  });

  it('refuses elements nested deeper than the bound (16 by default)', () => {
    const nested = (depth: number) => `<book>${'<x>'.repeat(depth - 1)}${'</x>'.repeat(depth - 1)}</book>`;
    const error = parseError(`<book>\n${'<x>\n'.repeat(16)}${'</x>'.repeat(16)}</book>`);
    expect(error.message).toBe('Invalid XML at line 17: elements are nested deeper than 16 levels');
    expect(
      parseError('<book><chapter id="1"><section id="1.1"/></chapter></book>', { maxDepth: 2 }).message,
    ).toMatch(/nested deeper than 2 levels/);
    // 16 levels are read (then refused as structure, since <x> is no Book XML element), 17 are not.
    expect(parseError(nested(16)).message).toMatch(
      /^Invalid Book XML at line 1: unexpected <x> inside <book>/,
    );
    expect(parseError(nested(17)).message).toMatch(/nested deeper than 16 levels/);
    // A hostile depth is refused as soon as it passes the bound, without recursion.
    expect(parseError(`<book>${'<x>'.repeat(100_000)}`).message).toMatch(/nested deeper than 16 levels/);
  });

  it('refuses more paragraphs than the bound', () => {
    const xml = withParagraphs(
      ['a', 'b', 'c'].map((id) => `<paragraph id="${id}" page="1" y_start="0"/>`).join('\n'),
    );
    expect(parseBookXml(xml, { maxParagraphs: 3 }).chapters[0]?.sections[0]?.paragraphs).toHaveLength(3);
    expect(parseError(xml, { maxParagraphs: 2 }).message).toBe(
      'Invalid XML at line 6: more than 2 paragraphs (the limit)',
    );
  });
});

describe('splitOverLong', () => {
  it('cuts at a sentence end in the second half of the bound, else at a space, else at the bound', () => {
    expect(splitOverLong('One two. Three four five six.', 20)).toEqual(['One two. Three four', 'five six.']);
    expect(splitOverLong('Alpha beta gamma. Delta epsilon zeta.', 24)).toEqual([
      'Alpha beta gamma.',
      'Delta epsilon zeta.',
    ]);
    expect(splitOverLong('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
    expect(splitOverLong('short', 10)).toEqual(['short']);
  });

  it('keeps every word, each piece within the bound', () => {
    const text = Array.from({ length: 400 }, (_, i) => (i % 9 === 8 ? `w${i}.` : `w${i}`)).join(' ');
    const pieces = splitOverLong(text, 100);
    expect(pieces.every((p) => p.length <= 100 && p.length > 0)).toBe(true);
    expect(pieces.join(' ')).toBe(text);
  });
});

describe('parseBookXml: structure', () => {
  const structureError = (xml: string) => parseError(xml).message;

  it('refuses duplicate paragraph ids, naming the line of the second', () => {
    const error = parseError(
      withParagraphs(
        '<paragraph id="1.1.1" page="1" y_start="0"/>\n<paragraph id="1.1.1" page="2" y_start="0"/>',
      ),
    );
    expect(error.message).toBe('Invalid Book XML at line 5: the paragraph id "1.1.1" is used twice');
    expect(error.line).toBe(5);
  });

  it('refuses duplicate section and chapter ids', () => {
    expect(
      structureError('<book><chapter id="1"><section id="1.1"/><section id="1.1"/></chapter></book>'),
    ).toMatch(/the section id "1.1" is used twice/);
    expect(structureError('<book><chapter id="1"/><chapter id="1"/></book>')).toMatch(
      /the chapter id "1" is used twice/,
    );
  });

  it('refuses a missing or empty id', () => {
    expect(structureError('<book>\n<chapter title="x"/></book>')).toBe(
      'Invalid Book XML at line 2: <chapter> has no id',
    );
    expect(structureError('<book><chapter id="1"><section id=" "/></chapter></book>')).toMatch(
      /<section> has an empty id/,
    );
    expect(structureError(withParagraphs('<paragraph page="1" y_start="0"/>'))).toMatch(
      /<paragraph> has no id/,
    );
    expect(structureError(withParagraphs('<paragraph id="a,b" page="1" y_start="0"/>'))).toMatch(
      /contains a comma/,
    );
  });

  it('refuses a page that is not a positive integer', () => {
    for (const page of ['0', '-3', '1.5', '41.0', 'forty', '', '1e3']) {
      expect(structureError(withParagraphs(`<paragraph id="p" page="${page}" y_start="0"/>`))).toBe(
        `Invalid Book XML at line 4: paragraph "p" has page="${page}"; a page is a positive integer`,
      );
    }
    expect(structureError(withParagraphs('<paragraph id="p" y_start="0"/>'))).toMatch(
      /paragraph "p" has no page/,
    );
  });

  it('refuses a y_start that is not a number from 0 to 1', () => {
    for (const y of ['-0.1', '1.0001', 'top', '', 'NaN', 'Infinity', '0x1']) {
      expect(structureError(withParagraphs(`<paragraph id="p" page="1" y_start="${y}"/>`))).toBe(
        `Invalid Book XML at line 4: paragraph "p" has y_start="${y}"; y_start is a number from 0 to 1`,
      );
    }
    expect(structureError(withParagraphs('<paragraph id="p" page="1"/>'))).toMatch(
      /paragraph "p" has no y_start/,
    );
  });

  it('refuses wrong nesting and unknown elements', () => {
    expect(structureError('<book>\n<section id="1.1"/></book>')).toBe(
      'Invalid Book XML at line 2: unexpected <section> inside <book> (expected <chapter>)',
    );
    expect(
      structureError('<book><chapter id="1">\n<paragraph id="p" page="1" y_start="0"/></chapter></book>'),
    ).toMatch(/^Invalid Book XML at line 2: <paragraph> directly inside <chapter>/);
    expect(structureError('<book><chapter id="1"><chapter id="2"/></chapter></book>')).toMatch(
      /unexpected <chapter> inside <chapter> \(expected <section>\)/,
    );
    expect(
      structureError(withParagraphs('<paragraph id="p" page="1" y_start="0">a <b>bold</b></paragraph>')),
    ).toMatch(/unexpected <b> inside <paragraph> \(a paragraph holds text only\)/);
  });

  it('refuses text between elements, naming its line', () => {
    expect(structureError('<book>\n<chapter id="1">\n\n  stray text\n</chapter></book>')).toBe(
      'Invalid Book XML at line 4: unexpected text inside <chapter>',
    );
  });
});
