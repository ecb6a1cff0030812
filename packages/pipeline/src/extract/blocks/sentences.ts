/** Where a sentence ends or goes on: what decides whether the next line continues a paragraph. */
import type { Line } from '../types.ts';
import { OPERATOR_NAMES, RELATIONS } from './displays.ts';
import { LIST_LABEL } from './openings.ts';

/** Text that goes on with a sentence: it opens with a lower-case word ("where", "and", "which"). */
export const CONTINUATION = /^\p{Ll}{2,}\b/u;

/** The end of a sentence or of a clause that a new line may follow: a stop, a colon or a semicolon. */
export const CLAUSE_END = /[.:;?!]["”’)]?$/;

/** The mark a proof ends with: a box, or the word as some classes print it. */
export const PROOF_END = /(?:\bqed|Q\.E\.D\.|[□∎■])$/;

/**
 * A line's text without a trailing footnote mark ("needed.4" when the page has footnote 4), so the sentence
 * end before the mark still counts.
 */
export function proseEnd(line: Line, footnoteMarks: ReadonlySet<string>): string {
  const m = /[.!?:]["”’)]?(\d{1,2}|[*†‡§])$/.exec(line.text);
  return m && footnoteMarks.has(m[1]!) ? line.text.slice(0, -m[1]!.length) : line.text;
}

/** Stops where a sentence goes on: after a comma, a colon or a word in lower case (not a number). */
export function endsMidSentence(text: string): boolean {
  return /[,:\p{Ll}]$/u.test(text);
}

/**
 * Opens as the rest of a sentence does: with a word in lower case, or with a formula before any word (not
 * with a capitalised word, "Let v ∈ V", nor with a list item's label).
 */
export function opensAsContinuation(text: string): boolean {
  if (CONTINUATION.test(text)) return true;
  if (/^\p{Lu}\p{Ll}/u.test(text) || LIST_LABEL.test(text)) return false;
  const beforeWords = text.replace(OPERATOR_NAMES, '').split(/\p{L}{4,}/u)[0] ?? '';
  return RELATIONS.test(beforeWords);
}
