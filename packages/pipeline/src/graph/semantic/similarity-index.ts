import { sharedTerms, type TermMatrix } from './term-matrix.ts';
import { topK, type Neighbour } from './top-k.ts';

export type { Neighbour } from './top-k.ts';

/** Texts (a book's paragraphs, in order) and how similar in meaning each is to the others. */
export interface SimilarityIndex {
  /** The k most similar other texts to text i, best first (never i itself). */
  neighbours(i: number, k: number): Neighbour[];
  /** The terms (surface forms a student recognises, e.g. "cosets", "Lagrange") that weigh most in both i and j, best first. */
  sharedTerms(i: number, j: number, n: number): string[];
}

/**
 * Cosine similarity over dense vectors (LSA coordinates or embeddings), by brute force: for a few thousand
 * paragraphs one pass over unit vectors per query is fast, and no n x n matrix is ever held. With a
 * `termMatchWeight` w, the similarity is (1 - w) * dense cosine + w * TF-IDF cosine.
 */
export function denseIndex(
  vectors: Float32Array,
  dimensions: number,
  terms: TermMatrix,
  termMatchWeight = 0,
): SimilarityIndex {
  const rows = vectors.length / dimensions;
  const unit = normaliseRows(vectors, dimensions);
  const termScores = termMatchWeight > 0 ? sparseScorer(terms) : undefined;
  const scores = new Float64Array(rows);
  return {
    neighbours(i, k) {
      const offset = i * dimensions;
      for (let j = 0; j < rows; j++) {
        let dot = 0;
        for (let d = 0, o = j * dimensions; d < dimensions; d++) dot += unit[offset + d]! * unit[o + d]!;
        scores[j] = (1 - termMatchWeight) * dot;
      }
      termScores?.(i, termMatchWeight, scores);
      return topK(scores, k, i);
    },
    sharedTerms: (i, j, n) => sharedTerms(terms, i, j, n),
  };
}

/** Cosine similarity of the TF-IDF vectors themselves. */
export function sparseIndex(terms: TermMatrix): SimilarityIndex {
  const termScores = sparseScorer(terms);
  const scores = new Float64Array(terms.rows);
  return {
    neighbours(i, k) {
      scores.fill(0);
      termScores(i, 1, scores);
      return topK(scores, k, i);
    },
    sharedTerms: (i, j, n) => sharedTerms(terms, i, j, n),
  };
}

/** Adds weight * cosine(i, j) of the TF-IDF rows to scores[j] for every j, through an inverted index. */
function sparseScorer(terms: TermMatrix) {
  const postings = invert(terms);
  return (i: number, weight: number, scores: Float64Array) => {
    for (let e = terms.rowStart[i]!; e < terms.rowStart[i + 1]!; e++) {
      const w = weight * terms.weights[e]!;
      const column = terms.columns[e]!;
      for (let p = postings.start[column]!; p < postings.start[column + 1]!; p++) {
        scores[postings.rows[p]!]! += w * postings.weights[p]!;
      }
    }
  };
}

function normaliseRows(vectors: Float32Array, dimensions: number): Float32Array {
  const unit = new Float32Array(vectors.length);
  for (let offset = 0; offset < vectors.length; offset += dimensions) {
    let norm = 0;
    for (let d = 0; d < dimensions; d++) norm += vectors[offset + d]! ** 2;
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let d = 0; d < dimensions; d++) unit[offset + d] = vectors[offset + d]! * scale;
  }
  return unit;
}

/** The matrix by columns: for each term, the texts that use it and its weight there. */
function invert(terms: TermMatrix) {
  const columnCount = terms.display.length;
  const start = new Int32Array(columnCount + 1);
  for (const column of terms.columns) start[column + 1]!++;
  for (let c = 0; c < columnCount; c++) start[c + 1]! += start[c]!;
  const next = start.slice(0, columnCount);
  const rows = new Int32Array(terms.columns.length);
  const weights = new Float64Array(terms.columns.length);
  for (let row = 0; row < terms.rows; row++) {
    for (let e = terms.rowStart[row]!; e < terms.rowStart[row + 1]!; e++) {
      const at = next[terms.columns[e]!]!++;
      rows[at] = row;
      weights[at] = terms.weights[e]!;
    }
  }
  return { start, rows, weights };
}
