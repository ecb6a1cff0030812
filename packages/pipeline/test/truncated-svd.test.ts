import { Matrix, SingularValueDecomposition } from 'ml-matrix';
import { describe, expect, it } from 'vitest';
import type { TermMatrix } from '../src/graph/semantic/term-matrix.ts';
import { truncatedSvd } from '../src/graph/semantic/truncated-svd.ts';

/**
 * A rows x columns matrix of rank `rank` from seeded factors, with empty rows and columns (a text without
 * terms, a term no kept text uses) so the compressed rows skip entries.
 */
function lowRank(rows: number, columns: number, rank: number): number[][] {
  let state = 7;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31 - 0.5;
  };
  const left = Array.from({ length: rows }, () => Array.from({ length: rank }, random));
  const right = Array.from({ length: rank }, () => Array.from({ length: columns }, random));
  return left.map((row, i) =>
    Array.from({ length: columns }, (_, j) =>
      i % 7 === 0 || j % 9 === 0 ? 0 : row.reduce((sum, value, k) => sum + value * right[k]![j]!, 0),
    ),
  );
}

/** The dense matrix in the compressed rows truncatedSvd reads. */
function compressed(dense: number[][]): TermMatrix {
  const rowStart = [0];
  const columns: number[] = [];
  const weights: number[] = [];
  for (const row of dense) {
    row.forEach((value, column) => {
      if (value === 0) return;
      columns.push(column);
      weights.push(value);
    });
    rowStart.push(columns.length);
  }
  return {
    rows: dense.length,
    display: dense[0]!.map((_, column) => `term${column}`),
    rowStart: Int32Array.from(rowStart),
    columns: Int32Array.from(columns),
    weights: Float64Array.from(weights),
  };
}

/** Column `k` of a row-major n x rank block. */
const column = (block: Float64Array, rank: number, k: number) =>
  Array.from({ length: block.length / rank }, (_, i) => block[i * rank + k]!);
const dot = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * b[i]!, 0);

describe('the truncated SVD of a sparse matrix', () => {
  // The rank asked for (6) is within the range finder's width (16): its answer is exact.
  const dense = lowRank(70, 45, 6);
  const exact = new SingularValueDecomposition(new Matrix(dense)).diagonal;

  it('gives the largest singular values and orthonormal left singular vectors: A A^T u = s^2 u', () => {
    const rank = 6;
    const svd = truncatedSvd(compressed(dense), rank);
    expect(svd.rank).toBe(rank);
    expect(svd.u.length).toBe(70 * rank);
    svd.singularValues.forEach((value, k) => expect(value).toBeCloseTo(exact[k]!, 9));
    const u = Array.from({ length: rank }, (_, k) => column(svd.u, rank, k));
    for (let a = 0; a < rank; a++) {
      for (let b = 0; b < rank; b++) expect(dot(u[a]!, u[b]!)).toBeCloseTo(a === b ? 1 : 0, 9);
    }
    // A^T u_k (one entry per term), then A of that: s_k^2 u_k, row by row.
    u.forEach((uk, k) => {
      const transposed = dense[0]!.map((_, j) => dense.reduce((sum, row, i) => sum + row[j]! * uk[i]!, 0));
      const s2 = svd.singularValues[k]! ** 2;
      dense.forEach((row, i) => expect(dot(row, transposed)).toBeCloseTo(s2 * uk[i]!, 9));
    });
  });

  it('is the same for the same seed, and repeats exactly', () => {
    const a = truncatedSvd(compressed(dense), 6, { seed: 3 });
    const b = truncatedSvd(compressed(dense), 6, { seed: 3 });
    expect(Array.from(a.u)).toEqual(Array.from(b.u));
    expect(a.singularValues).toEqual(b.singularValues);
  });
});
