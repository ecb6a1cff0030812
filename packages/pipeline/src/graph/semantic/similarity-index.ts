import { Index, MetricKind, ScalarKind } from 'usearch';
import { forSharedTerms, sharedTerms, type TermMatrix } from './term-matrix.ts';
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
 * Cosine similarity over dense vectors (LSA coordinates or embeddings). With a `termMatchWeight` w, the
 * similarity is (1 - w) * dense cosine + w * TF-IDF cosine. Up to `exactRows` texts, by brute force: one
 * pass over unit vectors per query, and no n x n matrix is ever held. Beyond, that pass would make a big
 * book's graph grow with the square of its paragraphs: each text's few likely neighbours are found and
 * scored exactly (approximateIndex). Aata three times over (9,156 texts) took 33 s by brute force, 10 s so.
 */
export function denseIndex(
  vectors: Float32Array,
  dimensions: number,
  terms: TermMatrix,
  termMatchWeight = 0,
  exactRows = EXACT_ROWS,
): SimilarityIndex {
  const rows = vectors.length / dimensions;
  const unit = normaliseRows(vectors, dimensions);
  if (rows > exactRows) return approximateIndex(unit, dimensions, terms, termMatchWeight);
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
 * Texts up to which neighbours are found by brute force: every book of the corpus (thinkcspy, the longest,
 * has 5,300 paragraphs), whose relationships blind readers judged, is related exactly.
 */
export const EXACT_ROWS = 6000;
/** A text's nearest in the dense space scored exactly per query: many times the k asked for. */
const DENSE_CANDIDATES = 32;
/** A text's nearest by the rare terms it shares, scored exactly too: the TF-IDF half of the score. */
const TERM_CANDIDATES = 32;
/** Terms in at most this many texts are rare: they carry a TF-IDF cosine, and their texts are few. */
const RARE_TERM_TEXTS = 300;

/**
 * Neighbours among a text's candidates, scored as the brute force scores them, to the same bits: its
 * nearest in the dense space, from an HNSW graph built once, in text order on one thread (so a book's
 * graph is the same at every import); and, when the TF-IDF cosine counts, the texts sharing most of its
 * rare terms. On aata (3,138 texts) forced this way, 8,290 of the 8,324 nearest three above pairs'
 * threshold (0.4) that brute force finds are found; aata three times over, 25,841 of 25,961.
 */
function approximateIndex(
  unit: Float32Array,
  dimensions: number,
  terms: TermMatrix,
  termMatchWeight: number,
): SimilarityIndex {
  const rows = unit.length / dimensions;
  // 32 candidates from a search 48 wide found 8,290 of aata's 8,324 where 64 from 128 found 8,300, and
  // took the corpus joined in one book (15,840 texts) 14 s rather than 25.
  const graph = new Index({
    dimensions,
    metric: MetricKind.IP,
    quantization: ScalarKind.F32,
    multi: false,
    connectivity: 16,
    expansion_add: 64,
    expansion_search: 48,
  });
  graph.add(
    BigUint64Array.from({ length: rows }, (_, i) => BigInt(i)),
    unit,
    1,
  );
  const byRareTerms = termMatchWeight > 0 ? rareTermNeighbours(terms) : undefined;
  return {
    neighbours(i, k) {
      const own = unit.subarray(i * dimensions, (i + 1) * dimensions);
      const nearest = graph.search(own, Math.max(DENSE_CANDIDATES, 4 * k) + 1, 1);
      const found = new Set(Array.from(nearest.keys, Number));
      for (const j of byRareTerms?.(i) ?? []) found.add(j);
      const candidates = [...found].sort((a, b) => a - b);
      const scores = candidates.map((j) => {
        const dense = unitDot(unit, dimensions, i, j);
        return termMatchWeight > 0 ? dense * (1 - termMatchWeight) : dense;
      });
      if (termMatchWeight > 0) addTermCosines(terms, i, candidates, termMatchWeight, scores);
      return topK(scores, k, candidates.indexOf(i)).map(({ index, similarity }) => ({
        index: candidates[index]!,
        similarity,
      }));
    },
    sharedTerms: (i, j, n) => sharedTerms(terms, i, j, n),
  };
}

/** Per text, the TERM_CANDIDATES others with the highest TF-IDF cosine over rare terms alone. */
function rareTermNeighbours(terms: TermMatrix): (i: number) => number[] {
  const postings = invert(terms);
  const scores = new Float64Array(terms.rows);
  return (i) => {
    const touched: number[] = [];
    for (let e = terms.rowStart[i]!; e < terms.rowStart[i + 1]!; e++) {
      const column = terms.columns[e]!;
      const [from, to] = [postings.start[column]!, postings.start[column + 1]!];
      if (to - from > RARE_TERM_TEXTS) continue;
      for (let p = from; p < to; p++) {
        const j = postings.rows[p]!;
        if (scores[j] === 0) touched.push(j);
        scores[j]! += terms.weights[e]! * postings.weights[p]!;
      }
    }
    const best = topK(
      touched.map((j) => scores[j]!),
      TERM_CANDIDATES,
      touched.indexOf(i),
    ).map(({ index }) => touched[index]!);
    for (const j of touched) scores[j] = 0;
    return best;
  };
}

/**
 * Adds weight * cosine(i, j) of the TF-IDF rows to scores[c] for each candidate j = candidates[c], adding
 * i's terms in the order sparseScorer adds them (so the sums are the same to the bit).
 */
function addTermCosines(
  terms: TermMatrix,
  i: number,
  candidates: readonly number[],
  weight: number,
  scores: number[],
): void {
  candidates.forEach((j, c) =>
    forSharedTerms(terms, i, j, (_, inI, inJ) => (scores[c]! += weight * inI * inJ)),
  );
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
  for (; j < rows; j++) into[j] = unitDot(unit, dimensions, i, j);
}

/** The dot product of unit rows i and j, its terms added in order. */
function unitDot(unit: Float32Array, dimensions: number, i: number, j: number): number {
  let dot = 0;
  for (let d = 0, a = i * dimensions, b = j * dimensions; d < dimensions; d++)
    dot += unit[a + d]! * unit[b + d]!;
  return dot;
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
