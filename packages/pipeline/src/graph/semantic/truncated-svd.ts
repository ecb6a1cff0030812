import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import type { TermMatrix } from './term-matrix.ts';

export interface TruncatedSvd {
  rank: number;
  /** The left singular vectors, n x rank, row-major: one row per text (the terms' side is not needed). */
  u: Float64Array;
  /** Largest first. */
  singularValues: number[];
}

export interface SvdOptions {
  /** Extra random directions beyond the rank, for accuracy. */
  oversample?: number;
  /** Power iterations sharpen the spectrum of a slowly decaying matrix like TF-IDF. */
  powerIterations?: number;
  seed?: number;
}

/**
 * The rank-k SVD of a sparse matrix by a randomized range finder (Halko, Martinsson & Tropp 2011,
 * algorithms 4.4 and 5.1): sample the range of A with a seeded Gaussian matrix, sharpen it with power
 * iterations, then decompose the small projected matrix exactly. The n x l and m x l blocks are typed
 * arrays; the l x l core goes to ml-matrix.
 */
export function truncatedSvd(a: TermMatrix, rank: number, options: SvdOptions = {}): TruncatedSvd {
  const { oversample = 10, powerIterations = 2, seed = 1 } = options;
  const n = a.rows;
  const m = a.display.length;
  const width = Math.min(rank + oversample, n, m);
  rank = Math.min(rank, width);

  let q = orthonormalise(times(a, gaussian(m * width, seed), width), n, width);
  for (let i = 0; i < powerIterations; i++) {
    const z = orthonormalise(transposeTimes(a, q, width), m, width);
    q = orthonormalise(times(a, z, width), n, width);
  }
  // B = Q^T A (width x m) = U' S V^T. B B^T = Z^T Z with Z = A^T Q gives U' and S; then U = Q U'.
  const z = transposeTimes(a, q, width);
  const eigen = new EigenvalueDecomposition(Matrix.from1DArray(width, width, gram(z, m, width)), {
    assumeSymmetric: true,
  });
  const top = eigen.realEigenvalues
    .map((value, index) => ({ value, index }))
    .sort((x, y) => y.value - x.value)
    .slice(0, rank);
  const singularValues = top.map(({ value }) => Math.sqrt(Math.max(value, 0)));
  const core = eigen.eigenvectorMatrix.to1DArray();
  const columns = top.map(({ index }) => index);
  return { rank, u: timesColumns(q, n, width, core, columns), singularValues };
}

/**
 * Z^T Z (width x width, row-major) for z of rows x width, row-major: each entry summed over the rows in
 * order, as ml-matrix's product of the transpose sums it (the same numbers, bit for bit), reading z once,
 * row by row, and the upper half only (the lower is the same sums).
 */
function gram(z: Float64Array, rows: number, width: number): Float64Array {
  const out = new Float64Array(width * width);
  for (let row = 0; row < rows; row++) {
    const base = row * width;
    for (let i = 0; i < width; i++) {
      const zi = z[base + i]!;
      const o = i * width;
      for (let j = i; j < width; j++) out[o + j]! += zi * z[base + j]!;
    }
  }
  for (let i = 0; i < width; i++) for (let j = 0; j < i; j++) out[i * width + j] = out[j * width + i]!;
  return out;
}

/** x (rows x width) times the chosen columns of the width x width matrix `core`, row-major. */
function timesColumns(x: Float64Array, rows: number, width: number, core: number[], columns: number[]) {
  // The chosen columns laid out one after another, so both factors are read in order.
  const chosen = new Float64Array(columns.length * width);
  columns.forEach((column, k) => {
    for (let j = 0; j < width; j++) chosen[k * width + j] = core[j * width + column]!;
  });
  const out = new Float64Array(rows * columns.length);
  for (let row = 0; row < rows; row++) {
    const x0 = row * width;
    for (let k = 0; k < columns.length; k++) {
      const c0 = k * width;
      let sum = 0;
      for (let j = 0; j < width; j++) sum += x[x0 + j]! * chosen[c0 + j]!;
      out[row * columns.length + k] = sum;
    }
  }
  return out;
}

/** A x (n x width), for x of m x width, row-major. */
function times(a: TermMatrix, x: Float64Array, width: number): Float64Array {
  const out = new Float64Array(a.rows * width);
  for (let row = 0; row < a.rows; row++) {
    const o = row * width;
    for (let e = a.rowStart[row]!; e < a.rowStart[row + 1]!; e++) {
      const w = a.weights[e]!;
      const x0 = a.columns[e]! * width;
      for (let j = 0; j < width; j++) out[o + j]! += w * x[x0 + j]!;
    }
  }
  return out;
}

/** A^T y (m x width), for y of n x width, row-major. */
function transposeTimes(a: TermMatrix, y: Float64Array, width: number): Float64Array {
  const out = new Float64Array(a.display.length * width);
  for (let row = 0; row < a.rows; row++) {
    const y0 = row * width;
    for (let e = a.rowStart[row]!; e < a.rowStart[row + 1]!; e++) {
      const w = a.weights[e]!;
      const o = a.columns[e]! * width;
      for (let j = 0; j < width; j++) out[o + j]! += w * y[y0 + j]!;
    }
  }
  return out;
}

/**
 * An orthonormal basis of x's columns (n x width, row-major) by modified Gram-Schmidt, accurate enough
 * for a range finder. Hand-written over typed arrays: ml-matrix's Householder QR takes over a second on a
 * 3,000 x 160 block, this about a tenth of that. Dependent columns become zero.
 */
function orthonormalise(x: Float64Array, rows: number, width: number): Float64Array {
  const columns = Array.from({ length: width }, (_, j) => {
    const column = new Float64Array(rows);
    for (let i = 0; i < rows; i++) column[i] = x[i * width + j]!;
    return column;
  });
  columns.forEach((column, j) => {
    const norm0 = Math.sqrt(dot(column, column));
    // Each projection taken out in the pass that finds the next one (the same sums, one read fewer); the
    // last pass finds the column's own squared norm.
    let projection = j > 0 ? dot(column, columns[0]!) : 0;
    for (let p = 0; p < j; p++) {
      const previous = columns[p]!;
      const next = p + 1 < j ? columns[p + 1]! : column;
      let sum = 0;
      for (let i = 0; i < rows; i++) {
        const value = column[i]! - projection * previous[i]!;
        column[i] = value;
        sum += value * next[i]!;
      }
      projection = sum;
    }
    const norm = Math.sqrt(j > 0 ? projection : dot(column, column));
    const scale = norm > 1e-10 * norm0 && norm > 0 ? 1 / norm : 0;
    for (let i = 0; i < rows; i++) column[i]! *= scale;
  });
  const q = new Float64Array(rows * width);
  columns.forEach((column, j) => column.forEach((value, i) => (q[i * width + j] = value)));
  return q;
}

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

/** Standard normal samples from a seeded generator (mulberry32 and Box-Muller), so results repeat. */
function gaussian(count: number, seed: number): Float64Array {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296;
  };
  const out = new Float64Array(count);
  for (let i = 0; i < count; i += 2) {
    const radius = Math.sqrt(-2 * Math.log(uniform()));
    const angle = 2 * Math.PI * uniform();
    out[i] = radius * Math.cos(angle);
    if (i + 1 < count) out[i + 1] = radius * Math.sin(angle);
  }
  return out;
}
