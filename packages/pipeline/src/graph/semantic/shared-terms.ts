/**
 * The ideas two texts share, in the words of the first: content words both use side by side ("normal
 * subgroup", "greatest lower bound") as one idea, then single words. Used for the reasons of similarity edges and by the offline
 * explainer.
 */
import { singular } from '../discourse/terms.ts';
import { contentWords, withoutCode } from './tokenise.ts';

/**
 * A word of a text: its normalised form, as written, whether it is a content word (not glue) and whether
 * it can carry a topic on its own.
 */
interface Word {
  key: string;
  surface: string;
  content: boolean;
  topic: boolean;
  /** Whether only spaces stand between it and the word before. */
  followsOn: boolean;
  /** Whether a hyphen joins it to the word before ("free" of "index-free"): no phrase starts there. */
  joined: boolean;
}

/** The normalised form the shared terms are compared by: lower case, singular ("Cosets" -> "coset"). */
export function termKey(word: string): string {
  return singular(word.toLowerCase());
}

/** A text's words in order, normalised. */
export function wordKeys(text: string): string[] {
  return [...text.matchAll(/[\p{L}\p{N}]+/gu)].map(([surface]) => termKey(surface));
}

/** The words of a text's sentences: a word written as code ("stem.leaf", "Prob(") shares no idea. */
function wordsOf(
  written: string,
  judge: (key: string, lower: string) => { content: boolean; topic: boolean },
): Word[] {
  const text = withoutCode(written);
  let end = 0;
  return [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((match) => {
    const surface = match[0];
    const key = termKey(surface);
    const between = text.slice(end, match.index);
    // Words side by side in a phrase: nothing but spaces between ("vertices, edges" is two ideas), or a
    // hyphen ("Levi-Civita symbol").
    const joined = match.index > 0 && /^[-‐]$/u.test(between);
    const followsOn = joined || /^\s+$/u.test(between);
    end = match.index + surface.length;
    return {
      key,
      surface,
      ...judge(key, surface.toLowerCase()),
      followsOn,
      joined,
    };
  });
}

function adjacentPairs(words: readonly Word[]): string[] {
  return words.slice(1).flatMap((w, i) => {
    const previous = words[i]!;
    return previous.content && w.content && w.followsOn ? [`${previous.key} ${w.key}`] : [];
  });
}

/**
 * The longest runs of the first text's words in which every two neighbours also stand side by side in the
 * second: "greatest lower bound", not "greatest lower" and "lower bound".
 */
function sharedRuns(
  first: readonly Word[],
  secondPairs: ReadonlySet<string>,
): { key: string; surface: string }[] {
  const runs: { key: string; surface: string }[] = [];
  let run: Word[] = [];
  const close = () => {
    // A phrase of content words stands for an idea when it ends on a word that could, or on a gerund
    // ("left cosets", "greedy colouring"), not on an everyday word or a verb ("detect single", "unity
    // form", "limit exists").
    const last = run.at(-1);
    if (
      run.length >= 2 &&
      !run[0]!.joined &&
      (last!.topic || /ing$/.test(last!.key)) &&
      run.some((w) => w.topic)
    )
      runs.push({
        key: run.map((w) => w.key).join(' '),
        // As written: "Levi-Civita symbol".
        surface: run.map((w, i) => `${i === 0 ? '' : w.joined ? '-' : ' '}${w.surface}`).join(''),
      });
  };
  first.forEach((w, i) => {
    const previous = first[i - 1];
    if (
      previous !== undefined &&
      run.length > 0 &&
      w.content &&
      w.followsOn &&
      secondPairs.has(`${previous.key} ${w.key}`)
    ) {
      run.push(w);
      return;
    }
    close();
    run = w.content ? [w] : [];
  });
  close();
  return runs;
}

/** Participles ("defined", "using") say less about a topic than nouns and adjectives. */
const PARTICIPLE = /(?:ed|ing)$/;

/** Without book statistics: nouns and adjectives before participles, longer words before shorter. */
const bySpecificity = (x: string, y: string) =>
  Number(PARTICIPLE.test(x)) - Number(PARTICIPLE.test(y)) || y.length - x.length || x.localeCompare(y);

export interface SharedTermsOptions {
  /** Whether a word (by its key, and as written, lower-cased) may stand for a topic; any content word by default. */
  isTopicWord?: (key: string, word: string) => boolean;
  /** Whether a word may be part of a shared phrase (one of whose words is a topic word); any content word by default. */
  isPhraseWord?: (key: string, word: string) => boolean;
  /** The order of the single words (by key and surface); most specific first by default. */
  compareWords?: (a: { key: string; surface: string }, b: { key: string; surface: string }) => number;
}

/**
 * The ideas both texts use, as the first text writes them: shared phrases first (and their words not again
 * on their own), then single words.
 */
export function sharedTermsOf(a: string, b: string, options: SharedTermsOptions = {}): string[] {
  return sharedTermsMatcher(options)(a, b);
}

/**
 * `sharedTermsOf` for many pairs of the same texts (a book's paragraphs): each text is read into words
 * once, and each word judged once.
 */
export function sharedTermsMatcher(options: SharedTermsOptions = {}): (a: string, b: string) => string[] {
  const judged = new Map<string, { content: boolean; topic: boolean }>();
  const judge = (key: string, lower: string) => {
    let verdict = judged.get(lower);
    if (verdict === undefined) {
      const content = contentWords(lower).length > 0;
      verdict = {
        content: content && (options.isPhraseWord?.(key, lower) ?? true),
        topic: content && (options.isTopicWord?.(key, lower) ?? true),
      };
      judged.set(lower, verdict);
    }
    return verdict;
  };
  const read = new Map<string, Word[]>();
  const wordsOfText = (text: string) => {
    let words = read.get(text);
    if (words === undefined) {
      words = wordsOf(text, judge);
      read.set(text, words);
    }
    return words;
  };
  return (a, b) => {
    const first = wordsOfText(a);
    const second = wordsOfText(b);
    const secondKeys = new Set(second.filter((w) => w.topic).map((w) => w.key));
    const secondPairs = new Set(adjacentPairs(second));
    const phrases = new Map<string, string>();
    for (const run of sharedRuns(first, secondPairs))
      if (!phrases.has(run.key)) phrases.set(run.key, run.surface);
    const inPhrase = new Set([...phrases.keys()].flatMap((key) => key.split(' ')));
    const words = new Map<string, string>();
    for (const w of first) {
      if (w.topic && secondKeys.has(w.key) && !inPhrase.has(w.key) && !words.has(w.key))
        words.set(w.key, w.surface);
    }
    const singles = [...words].map(([key, surface]) => ({ key, surface }));
    singles.sort(options.compareWords ?? ((x, y) => bySpecificity(x.surface, y.surface)));
    return [...[...phrases.values()].sort(bySpecificity), ...singles.map((w) => w.surface)];
  };
}
