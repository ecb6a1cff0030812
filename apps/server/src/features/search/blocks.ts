import type { BookDocument } from '@threadbook/book';
import type { SearchHit, SearchSnippet } from '@threadbook/contracts';

/** A paragraph as the index holds it. */
export interface SearchBlock {
  paragraphId: string;
  sectionId: string;
  sectionTitle: string;
  page: number;
  yStart: number;
  text: string;
}

/**
 * What an engine puts around each match in a snippet: control characters, which no indexed text holds
 * (searchBlocks blanks them), so the paragraph's own text is never taken for a mark.
 */
export const MARK_OPEN = '\u0001';
export const MARK_CLOSE = '\u0002';

/**
 * Every paragraph of the book, of every kind (prose, caption, code, table, footnote), in reading order:
 * the order of graph_node.ord (features/graph/store.ts). Headings are no paragraphs in the Book XML (a
 * title is its section's attribute), so they are not searched; each hit carries its section's title.
 */
export function searchBlocks(book: BookDocument): SearchBlock[] {
  return book.chapters.flatMap((chapter) =>
    chapter.sections.flatMap((section) => {
      // The title the table of contents shows (packages/book outline.ts).
      const sectionTitle = section.title.trim() || chapter.title.trim() || 'Untitled Section';
      return section.paragraphs.map((paragraph) => ({
        paragraphId: paragraph.id,
        sectionId: section.id,
        sectionTitle,
        page: paragraph.page,
        yStart: paragraph.yStart,
        text: paragraph.text.replaceAll(MARK_OPEN, ' ').replaceAll(MARK_CLOSE, ' '),
      }));
    }),
  );
}

/** A snippet marked with MARK_OPEN and MARK_CLOSE, as plain text and the offsets of its matches. */
export function snippetOf(marked: string): SearchSnippet {
  const highlights: SearchSnippet['highlights'] = [];
  const [before = '', ...opened] = marked.split(MARK_OPEN);
  let text = before;
  for (const piece of opened) {
    // A match closes before the next one opens.
    const length = piece.includes(MARK_CLOSE) ? piece.indexOf(MARK_CLOSE) : piece.length;
    if (length > 0) highlights.push({ start: text.length, end: text.length + length });
    text += piece.slice(0, length) + piece.slice(length + 1);
  }
  return { text, highlights };
}

/** A paragraph found, as an engine's row holds it. */
export interface HitRow {
  paragraph_id: string;
  section_id: string;
  section_title: string;
  page: number;
  y_start: number;
}

/** A hit of the answer from an engine's row and its snippet with marks (MARK_OPEN, MARK_CLOSE). */
export function hitOf(row: HitRow, markedSnippet: string): SearchHit {
  return {
    paragraphId: row.paragraph_id,
    page: row.page,
    yStart: row.y_start,
    sectionId: row.section_id,
    sectionTitle: row.section_title,
    snippet: snippetOf(markedSnippet),
  };
}
