/**
 * The words of a paragraph a link covers, as a reason quotes them: the whole reference, not the piece of
 * it the link's rectangle holds ("13)" is "Eq. (3.13)", "4.2" is "Exercise 4.2").
 */
import { kindWordAtEnd } from './grammar.ts';

const WORD_CHAR = /[\p{L}\p{N}]/u;
/** Joins inside one label or name: "3.13", "E.6", "Sign-extension". */
const INNER_JOIN = /[.\-–]/;
const CLOSER: Record<string, string> = { '(': ')', '“': '”', '[': ']' };
/** A part of the book, which no grammar of references reads: "Part I". */
const PART_BEFORE = /(?<!\p{L})Parts?[\s\u00a0]+$/u;

/** Words that name a part of the book ("Part I", "Part 2"): a part is no paragraph to relate. */
export const PART_OF_BOOK = /^Parts?\s+(?:[IVXLC]+|\d{1,2})$/;

/**
 * The reference in `text` that `covered` (the characters read under the link, give or take `slack` at
 * either end) is part of: widened to whole words and labels, its brackets and quotes closed, and its kind
 * word put in front when it is a bare label. Covered words `text` does not hold come back trimmed.
 */
export function linkWords(covered: string, text: string, slack: number): string {
  const trimmed = trimmedEnds(covered, slack);
  const words = covered.trim();
  // The part surely under the link: without the slack, when the words are long enough to lose it.
  const core = words.length > 2 * slack + 2 ? words.slice(slack, -slack).trim() : trimmed;
  const found = [trimmed, core].map((part) => (part === '' ? -1 : wholeWordsAt(text, part)));
  const which = found.findIndex((at) => at >= 0);
  if (which < 0) return trimmed;
  return referenceAround(text, found[which]!, found[which]! + [trimmed, core][which]!.length) ?? trimmed;
}

/**
 * Where `part` stands in `text`, preferring a place where it is whole words: a link over the "I" of "Part
 * I" is not the first letters of "In my view" that open the paragraph.
 */
function wholeWordsAt(text: string, part: string): number {
  const first = text.indexOf(part);
  for (let at = first; at >= 0; at = text.indexOf(part, at + 1)) {
    const opensWord = !WORD_CHAR.test(part[0]!) || !WORD_CHAR.test(text[at - 1] ?? '');
    const endsWord = !WORD_CHAR.test(part.at(-1)!) || !WORD_CHAR.test(text[at + part.length] ?? '');
    if (opensWord && endsWord) return at;
  }
  return first;
}

/** How far past a link's end the quote or bracket it opened may close. */
const QUOTE_REST = 60;

/** The reference the characters start..end of `text` are part of. */
function referenceAround(text: string, from: number, to: number): string | undefined {
  let start = from;
  let end = to;
  while (start < end && !WORD_CHAR.test(text[start]!)) start++;
  while (end > start && !WORD_CHAR.test(text[end - 1]!)) end--;
  if (start === end) return undefined;
  const joinsAt = (i: number) =>
    INNER_JOIN.test(text[i] ?? '') && WORD_CHAR.test(text[i - 1] ?? '') && WORD_CHAR.test(text[i + 1] ?? '');
  while (start > 0 && (WORD_CHAR.test(text[start - 1]!) || joinsAt(start - 1))) start--;
  while (end < text.length && (WORD_CHAR.test(text[end]!) || joinsAt(end))) end++;
  // A label in brackets keeps them ("(3.13)"); an opened bracket or quote is closed ("called “Sign-extension”").
  while (CLOSER[text[start - 1] ?? ''] !== undefined && text[end] === CLOSER[text[start - 1]!]) {
    start--;
    end++;
  }
  // A link broken with its line may end inside the quote it opens ("called “Three"): read on to the close.
  for (const [open, close] of Object.entries(CLOSER)) {
    const slice = text.slice(start, end);
    if (slice.split(open).length <= slice.split(close).length) continue;
    const closing = text.indexOf(close, end);
    if (closing !== -1 && closing - end <= QUOTE_REST && !/[.!?]\s/.test(text.slice(end, closing)))
      end = closing + 1;
  }
  const words = text.slice(start, end);
  if (/\p{L}{3,}/u.test(words)) return words;
  const before = text.slice(Math.max(0, start - 16), start);
  const named = kindWordAtEnd(before) ?? PART_BEFORE.exec(before)?.[0] ?? NAME_BEFORE.exec(before)?.[0];
  return `${named ?? ''}${words}`.replace(/\s+/g, ' ');
}

/**
 * A word a book names its own numbered things with, before a bare number: "by Property 1", "Rule 3",
 * "Axiom 2" (no kind word of the reference grammar, and the number alone says nothing).
 */
const NAME_BEFORE =
  /(?<!\p{L})(?:Property|Properties|Rule|Axiom|Step|Case|Condition|Law|Principle|Postulate|Criterion|Claim|Fact|Assumption|Observation|Hypothesis)[\s\u00a0]+$/u;

/** Covered words without a piece of a word the slack took at either end ("m 1.1.5, th" -> "1.1.5"). */
function trimmedEnds(covered: string, slack: number): string {
  let words = covered.trim();
  const first = words.indexOf(' ');
  if (first > 0 && first <= slack) words = words.slice(first + 1);
  const last = words.lastIndexOf(' ');
  if (last > 0 && words.length - last - 1 <= slack) words = words.slice(0, last);
  return words.replace(/[,;:]+$/, '').trim();
}
