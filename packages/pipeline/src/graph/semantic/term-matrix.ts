import { pluralMerges, type Token } from './tokenise.ts';

/**
 * A book's paragraphs as TF-IDF vectors over its terms: a sparse matrix in compressed rows (CSR), one row
 * per text, columns sorted, each row of unit length (an empty row stays empty).
 */
export interface TermMatrix {
  rows: number;
  /** Per column, the surface form a student recognises: the term's most frequent spelling in the book. */
  display: string[];
  rowStart: Int32Array;
  columns: Int32Array;
  weights: Float64Array;
}

export interface TermWeighting {
  /** Merge plurals the lemmatiser does not know into their singular when the book uses both. */
  mergePlurals?: boolean;
  /** Keep a term only if at least this many texts use it (a term of one text links nothing). */
  minTexts?: number;
  /** Drop terms used by more than this fraction of the texts (they say nothing about a topic). */
  maxTextFraction?: number;
}

/** Sublinear tf (1 + log tf), smoothed idf (log((1 + n) / (1 + df)) + 1), rows L2-normalised. */
export function buildTermMatrix(tokensPerText: Token[][], weighting: TermWeighting = {}): TermMatrix {
  const { mergePlurals = false, minTexts = 2, maxTextFraction = 0.5 } = weighting;
  const rows = tokensPerText.length;
  const merge = mergePlurals
    ? pluralMerges(tokensPerText.flatMap((tokens) => tokens.map((t) => t.term)))
    : new Map<string, string>();
  const termOf = (token: Token) => merge.get(token.term) ?? token.term;

  const counts = tokensPerText.map((tokens) => {
    const tf = new Map<string, number>();
    for (const token of tokens) tf.set(termOf(token), (tf.get(termOf(token)) ?? 0) + 1);
    return tf;
  });
  const textCount = new Map<string, number>();
  for (const tf of counts) for (const term of tf.keys()) textCount.set(term, (textCount.get(term) ?? 0) + 1);

  const kept = [...textCount]
    .filter(([, df]) => df >= minTexts && df <= maxTextFraction * rows)
    .map(([term]) => term)
    .sort();
  const column = new Map(kept.map((term, index) => [term, index]));
  const idf = kept.map((term) => Math.log((1 + rows) / (1 + textCount.get(term)!)) + 1);

  const rowStart = new Int32Array(rows + 1);
  const columns: number[] = [];
  const weights: number[] = [];
  counts.forEach((tf, row) => {
    const entries = [...tf]
      .map(([term, n]) => [column.get(term), n] as const)
      .filter((entry): entry is readonly [number, number] => entry[0] !== undefined)
      .sort((a, b) => a[0] - b[0]);
    const values = entries.map(([col, n]) => (1 + Math.log(n)) * idf[col]!);
    const norm = Math.hypot(...values) || 1;
    entries.forEach(([col], e) => {
      columns.push(col);
      weights.push(values[e]! / norm);
    });
    rowStart[row + 1] = columns.length;
  });

  return {
    rows,
    display: displayForms(tokensPerText, termOf, column, kept.length),
    rowStart,
    columns: Int32Array.from(columns),
    weights: Float64Array.from(weights),
  };
}

/** Per column, the spelling of the term the book uses most ("cosets" over "Cosets", "Lagrange"). */
function displayForms(
  tokensPerText: Token[][],
  termOf: (token: Token) => string,
  column: Map<string, number>,
  columnCount: number,
): string[] {
  const spellings = Array.from({ length: columnCount }, () => new Map<string, number>());
  for (const tokens of tokensPerText) {
    for (const token of tokens) {
      const col = column.get(termOf(token));
      if (col !== undefined)
        spellings[col]!.set(token.surface, (spellings[col]!.get(token.surface) ?? 0) + 1);
    }
  }
  return spellings.map((counts) => [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0]);
}

/** The terms that weigh most in both rows (by the product of their weights), best first, as displayed. */
export function sharedTerms(matrix: TermMatrix, i: number, j: number, n: number): string[] {
  const shared: { column: number; weight: number }[] = [];
  forSharedTerms(matrix, i, j, (column, a, b) => shared.push({ column, weight: a * b }));
  return shared
    .sort((x, y) => y.weight - x.weight || x.column - y.column)
    .slice(0, n)
    .map(({ column }) => matrix.display[column]!);
}

/** Each term rows i and j both have, in column order, with its weight in each. */
export function forSharedTerms(
  matrix: TermMatrix,
  i: number,
  j: number,
  visit: (column: number, weightInI: number, weightInJ: number) => void,
): void {
  let a = matrix.rowStart[i]!;
  let b = matrix.rowStart[j]!;
  const aEnd = matrix.rowStart[i + 1]!;
  const bEnd = matrix.rowStart[j + 1]!;
  while (a < aEnd && b < bEnd) {
    const ca = matrix.columns[a]!;
    const cb = matrix.columns[b]!;
    if (ca === cb) visit(ca, matrix.weights[a++]!, matrix.weights[b++]!);
    else if (ca < cb) a++;
    else b++;
  }
}
