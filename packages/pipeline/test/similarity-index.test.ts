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
