/**
 * Paragraph ids (SPEC §3 "Paragraph ids"): `section.paragraph` (e.g. "3.2.4": paragraph 4 of section 3.2),
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
 * How an id is shown: the last dot separates the paragraph number from the section id.
 * '3.2.4' and '12:3.2.4' -> 'Section 3.2, Paragraph 4'; '5.7' -> 'Section 5, Paragraph 7';
 * an id with no dot (or nothing on one side of its last dot), 'intro' -> 'Paragraph intro'.
 */
export function paragraphLabel(id: string): string {
  const bare = stripBookPrefix(id);
  const dot = bare.lastIndexOf('.');
  if (dot <= 0 || dot === bare.length - 1) return `Paragraph ${bare}`;
  return `Section ${bare.slice(0, dot)}, Paragraph ${bare.slice(dot + 1)}`;
}
