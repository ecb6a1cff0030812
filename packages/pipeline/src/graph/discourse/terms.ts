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

/** Singulars already found: a book asks for the same few thousand words again and again. */
const singulars = new Map<string, string>();

/** The singular of one lower-case word; words the lexicon does not know lose a plain plural "s". */
export function singular(word: string): string {
  let found = singulars.get(word);
  if (found === undefined) {
    found = singularOf(word);
    singulars.set(word, found);
  }
  return found;
}

function singularOf(word: string): string {
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

/** Where a text writes a term: the words' start and the words as written. */
export interface TermPlace {
  index: number;
  written: string;
}

/**
 * Where the words of `text` read as `term` once normalised ("Left cosets" for "left coset"), in text
 * order: words apart by spaces only, each opening and ending on a letter or digit ("(n, k)-linear codes"
 * reads "linear codes", and "(normal) series" is no run of "normal series").
 */
export function placesOf(text: string, term: string): TermPlace[] {
  const wanted = term.split(' ');
  const words = [...text.matchAll(/[\p{L}\p{N}](?:[\p{L}\p{N}'’-]*[\p{L}\p{N}])?/gu)];
  const keys = words.map(([word]) => termWords(word).join(' '));
  const end = (word: RegExpExecArray | RegExpMatchArray) => word.index! + word[0].length;
  const spaced = (i: number) => /^\s+$/.test(text.slice(end(words[i - 1]!), words[i]!.index));
  const places: TermPlace[] = [];
  for (let i = 0; i + wanted.length <= words.length; i++) {
    if (!wanted.every((w, j) => keys[i + j] === w && (j === 0 || spaced(i + j)))) continue;
    const index = words[i]!.index!;
    places.push({ index, written: text.slice(index, end(words[i + wanted.length - 1]!)) });
  }
  return places;
}

/** The words of `text` that first read as `term` (placesOf), if any. */
export function writtenAs(text: string, term: string): string | undefined {
  return placesOf(text, term)[0]?.written;
}
