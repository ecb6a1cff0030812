/**
 * How exercises and their answers are numbered: an exercise by its own number ("7."), its answer in the
 * back of the book by the full one ("1.1.7.").
 */
import type { GraphParagraph } from '../types.ts';

/** An exercise's own number opening it ("7." or "7 "), or an answer's full one ("1.4.7.", "Hint. 1.4.7"). */
export const EXERCISE_NUMBER = /^(\d{1,3})[.)]?\s/;
export const ANSWER_NUMBER =
  /^(?:(?:Hint|Answer|Solution)\.?\s+)?((?:[A-Z\d]{1,3}\.){1,3}(\d{1,3}))\.?(?:\s|$)/;
/** An answer's number standing apart from its text: alone, or ending the paragraph before it. */
export const LABEL_ONLY = /^((?:[A-Z\d]{1,3}\.){1,3}(\d{1,3}))\.?$/;
export const TRAILING_LABEL = /\s((?:[A-Z\d]{1,3}\.){1,3}(\d{1,3}))\.$/;
/** How an answer's text opens when its number stands apart from it. */
export const ANSWER_OPENING = /^(?:Hints?|Answer|Solution)\b/;

/**
 * Whether a link's words are the full number of an answer to the exercise it lands on: "1.1.7" inside a
 * run of answers the page printed as one paragraph ("... 1.1.6. 0 ≤ |A ∩ B| ≤ 10 ... 1.1.7. |A ∪ B| ..."),
 * linked to "7. If |A| = 8 and |B| = 5, ...".
 */
export function namesAnswerTo(words: string, exercise: GraphParagraph): boolean {
  const own = LABEL_ONLY.exec(words.trim())?.[2];
  return own !== undefined && EXERCISE_NUMBER.exec(exercise.text)?.[1] === own;
}
