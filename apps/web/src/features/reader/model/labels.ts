/**
 * How the reader names paragraphs, sections and pages (SPEC §2, §3). Paragraph ids and their labels come
 * from @threadbook/book ('12:3.2.4' -> 'Section 3.2, Paragraph 4'); this adds the section and page labels.
 */
export { paragraphLabel, sameParagraphId, stripBookPrefix } from '@threadbook/book';

export const UNKNOWN_SECTION = 'Unknown Section';

/** A relationship target's section in the anchor tooltip: 'Section 3.2', or 'Unknown Section'. */
export function sectionLabel(section: string | null | undefined): string {
  const id = section?.trim() ?? '';
  return id === '' ? UNKNOWN_SECTION : `Section ${id}`;
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
