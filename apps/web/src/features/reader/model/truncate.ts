/**
 * The text of a related paragraph in the panel (docs/product.md §2, §9): longer than 150 characters, it is cut at 150
 * with a 'See More' toggle that shows it whole and 'See Less' that cuts it again. Shorter texts show whole,
 * with no toggle.
 */

export const TRUNCATE_AT = 150;
export const SEE_MORE = 'See More';
export const SEE_LESS = 'See Less';

export interface TruncatedText {
  text: string;
  /** The toggle's label; null when the text is short enough to need none. */
  toggle: typeof SEE_MORE | typeof SEE_LESS | null;
}

/**
 * What the panel shows of `text`. Characters are counted as code points, so a cut never splits a
 * mathematical letter such as 𝑥 (two UTF-16 units) in half; the cut text loses trailing spaces and ends
 * with '...'.
 */
export function truncateText(text: string, expanded: boolean): TruncatedText {
  const characters = Array.from(text);
  if (characters.length <= TRUNCATE_AT) return { text, toggle: null };
  if (expanded) return { text, toggle: SEE_LESS };
  return { text: `${characters.slice(0, TRUNCATE_AT).join('').trimEnd()}...`, toggle: SEE_MORE };
}
