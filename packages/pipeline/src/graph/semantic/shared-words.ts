import { lemmaTokens } from './tokenise.ts';

/** What two texts have in common word for word: how many content words, and how rare they are together. */
export interface SharedWords {
  count: number;
  /** The sum of the shared words' inverse document frequencies over the book's prose. */
  weight: number;
}

/**
 * Scores the content words (lemmas) a sentence shares with a paragraph by their rarity in the book: a
 * word of every other paragraph ("value", "point") counts little, one of a few ("quantities", "hat")
 * much. For telling which paragraph of a section a sentence speaks of when no idea of the book says so.
 */
export function sharedWordsIn(prose: readonly string[]): (sentence: string, text: string) => SharedWords {
  const paragraphsWith = new Map<string, number>();
  for (const text of prose)
    for (const term of termsOf(text)) paragraphsWith.set(term, (paragraphsWith.get(term) ?? 0) + 1);
  const idf = (term: string) => Math.log((1 + prose.length) / (1 + (paragraphsWith.get(term) ?? 0)));
  return (sentence, text) => {
    const inText = termsOf(text);
    let count = 0;
    let weight = 0;
    for (const term of termsOf(sentence)) {
      if (!inText.has(term)) continue;
      count++;
      weight += idf(term);
    }
    return { count, weight };
  };
}

const termsOf = (text: string) => new Set(lemmaTokens(text).map((token) => token.term));
