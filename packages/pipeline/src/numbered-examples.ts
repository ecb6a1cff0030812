/**
 * The one rule for a linguistics book's numbered examples, shared by the extraction (which keeps an
 * example's lines together) and the graph (which resolves "(31)" to it): a block opening with its number
 * in parentheses ("(31) a. ...", "(32a) ..."), in a book that numbers them so: on and on through each
 * chapter, "(1)" to "(90)", where a mathematics book's "(1)", "(2)", "(3)" are a list's items, starting
 * again with every list.
 */

/** An example's own number opening its block; a letter may follow it ("(32a)"). */
export const EXAMPLE_NUMBER = /^\((\d{1,3})[a-z]?\)\s+\S/;

/** How far the numbers must run, and how seldom start again, for a book to number its examples. */
const MIN_EXAMPLES = 10;
const MAX_RESTART_SHARE = 0.1;

/**
 * Whether the numbers opening a book's blocks (or lines), in reading order, are numbered examples: at
 * least ten, one of them 10 or more, and starting again (a number not above the one before) for at most
 * a tenth of them, as each chapter does.
 */
export function numbersExamples(numbers: readonly number[]): boolean {
  if (numbers.length < MIN_EXAMPLES || Math.max(...numbers) < MIN_EXAMPLES) return false;
  const restarts = numbers.filter((n, i) => i > 0 && n <= numbers[i - 1]!).length;
  return restarts <= MAX_RESTART_SHARE * numbers.length;
}

/** The example number a text opens with, if any. */
export function exampleNumber(text: string): number | undefined {
  const m = EXAMPLE_NUMBER.exec(text);
  return m ? Number(m[1]) : undefined;
}
