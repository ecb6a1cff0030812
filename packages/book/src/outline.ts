import { readBook, type BookXmlOptions, type ReadParagraph } from './read.ts';
import { UNTITLED_BOOK } from './values.ts';

/** A section in the outline (docs/product.md §3 "Book outline"). */
export interface BookOutlineSection {
  id: string;
  /** The section's title, else its chapter's title, else 'Untitled Section'. */
  title: string;
  level: 2;
  /** The page of its first paragraph that has one; null when none has. */
  pageNumber: number | null;
}

/** A chapter in the outline. */
export interface BookOutlineChapter {
  id: string;
  /** The chapter's title, else 'Untitled Chapter'. */
  title: string;
  level: 1;
  /** The page of its first paragraph that has one; null when none has. */
  pageNumber: number | null;
  children: BookOutlineSection[];
}

/** A paragraph in the outline, in document order. */
export interface BookOutlineParagraph {
  id: string;
  sectionId: string;
  chapterId: string;
  /** The 1-based PDF page; null when the XML has none or an invalid one. */
  page: number | null;
  /** Top of the first line as a fraction of the page height (0..1); null when absent or invalid. */
  y_start: number | null;
  /** Trimmed, whitespace runs collapsed. */
  text: string;
  /** `explicit_refs` split on commas; entries trimmed, empty entries dropped. */
  explicitRefs: string[];
}

/** What the reader shows of a book (docs/product.md §3 "Book outline"). */
export interface BookOutline {
  /** The book's title, else UNTITLED_BOOK. */
  bookTitle: string;
  outline: BookOutlineChapter[];
  paragraphs: BookOutlineParagraph[];
  /** Section id -> the page of its first paragraph. Sections with no page or no id are left out; the first
   * section wins when an id repeats. A plain object. */
  sectionPages: Record<string, number>;
}

/** What the reader caches of an outline (docs/product.md §3 "Cached outline"); `timestamp` in ms since the epoch. */
export interface CachedBookOutline {
  bookTitle: string;
  outline: BookOutlineChapter[];
  timestamp: number;
}

function firstPage(paragraphs: readonly ReadParagraph[]): number | null {
  for (const paragraph of paragraphs) if (paragraph.page !== null) return paragraph.page;
  return null;
}

/**
 * Builds the outline of docs/product.md §3 from Book XML, leniently, for display; runs in the browser.
 *
 * It reads the XML as safely as {@link parseBookXml} (no DTD, no entity expansion, the same bounds: malformed
 * XML or a passed bound throws a {@link BookXmlError}) but forgives the structure: the first `<book>`
 * element is used wherever it is; unknown elements and stray text are ignored; a paragraph without an id is
 * dropped (it could not be linked); a missing chapter or section id is ''; a missing or invalid `page` or
 * `y_start` is null; paragraphs directly inside a `<chapter>` belong to a section with the chapter's id;
 * a title that is absent or blank gets the defaults above; duplicate ids are kept.
 *
 * @throws {BookXmlError} 'Invalid XML: No <book> element found' when there is no `<book>` element;
 *   'Invalid XML at line N: ...' for malformed XML.
 */
export function buildBookOutline(xml: string, options?: BookXmlOptions): BookOutline {
  const book = readBook(xml, options, false);
  const paragraphs: BookOutlineParagraph[] = [];
  const sectionPages = new Map<string, number>();
  const outline = book.chapters.map((chapter): BookOutlineChapter => {
    const chapterTitle = chapter.title.trim();
    let chapterPage: number | null = null;
    const children = chapter.sections.map((section): BookOutlineSection => {
      const pageNumber = firstPage(section.paragraphs);
      chapterPage ??= pageNumber;
      if (pageNumber !== null && section.id !== '' && !sectionPages.has(section.id)) {
        sectionPages.set(section.id, pageNumber);
      }
      for (const paragraph of section.paragraphs) {
        paragraphs.push({
          id: paragraph.id,
          sectionId: section.id,
          chapterId: chapter.id,
          page: paragraph.page,
          y_start: paragraph.yStart,
          text: paragraph.text,
          explicitRefs: paragraph.explicitRefs,
        });
      }
      return {
        id: section.id,
        title: section.title.trim() || chapterTitle || 'Untitled Section',
        level: 2,
        pageNumber,
      };
    });
    return {
      id: chapter.id,
      title: chapterTitle || 'Untitled Chapter',
      level: 1,
      pageNumber: chapterPage,
      children,
    };
  });
  return {
    bookTitle: book.title.trim() || UNTITLED_BOOK,
    outline,
    paragraphs,
    // fromEntries defines own properties, so even an id like '__proto__' is kept as a key.
    sectionPages: Object.fromEntries(sectionPages),
  };
}
