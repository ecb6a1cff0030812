/**
 * Each paragraph's nearest in meaning by the book's own LSA: most of a graph's arithmetic (the SVD and a
 * pass over every other paragraph for each), and a side-thread task (plain input and output) so that it
 * runs beside the references and definitions (buildGraph).
 */
import { buildLsaIndex } from './lsa.ts';
import { isSubstantial, SEMANTIC_PAIR_DEFAULTS } from './pairs.ts';
import type { Neighbour, SimilarityIndex } from './similarity-index.ts';

/** The nearest `SEMANTIC_PAIR_DEFAULTS.k` of each text findSemanticPairs asks for; none for the rest. */
export function nearestTexts(texts: readonly string[]): Neighbour[][] {
  const index = buildLsaIndex([...texts]);
  const { k, minContentWords } = SEMANTIC_PAIR_DEFAULTS;
  return texts.map((text, i) => (isSubstantial(text, minContentWords) ? index.neighbours(i, k) : []));
}

/** The lists of nearestTexts as findSemanticPairs reads them. */
export function asNeighbours(lists: readonly Neighbour[][]): Pick<SimilarityIndex, 'neighbours'> {
  return {
    neighbours(i, k) {
      if (k > SEMANTIC_PAIR_DEFAULTS.k)
        throw new Error(`Only ${SEMANTIC_PAIR_DEFAULTS.k} neighbours were found.`);
      return lists[i]!.slice(0, k);
    },
  };
}
