// Semantic similarity of a book's paragraphs: per-book LSA by default, an embeddings endpoint when configured.
export type { SimilarityIndex, Neighbour } from './similarity-index.ts';
export { buildLsaIndex, buildTfidfIndex, type LsaOptions } from './lsa.ts';
export { asNeighbours, nearestTexts } from './nearest.ts';
export {
  buildEmbeddingsIndex,
  EmbeddingsError,
  EMBEDDINGS_DEFAULTS,
  type EmbeddingsEndpoint,
} from './embeddings.ts';
export {
  findSemanticPairs,
  SEMANTIC_PAIR_DEFAULTS,
  tooWeakAcrossChapters,
  type SemanticPairOptions,
} from './pairs.ts';
