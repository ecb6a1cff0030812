/**
 * Paragraph ids (docs/product.md §3 "Paragraph ids"): `section.paragraph` (e.g. "3.2.4": paragraph 4 of section 3.2),
 * possibly carrying a book prefix `bookId:` ("12:3.2.4"); ids are matched ignoring the prefix.
 */

/** The id without its book prefix: '12:3.2.4' -> '3.2.4'; an id without a prefix is returned as is. */
export function stripBookPrefix(id: string): string {
  const colon = id.indexOf(':');
  return colon === -1 ? id : id.slice(colon + 1);
}

/** Whether two ids name the same paragraph, ignoring book prefixes; false when either is missing. */
export function sameParagraphId(a: string | null | undefined, b: string | null | undefined): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return false;
  return stripBookPrefix(a) === stripBookPrefix(b);
}

/**
 * Whether a section id is a number the book prints: "3.2", "A.1", "II", "4". An id the extraction made for
 * a section without a number ("4.properties", "0.2.notation") is not: no person should read it.
 */
export function isPrintedNumber(sectionId: string): boolean {
  return /^(?:\d+|[A-Z]{1,4})(?:\.\d+)*$/.test(sectionId);
}

/**
 * How an id is shown: the last dot separates the paragraph number from the section id.
 * '3.2.4' and '12:3.2.4' -> 'Section 3.2, Paragraph 4'; '5.7' -> 'Section 5, Paragraph 7'.
 * A section without a printed number is named by its title, when the caller knows it
 * ('4.properties.2' of “Properties” -> '“Properties”, Paragraph 2'), else the paragraph's number alone
 * ('Paragraph 2'). An id with no dot (or nothing on one side of its last dot), 'intro' -> 'Paragraph intro'.
 */
export function paragraphLabel(id: string, sectionTitle?: string): string {
  const bare = stripBookPrefix(id);
  const dot = bare.lastIndexOf('.');
  if (dot <= 0 || dot === bare.length - 1) return `Paragraph ${bare}`;
  const section = bare.slice(0, dot);
  const paragraph = bare.slice(dot + 1);
  if (isPrintedNumber(section)) return `Section ${section}, Paragraph ${paragraph}`;
  const title = sectionTitle?.trim() ?? '';
  return title === '' ? `Paragraph ${paragraph}` : `“${title}”, Paragraph ${paragraph}`;
}

/** A section as a person reads it: 'Section 3.2', or its title in quotes when the book gives it no number. */
export function sectionName(sectionId: string, sectionTitle?: string): string {
  if (isPrintedNumber(sectionId)) return `Section ${sectionId}`;
  const title = sectionTitle?.trim() ?? '';
  return title === '' ? 'this section' : `“${title}”`;
}
