/** Joining the lines of a paragraph into text: de-hyphenation at line ends, tidy spacing. */

/** Joins two consecutive lines, removing a line-end hyphen that splits a word ("com-" + "mutative"). */
export function joinLines(a: string, b: string): string {
  if (a === '') return b;
  if (b === '') return a;
  if (/[A-Za-z\u00C0-\u024F]-$/.test(a)) {
    if (/^[a-z\u00DF-\u00FF\u0101-\u024F]/.test(b)) return a.slice(0, -1) + b;
    // Before a capital the hyphen is part of a compound ("Jordan-Hölder"): keep it, without a space.
    if (/^\p{Lu}/u.test(b)) return a + b;
  }
  // A web address broken after a slash goes on without a space ("http://en.wikibooks.org/" + "wiki/...").
  if (/(?:https?:\/\/|www\.)\S*\/$/.test(a) && /^[\w%~.-]+(?:\/\S*)?$/.test(b)) return a + b;
  return `${a} ${b}`;
}

/** End-of-proof and end-of-example marks are layout, not text. */
export function tidyParagraph(text: string): string {
  return text
    .replace(/(^|\s)[□■∎](?=\s|$)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
