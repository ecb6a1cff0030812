// The untyped libraries' declarations must come along into the programs of packages that import this.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../vendor.d.ts" />
import lemmatizer from 'wink-lemmatizer';
import { eng } from 'stopword';

/** One content word of a text: its lemma (the term) and the form the text used, for display. */
export interface Token {
  term: string;
  surface: string;
}

/**
 * Words of mathematical prose that carry no topic: the glue of definitions and proofs ("let", "suppose",
 * "hence") and vague quantities. The stopword package's list covers general English only.
 */
const MATH_PROSE_STOP_WORDS = [
  'let suppose assume thus hence therefore show shown shows prove proved proof follows following',
  'follow given give gives say says write written denote denoted consider note notice recall see',
  'seen find found use used using one two three first second third last now since also must may',
  'might will would can could shall should every each some many much more most less least even just',
  'only other another same certain way ways case cases fact example examples exercise exercises',
  'theorem lemma proposition corollary definition section chapter page figure table remark answer',
  'appendix appendices',
  'question problem problems need want make makes take takes get gets know known well',
  'like really yet either neither whether whose whenever wherever however indeed clearly obviously',
  'exactly actually rather quite thing things look called call said sure already always never still',
  'within without upon',
  // Discourse connectives: they join sentences on any topic ("Furthermore" on 37 edges of one book).
  'furthermore moreover besides thereby whereas nevertheless nonetheless meanwhile otherwise instead',
  'accordingly consequently subsequently similarly likewise conversely finally firstly secondly lastly',
].flatMap((line) => line.split(' '));

const STOP_WORDS = new Set([...eng, ...MATH_PROSE_STOP_WORDS]);

/** Letters and digits; a token with a digit in it ("x1", "3rd") is notation, not a word. */
const WORD = /[\p{L}\p{N}]+/gu;
const HAS_DIGIT = /\p{N}/u;
/** A lower-case letter followed by a capital ("takeFirst", "rnorm" aside): a program's identifier, not English. */
const CAMEL_CASE = /\p{Ll}\p{Lu}/u;
/** One- and two-letter tokens in mathematical prose are variables ("x", "ab", "gH"), not topics. */
const MIN_LENGTH = 3;

/** The lower-case words of a text that can carry its topic, in order, with their original spelling. */
export function contentWords(text: string): { word: string; surface: string }[] {
  const words: { word: string; surface: string }[] = [];
  for (const match of text.matchAll(WORD)) {
    const surface = match[0];
    if (surface.length < MIN_LENGTH || HAS_DIGIT.test(surface) || CAMEL_CASE.test(surface)) continue;
    const word = surface.toLowerCase();
    if (!STOP_WORDS.has(word)) words.push({ word, surface });
  }
  return words;
}

const lemmaCache = new Map<string, string>();

/** The base form of a word: as a noun ("cosets" stays, "groups" -> "group"), else a verb, else an adjective. */
export function lemma(word: string): string {
  let base = lemmaCache.get(word);
  if (base === undefined) {
    base = lemmatizer.noun(word);
    if (base === word) base = lemmatizer.verb(word);
    if (base === word) base = lemmatizer.adjective(word);
    lemmaCache.set(word, base);
  }
  return base;
}

/** The content words of a text as lemmas, with the surface forms the text used. */
export function lemmaTokens(text: string): Token[] {
  const tokens: Token[] = [];
  for (const { word, surface } of contentWords(text)) {
    const term = lemma(word);
    // "showing" -> "show": a stop word only once lemmatised.
    if (!STOP_WORDS.has(term)) tokens.push({ term, surface });
  }
  return tokens;
}

/** The content words of a text as they are, lower-cased: the plain TF-IDF baseline's terms. */
export function plainTokens(text: string): Token[] {
  return contentWords(text).map(({ word, surface }) => ({ term: word, surface }));
}

/**
 * WordNet does not know the technical words of a subject ("cosets", "subgroups"), so the lemmatiser leaves
 * their plurals alone. When a book also uses the singular, the plural is that word: map "cosets" to "coset"
 * only when "coset" is a term of the book too.
 */
export function pluralMerges(terms: Iterable<string>): Map<string, string> {
  const known = new Set(terms);
  const merges = new Map<string, string>();
  for (const term of known) {
    if (!term.endsWith('s') || /(ss|us|is)$/.test(term)) continue;
    const singular = term.slice(0, -1);
    if (singular.length >= MIN_LENGTH && known.has(singular)) merges.set(term, singular);
  }
  return merges;
}

/**
 * Whether the word at [start, end) of `text` is written as code: joined to another by "." or "_"
 * ("sys.argv", "stem.leaf", "main_GUI"), called ("binom(", "Prob("), indexed ("u["), given a value
 * ("size = n", "tol=1E-15"), or part of an address ("http://", "src/decay").
 */
export function writtenAsCode(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 2), start);
  const after = text.slice(end, end + 3);
  return /[\p{L}\p{N}][._/]$/u.test(before) || /^(?:[._/][\p{L}\p{N}]|[([]|\s?=(?!=)|:\/\/)/u.test(after);
}

/** Identifier-like runs: letters, digits and underscores. */
export const IDENTIFIER = /[\p{L}\p{N}_]+/gu;

/**
 * The text with every word written as code blanked out (same length, so places still match): a term the
 * prose uses is a word of its sentences, not part of "solver_memsave" or "Prob(A)".
 */
export function withoutCode(text: string): string {
  return text.replace(IDENTIFIER, (word, offset: number) =>
    word.includes('_') || writtenAsCode(text, offset, offset + word.length) ? ' '.repeat(word.length) : word,
  );
}
