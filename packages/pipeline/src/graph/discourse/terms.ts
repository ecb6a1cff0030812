/**
 * Term normalisation shared by the definition finder and the usage matcher: lower case, one plural
 * form per word ("cosets" -> "coset", "matrices" -> "matrix"), so "Cosets" used in one paragraph
 * matches "coset" defined in another.
 */
// The untyped libraries' declarations must come along into the programs of packages that import this.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../vendor.d.ts" />
import lemmatizer from 'wink-lemmatizer';

/** Endings where a final "s" is not a plural: "class", "analysis", "bonus", "mathematics". */
const NOT_PLURAL = /(?:ss|is|us|ics|ous|series|species)$/;

/** The singular of one lower-case word; words the lexicon does not know lose a plain plural "s". */
export function singular(word: string): string {
  const lemma = lemmatizer.noun(word);
  if (lemma !== word) return lemma;
  if (word.length > 3 && word.endsWith('s') && !NOT_PLURAL.test(word)) return word.slice(0, -1);
  return word;
}

/** A term or a run of text as normalised words (letters, inner hyphens and apostrophes). */
export function termWords(text: string): string[] {
  const lower = text.toLowerCase().replace(/['’]s\b/g, '');
  return (lower.match(/[a-z][a-z'’-]*[a-z]|[a-z]/g) ?? []).map(singular);
}

/** The normalised form of a term: its words joined by single spaces. */
export function normaliseTerm(term: string): string {
  return termWords(term).join(' ');
}
