import { BookXmlError } from './errors.ts';
import type { BookDocument } from './types.ts';
import { formatYStart, isPage, isYStart, parseBlockKind } from './values.ts';

// Characters XML 1.0 cannot carry, not even as references, and unpaired surrogates: the writer drops them.
const UNWRITABLE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

function escapeText(text: string): string {
  return text
    .replace(UNWRITABLE, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

function escapeAttribute(value: string): string {
  return value.replace(UNWRITABLE, '').replace(/[&<>"\t\n\r]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);
}

function attributes(pairs: [string, string][]): string {
  return pairs.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('');
}

function refuse(message: string): never {
  throw new BookXmlError(`Cannot write Book XML: ${message}`);
}

/**
 * Writes a book as Book XML: an XML declaration, then `book > chapter > section > paragraph` indented by two
 * spaces, one paragraph per line, attributes and text escaped, `y_start` with at most 4 decimals,
 * `explicit_refs` left out when empty, `kind` only for a block that is not prose, empty elements self-closed. Characters XML 1.0 cannot hold
 * (control characters other than tab, LF, CR; unpaired surrogates) are dropped.
 *
 * The inverse of {@link parseBookXml}: `parseBookXml(writeBookXml(book))` equals `book` for every book the
 * parser can produce (text trimmed with collapsed whitespace, `yStart` with at most 4 decimals).
 *
 * @throws {BookXmlError} ('Cannot write Book XML: ...') for a book the parser would refuse: an empty id or
 *   one with surrounding spaces, a repeated id, a comma in a paragraph id or a reference, a page that is not
 *   a positive integer, a `yStart` outside 0..1 once rounded to 4 decimals.
 */
export function writeBookXml(book: BookDocument): string {
  const seen = { chapter: new Set<string>(), section: new Set<string>(), paragraph: new Set<string>() };
  const checkId = (id: string, kind: keyof typeof seen): void => {
    if (id.trim() === '') refuse(`a ${kind} has an empty id`);
    if (id !== id.trim()) refuse(`the ${kind} id "${id}" has surrounding spaces`);
    if (seen[kind].has(id)) refuse(`the ${kind} id "${id}" is used twice`);
    seen[kind].add(id);
  };

  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<book${attributes([
      ['title', book.title],
      ['author', book.author],
    ])}>`,
  ];
  for (const chapter of book.chapters) {
    checkId(chapter.id, 'chapter');
    const chapterTag = `  <chapter${attributes([
      ['id', chapter.id],
      ['title', chapter.title],
    ])}`;
    if (chapter.sections.length === 0) {
      lines.push(`${chapterTag}/>`);
      continue;
    }
    lines.push(`${chapterTag}>`);
    for (const section of chapter.sections) {
      checkId(section.id, 'section');
      const sectionTag = `    <section${attributes([
        ['id', section.id],
        ['title', section.title],
      ])}`;
      if (section.paragraphs.length === 0) {
        lines.push(`${sectionTag}/>`);
        continue;
      }
      lines.push(`${sectionTag}>`);
      for (const paragraph of section.paragraphs) {
        const { id, page, yStart, explicitRefs } = paragraph;
        checkId(id, 'paragraph');
        if (id.includes(',')) refuse(`the paragraph id "${id}" contains a comma`);
        if (!isPage(page)) refuse(`paragraph "${id}" has page ${page}; a page is a positive integer`);
        const y = formatYStart(yStart);
        // Checked as written, so float noise that rounds into 0..1 (1.00002 -> "1") passes.
        if (!isYStart(Number(y))) {
          refuse(`paragraph "${id}" has yStart ${yStart}; yStart is a number from 0 to 1`);
        }
        for (const ref of explicitRefs) {
          if (ref.trim() === '' || ref !== ref.trim() || ref.includes(',')) {
            refuse(`paragraph "${id}" has the explicit reference "${ref}"; a reference is a paragraph id`);
          }
        }
        const pairs: [string, string][] = [
          ['id', id],
          ['page', String(page)],
          ['y_start', y],
        ];
        if (explicitRefs.length > 0) pairs.push(['explicit_refs', explicitRefs.join(',')]);
        if (paragraph.kind !== undefined) {
          if (parseBlockKind(paragraph.kind) == null)
            refuse(`paragraph "${id}" has the kind "${paragraph.kind}"`);
          pairs.push(['kind', paragraph.kind]);
        }
        const text = escapeText(paragraph.text);
        lines.push(
          text === ''
            ? `      <paragraph${attributes(pairs)}/>`
            : `      <paragraph${attributes(pairs)}>${text}</paragraph>`,
        );
      }
      lines.push('    </section>');
    }
    lines.push('  </chapter>');
  }
  lines.push('</book>');
  return `${lines.join('\n')}\n`;
}

/** What may come before the root element: whitespace, a declaration or processing instruction, a comment. */
const PROLOG_ITEM = /\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->/y;
/** The root's start tag: `<book`, attributes (a quoted value never holds its own quote), `>` or `/>`. */
const BOOK_START_TAG = /<book(?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*(\/?)>/y;

/**
 * The same Book XML under other names: the `<book>` start tag is written anew with `title` and `author`
 * (a reader's own names for the book), the rest left byte for byte as it was.
 *
 * @throws {BookXmlError} when the document does not open with a `<book>` element.
 */
export function withBookNames(xml: string, names: { title: string; author: string }): string {
  let at = 0;
  for (PROLOG_ITEM.lastIndex = at; PROLOG_ITEM.test(xml); PROLOG_ITEM.lastIndex = at) {
    at = PROLOG_ITEM.lastIndex;
  }
  BOOK_START_TAG.lastIndex = at;
  const match = BOOK_START_TAG.exec(xml);
  if (!match) throw new BookXmlError('Invalid XML: No <book> element found');
  const tag = `<book${attributes([
    ['title', names.title],
    ['author', names.author],
  ])}${match[1]}>`;
  return xml.slice(0, at) + tag + xml.slice(at + match[0].length);
}
