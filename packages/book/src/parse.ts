import { BookXmlError } from './errors.ts';
import { readBook, type BookXmlOptions } from './read.ts';
import type { BookDocument } from './types.ts';

function checked(value: number | null): number {
  // The strict walk has already refused a missing or invalid page or y_start.
  if (value === null) throw new BookXmlError('Invalid Book XML: a checked value is missing');
  return value;
}

/**
 * Parses Book XML strictly and safely, for the server and the import command.
 *
 * Safe: no DTD is read (`<!DOCTYPE` and `<!ENTITY` are refused), so no entity is expanded or fetched; only
 * the five predefined entities and character references are decoded. Bounded: size, nesting depth,
 * paragraph count, a paragraph's length and the paragraphs of a page ({@link BookXmlOptions}, defaults in
 * `DEFAULT_BOOK_XML_LIMITS`: 64 MiB, 16, 200,000, 20,000 characters, 500).
 * Strict: the root is `<book>` and the structure is `book > chapter > section > paragraph` with required,
 * unique ids, `page` a positive integer and `y_start` in 0..1; `kind` is one of caption, code, table, footnote when present; `explicit_refs` is split on commas with
 * entries trimmed and empty ones dropped; text is trimmed with whitespace runs collapsed; order is kept.
 * Absent `title`/`author` attributes read as ''.
 *
 * @throws {BookXmlError} with a message naming the line, e.g. `Invalid XML at line 12: ...` for malformed
 *   XML or `Invalid Book XML at line 7: ...` for a structure error; exactly
 *   'Invalid XML: No <book> element found' when the root element is not `<book>`.
 */
export function parseBookXml(xml: string, options?: BookXmlOptions): BookDocument {
  const book = readBook(xml, options, true);
  return {
    title: book.title,
    author: book.author,
    chapters: book.chapters.map((chapter) => ({
      id: chapter.id,
      title: chapter.title,
      sections: chapter.sections.map((section) => ({
        id: section.id,
        title: section.title,
        paragraphs: section.paragraphs.map((paragraph) => ({
          id: paragraph.id,
          page: checked(paragraph.page),
          yStart: checked(paragraph.yStart),
          text: paragraph.text,
          explicitRefs: paragraph.explicitRefs,
          ...(paragraph.kind === undefined ? {} : { kind: paragraph.kind }),
        })),
      })),
    })),
  };
}
