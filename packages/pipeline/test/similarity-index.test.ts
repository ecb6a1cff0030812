import { expect, test } from 'vitest';
import { seededRandom } from '@threadbook/test-support';
import { denseIndex } from '../src/graph/semantic/similarity-index.ts';
import { buildTermMatrix } from '../src/graph/semantic/term-matrix.ts';

/** Cosines one row at a time, each summed in order: what the index's four-at-a-time pass must equal. */
function plainCosines(vectors: Float32Array, dimensions: number, i: number): number[] {
  const rows = vectors.length / dimensions;
  const norm = (r: number) => {
    let sum = 0;
    for (let d = 0; d < dimensions; d++) sum += vectors[r * dimensions + d]! ** 2;
    return 1 / Math.sqrt(sum);
  };
  const unit = new Float32Array(vectors.length);
  for (let r = 0; r < rows; r++) {
    const scale = norm(r);
    for (let d = 0; d < dimensions; d++) unit[r * dimensions + d] = vectors[r * dimensions + d]! * scale;
  }
  return Array.from({ length: rows }, (_, j) => {
    let dot = 0;
    for (let d = 0; d < dimensions; d++) dot += unit[i * dimensions + d]! * unit[j * dimensions + d]!;
    return dot;
  });
}

test('neighbours are the exact cosines of one row at a time, for row counts that four do not divide', () => {
  const random = seededRandom(36);
  const dimensions = 13;
  for (const rows of [3, 9, 22]) {
    const vectors = Float32Array.from({ length: rows * dimensions }, () => random() - 0.5);
    const terms = buildTermMatrix(Array.from({ length: rows }, () => []));
    const index = denseIndex(vectors, dimensions, terms);
    for (let i = 0; i < rows; i++) {
      const expected = plainCosines(vectors, dimensions, i)
        .map((similarity, index) => ({ index, similarity }))
        .filter(({ index }) => index !== i)
        .sort((a, b) => b.similarity - a.similarity || a.index - b.index);
      expect(index.neighbours(i, rows)).toEqual(expected);
    }
  }
});

test('beyond exactRows, neighbours come from candidates scored as brute force scores them, the same at every build', () => {
  // Texts on 40 topics, each of a few of its topic's 12 words and a few of 300 others.
  const random = seededRandom(7);
  const pick = (words: string[], n: number) =>
    Array.from({ length: n }, () => words[Math.floor(random() * words.length)]!);
  const topics = Array.from({ length: 40 }, (_, t) => Array.from({ length: 12 }, (_, w) => `t${t}w${w}`));
  const others = Array.from({ length: 300 }, (_, w) => `o${w}`);
  const tokens = Array.from({ length: 800 }, (_, i) =>
    [...pick(topics[i % 40]!, 6), ...pick(others, 6)].map((term) => ({ term, surface: term })),
  );
  const terms = buildTermMatrix(tokens);
  const dimensions = 24;
  // Dense vectors near their topic's direction for half the texts; the others' are all near one direction
  // and tell them apart by nothing: their neighbours are the texts that share their words.
  const directions = topics.map(() => Array.from({ length: dimensions }, () => random() - 0.5));
  const vectors = Float32Array.from({ length: tokens.length * dimensions }, (_, at) => {
    const [i, d] = [Math.floor(at / dimensions), at % dimensions];
    return i % 2 === 0 ? directions[i % 40]![d]! + 0.6 * (random() - 0.5) : 1 + 0.01 * random();
  });
  const exact = denseIndex(vectors, dimensions, terms, 0.5);
  const approximate = denseIndex(vectors, dimensions, terms, 0.5, 0);
  const again = denseIndex(vectors, dimensions, terms, 0.5, 0);
  let same = 0;
  for (let i = 0; i < tokens.length; i++) {
    const truth = exact.neighbours(i, 3);
    const found = approximate.neighbours(i, 3);
    expect(again.neighbours(i, 3)).toEqual(found);
    // Every neighbour found has its exact score, to the bit.
    const scores = new Map(exact.neighbours(i, tokens.length - 1).map((n) => [n.index, n.similarity]));
    for (const n of found) expect(n.similarity).toBe(scores.get(n.index));
    if (JSON.stringify(found) === JSON.stringify(truth)) same++;
  }
  expect(same / tokens.length).toBeGreaterThan(0.95);
});
