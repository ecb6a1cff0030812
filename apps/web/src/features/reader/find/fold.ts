/**
 * Folding and matching for the find highlight, as the server's index folds (case and diacritics, FTS5
 * unicode61 remove_diacritics 2) and splits (letters, digits and private-use characters make words).
 */

/** A character that belongs to a word. */
const WORD = '[\\p{L}\\p{N}\\p{Co}]';
const NOT_WORD = '[^\\p{L}\\p{N}\\p{Co}]';
const WORD_CHARACTER = new RegExp(WORD, 'u');
const MARKS = /\p{M}/gu;

/** `text` lower-cased, compatibility-decomposed (ligatures too) and without its diacritics. */
export function foldText(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(MARKS, '');
}

/**
 * The terms of a query as the server reads them (apps/server/src/features/search/query.ts): text between
 * double quotes is a phrase (an unclosed quote runs to the end), elsewhere each run of non-blank characters
 * is a term; a term without a letter or digit is dropped. Each term is given as its folded words.
 */
export function queryTerms(query: string): string[][] {
  const terms: string[][] = [];
  query.split('"').forEach((part, index) => {
    for (const term of index % 2 === 1 ? [part.trim()] : part.split(/\s+/)) {
      if (!WORD_CHARACTER.test(term)) continue;
      const words = foldText(term)
        .split(new RegExp(`${NOT_WORD}+`, 'u'))
        .filter((word) => word.length > 0);
      if (words.length > 0) terms.push(words);
    }
  });
  return terms;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A pattern finding any of `terms` in folded text as whole words; the words of one term stand side by side
 * with anything but letters and digits between them ('x-ray' and 'x ray' alike). Null for no terms.
 */
export function termsPattern(terms: readonly (readonly string[])[]): RegExp | null {
  const alternatives = terms
    .map((words) => words.map(escape).join(`${NOT_WORD}+`))
    .filter((alternative) => alternative.length > 0)
    // The longest first, so a phrase wins over a word it starts with.
    .sort((a, b) => b.length - a.length);
  if (alternatives.length === 0) return null;
  return new RegExp(`(?<!${WORD})(?:${alternatives.join('|')})(?!${WORD})`, 'gu');
}

/** `text` folded, and for each folded character the [start, end) of the character of `text` it comes from. */
export function foldWithOrigin(text: string): { folded: string; origin: { start: number; end: number }[] } {
  let folded = '';
  const origin: { start: number; end: number }[] = [];
  let offset = 0;
  for (const character of text) {
    const piece = foldText(character);
    // A combining mark folds to nothing: it belongs to the character before it.
    const previous = origin.at(-1);
    if (piece.length === 0 && previous) previous.end = offset + character.length;
    folded += piece;
    for (let i = 0; i < piece.length; i++) origin.push({ start: offset, end: offset + character.length });
    offset += character.length;
  }
  return { folded, origin };
}
