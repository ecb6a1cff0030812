/** One of a web page's links to the pages beside it: "Next: Evaluation of expressions". */
const NAVIGATION_LINK = String.raw`(?:Next|Previous|Prev|Up|Continue)(?: (?:topic|page|section|chapter))?\s*:\s*[^:,]{0,80}?[,.]?\s*`;

/**
 * A web page's links to the pages beside it, printed with it: the site's furniture, not the book's text.
 * Two or three of them, or one with the site's [Contents] and [Index] ("Next: Evaluation of expressions,
 * Previous: Introduction, Up: R Language Definition [Contents][Index]"), or one to a numbered section
 * ("Continue: 1.2 Elements of Programming"); never a sentence ("Next: we prove the theorem.").
 */
export const NAVIGATION = new RegExp(
  String.raw`^(?:(?:${NAVIGATION_LINK}){2,3}(?:\[Contents\]\s*)?(?:\[Index\])?|${NAVIGATION_LINK}\[Contents\]\s*(?:\[Index\])?|(?:Next|Previous|Continue)\s*:\s*\d+(?:\.\d+)*\s+\p{Lu}[^:,.]{0,80})$`,
  'u',
);
