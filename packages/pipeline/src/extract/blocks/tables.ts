/** Table rows: set-off lines whose cells align in columns, and which are no formula. */
import { isBlank } from '../lines.ts';
import type { BodyMetrics, Line } from '../types.ts';
import { MATH_SIGNS, RELATIONS } from './displays.ts';
import type { LineKind } from './line-kinds.ts';
import { LIST_LABEL } from './openings.ts';

/**
 * The cells of a line: its runs split where the gap between them is wider than a word space (one em). A
 * table row has two or more.
 */
function tableCells(line: Line, em: number): number {
  return cellStarts(line, em).length;
}

/** Where each cell of a line starts (see tableCells). */
function cellStarts(line: Line, em: number): number[] {
  const runs = line.runs.filter((r) => !isBlank(r.str)).sort((a, b) => a.x - b.x);
  const starts: number[] = [];
  runs.forEach((run, i) => {
    const prev = runs[i - 1];
    if (!prev || run.x - (prev.x + prev.width) > em) starts.push(run.x);
  });
  return starts;
}

/** How many of one line's cells start where another line's do (half an em apart at most). */
function sharedColumns(a: Line, b: Line): number {
  const bStarts = cellStarts(b, b.size);
  return cellStarts(a, a.size).filter((x) => bStarts.some((y) => Math.abs(x - y) <= 0.5 * a.size)).length;
}

/** Rows of words a table has at least, counted without its head, when nothing sets it off but its columns. */
const ALIGNED_ROWS = 3;

/**
 * Tables set off by their columns alone, at the text's own indent or a little in (a truth table in a
 * Sphinx book, a table of figures in a small face): three lines or more, one under the other at about the
 * line spacing, each of two cells or more and no formula signs (tuples displayed in a paragraph are its
 * own), every two lines with two columns starting at the same place; the line over them with cells in
 * those columns is their head, formula signs and all ("time mean st.dev. u(t; I = a = 1)"). Lines of code
 * are a listing's, not a table's.
 */
function alignedTables(lines: Line[], kinds: LineKind[], body: BodyMetrics): boolean[] {
  // Cells are set apart by more than a word space of the table's own face, which may be smaller.
  // An item's label set apart from its text ("1.   What do relations ...") makes no column.
  const cells = lines.map(
    (l, i) =>
      kinds[i] !== 'heading' &&
      !l.mono &&
      !MATH_SIGNS.test(l.text) &&
      !LIST_LABEL.test(l.text) &&
      tableCells(l, l.size) >= 2,
  );
  const under = (j: number) =>
    lines[j + 1]!.baseline - lines[j]!.baseline > 0 &&
    lines[j + 1]!.baseline - lines[j]!.baseline < 1.6 * body.lineSpacing &&
    sharedColumns(lines[j]!, lines[j + 1]!) >= 2;
  const out = lines.map(() => false);
  for (let i = 0; i < lines.length;) {
    let j = i;
    while (cells[j] && j + 1 < lines.length && cells[j + 1] && under(j)) j++;
    if (cells[i] && j - i + 1 >= ALIGNED_ROWS && !besideMath(lines, kinds, i, j, body)) {
      for (let k = i; k <= j; k++) out[k] = true;
      const head = i - 1;
      if (
        head >= 0 &&
        kinds[head] !== 'heading' &&
        !lines[head]!.mono &&
        tableCells(lines[head]!, lines[head]!.size) >= 2 &&
        under(head)
      )
        out[head] = true;
    }
    i = j + 1;
  }
  return out;
}

/**
 * Tables: runs of two or more set-off (display) lines, one below the other at about the line spacing, whose
 * cells align in two or more columns (gaps wider than a word space) and which carry no formula signs, so
 * that they are not a matrix or an aligned system inside a math display (those belong to their paragraph).
 * A table is a block of its own: it ends the paragraph before it, and the text after it starts afresh.
 * Returns, per line, whether it is a table row.
 */
export function tableRows(lines: Line[], kinds: LineKind[], body: BodyMetrics, examples = false): boolean[] {
  const row = lines.map(
    (l, i) => kinds[i] === 'display' && !MATH_SIGNS.test(l.text) && tableCells(l, body.size) >= 2,
  );
  const out = lines.map(() => false);
  for (let i = 0; i < lines.length;) {
    let j = i;
    while (
      row[j] &&
      j + 1 < lines.length &&
      row[j + 1] &&
      lines[j + 1]!.baseline - lines[j]!.baseline > 0 &&
      lines[j + 1]!.baseline - lines[j]!.baseline < 1.6 * body.lineSpacing &&
      lines[j + 1]!.x0 < lines[j]!.x1 &&
      lines[j]!.x0 < lines[j + 1]!.x1
    )
      j++;
    if (row[i] && j > i && !besideMath(lines, kinds, i, j, body)) for (let k = i; k <= j; k++) out[k] = true;
    i = j + 1;
  }
  // A numbered example's words and glosses are aligned word by word, and are no table.
  if (examples) return out;
  const aligned = alignedTables(lines, kinds, body);
  return out.map((table, i) => table || aligned[i]!);
}

/**
 * Whether the aligned block lines[i..j] sits inside a math display: a display line right above or below it
 * (within a line spacing) carries a relation ("p(x) = det", "H =") or only delimiter pieces (the glyphs
 * of tall brackets, which have no text), or a row holds an ellipsis (matrix rows "α1 α2 · · · αn").
 */
function besideMath(lines: Line[], kinds: LineKind[], i: number, j: number, body: BodyMetrics): boolean {
  for (let k = i; k <= j; k++) if (/·\s*·\s*·|…|⋯/.test(lines[k]!.text)) return true;
  const near = (k: number, a: number, b: number) =>
    k >= 0 &&
    k < lines.length &&
    kinds[k] === 'display' &&
    Math.abs(lines[a]!.baseline - lines[b]!.baseline) < 1.6 * body.lineSpacing &&
    (RELATIONS.test(lines[k]!.text) || isBlank(lines[k]!.text));
  return near(i - 1, i - 1, i) || near(j + 1, j, j + 1);
}
