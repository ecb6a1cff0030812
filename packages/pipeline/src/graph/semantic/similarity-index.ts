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
      cosines(unit, dimensions, i, scores);
      if (termMatchWeight > 0) for (let j = 0; j < rows; j++) scores[j]! *= 1 - termMatchWeight;
      termScores?.(i, termMatchWeight, scores);
      return topK(scores, k, i);
    },
    sharedTerms: (i, j, n) => sharedTerms(terms, i, j, n),
  };
}

/**
 * The dot products of unit row i with every row, into `into`. Four rows at a time: four sums in flight
 * instead of one waiting on the last addition, most of a big book's graph time. Each sum still adds its
 * terms in order, so every product is what one row at a time would give.
 */
function cosines(unit: Float32Array, dimensions: number, i: number, into: Float64Array): void {
  const rows = into.length;
  const offset = i * dimensions;
  let j = 0;
  for (; j + 4 <= rows; j += 4) {
    const o0 = j * dimensions;
    const o1 = o0 + dimensions;
    const o2 = o1 + dimensions;
    const o3 = o2 + dimensions;
    let dot0 = 0;
    let dot1 = 0;
    let dot2 = 0;
    let dot3 = 0;
    for (let d = 0; d < dimensions; d++) {
      const own = unit[offset + d]!;
      dot0 += own * unit[o0 + d]!;
      dot1 += own * unit[o1 + d]!;
      dot2 += own * unit[o2 + d]!;
      dot3 += own * unit[o3 + d]!;
    }
    into[j] = dot0;
    into[j + 1] = dot1;
    into[j + 2] = dot2;
    into[j + 3] = dot3;
  }
  for (; j < rows; j++) {
    let dot = 0;
    for (let d = 0, o = j * dimensions; d < dimensions; d++) dot += unit[offset + d]! * unit[o + d]!;
    into[j] = dot;
  }
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
