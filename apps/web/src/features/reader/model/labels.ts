/**
 * How the reader names paragraphs, sections and pages (docs/product.md §2, §3). A paragraph or section is named by
 * the number the book prints ('Section 3.2, Paragraph 4', 'Section 3.2'), and one the book gives no number
 * (an id the extraction made, '4.properties') by its title from the book's outline ('“Properties”,
 * Paragraph 4'), never by its id. The rule itself is @threadbook/book's; this gives it the titles.
 */
import {
  isPrintedNumber,
  paragraphLabel as labelWithTitle,
  sectionName,
  stripBookPrefix,
  type BookOutlineChapter,
} from '@threadbook/book';

export { sameParagraphId, stripBookPrefix } from '@threadbook/book';

export const UNKNOWN_SECTION = 'Unknown Section';

/** Section id (without a book prefix) -> its title, as the table of contents shows it. */
export type SectionTitles = ReadonlyMap<string, string>;

/** The titles of the outline's sections; the first section wins when an id repeats. */
export function sectionTitlesOf(outline: readonly BookOutlineChapter[]): SectionTitles {
  const titles = new Map<string, string>();
  for (const chapter of outline) {
    for (const section of chapter.children) {
      const id = stripBookPrefix(section.id.trim());
      const title = section.title.trim();
      if (id !== '' && title !== '' && !titles.has(id)) titles.set(id, title);
    }
  }
  return titles;
}

/** The section id of a paragraph id: '12:4.properties.2' -> '4.properties'; '' when it has none. */
function sectionOf(paragraphId: string): string {
  const bare = stripBookPrefix(paragraphId);
  const dot = bare.lastIndexOf('.');
  return dot > 0 ? bare.slice(0, dot) : '';
}

/**
 * A paragraph as the reader names it: '3.2.4' -> 'Section 3.2, Paragraph 4'; '4.properties.2' ->
 * '“Properties”, Paragraph 2', or 'Paragraph 2' while the titles are not known (null).
 */
export function paragraphLabel(id: string, titles: SectionTitles | null): string {
  return labelWithTitle(id, titles?.get(sectionOf(id)));
}

/**
 * A relationship target's section in the anchor tooltip: 'Section 3.2', '“Properties”' for a section
 * without a number, or 'Unknown Section' (no section, or one without a number whose title is not known).
 */
export function sectionLabel(section: string | null | undefined, titles: SectionTitles | null): string {
  const id = stripBookPrefix(section?.trim() ?? '');
  const title = titles?.get(id);
  return id !== '' && (isPrintedNumber(id) || title !== undefined) ? sectionName(id, title) : UNKNOWN_SECTION;
}

/** A related paragraph's page in the panel: 'Page 41', or '?' when the page is unknown. */
export function pageLabel(page: number | null | undefined): string {
  return typeof page === 'number' && Number.isSafeInteger(page) && page >= 1 ? `Page ${page}` : '?';
}

/** A relationship type as the reader shows it: 'BACKGROUND' and 'Background' -> 'Background'. */
export function relationshipTypeLabel(type: string): string {
  const word = type.trim().toLowerCase();
  return word === '' ? 'Related' : word[0]!.toUpperCase() + word.slice(1);
}
