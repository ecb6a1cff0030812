/**
 * Displays: formulas (with their scripts set on lines of their own), which belong to the paragraph around
 * them, and displayed prose (a quoted statement, a centred argument), which is a paragraph of its own.
 */
import { isBlank } from '../lines.ts';
import type { BodyMetrics, Line } from '../types.ts';
import type { LineKind } from './line-kinds.ts';
import { LIST_LABEL } from './openings.ts';

/** Characters of a formula: an aligned block containing them is display math (a matrix, a system), not a table. */
export const MATH_SIGNS = /[=<>≤≥≠≡≅∼≈∈∉⊂⊆⊃⊇|()[\]{}⟨⟩]/;

/** Relations: a line with one beside an aligned block makes the block part of a formula ("H = ..."). */
export const RELATIONS = /[=<>≤≥≠≡≅∼≈∈∉⊂⊆⊃⊇]/;

/** Signs only math writes: relations, operators, big operators. */
const OPERATOR_SIGNS = /[=<>≤≥≠≡≅∼≈∈∉⊂⊆⊃⊇+−×·∑∏∫∮∧∨⊗⊕∪∩∂∇√→↦]/;

/** Names of functions set in a formula, which are not words of a sentence. */
export const OPERATOR_NAMES = /\b(?:sin|cos|tan|log|exp|lim|max|min|det)\b/g;

/** A line of a formula, not of words: a relation, and no run of four letters outside operator names. */
export function isFormula(text: string): boolean {
  return RELATIONS.test(text) && !hasWord(text, 4);
}

/**
 * Whether a text holds a run of `letters` letters or more outside operator names. An accent set as a letter
 * of its own ("Aˆ", a modifier letter) separates the symbols it sits between.
 */
function hasWord(text: string, letters: 3 | 4): boolean {
  const bare = text.replace(OPERATOR_NAMES, '').replace(/\p{Lm}/gu, ' ');
  return (letters === 3 ? /\p{L}{3,}/u : /\p{L}{4,}/u).test(bare);
}

/**
 * A line of a formula: isFormula, or, set in from the margin (`x` from it) as a display is, a relation with
 * no word of four letters in the text's own face (math italic runs of indices, "Bkle1" for B_kl e_1, are
 * not words; a theorem's statement in italics at the margin is).
 */
export function isFormulaLine(line: Line, body: BodyMetrics, x: number): boolean {
  if (isFormula(line.text)) return true;
  if (x < 0.5 * body.size || LIST_LABEL.test(line.text) || !RELATIONS.test(line.text)) return false;
  const inTextFace = line.runs
    .filter((r) => r.font === body.font)
    .map((r) => r.str)
    .join(' ');
  return !hasWord(inTextFace, 4);
}

/**
 * A line of math signs and symbols without a word: part of a display set on a line of its own (a big
 * operator with its limits, "∧n" above "xn = ...").
 */
export function isMathOnly(text: string): boolean {
  return OPERATOR_SIGNS.test(text) && !hasWord(text, 3);
}

/**
 * A line opening with a script (the lower limit "i=1" of a sum whose sign went to the line above): no
 * paragraph opens so, whatever its indent looks like.
 */
export function opensWithScript(line: Line, body: BodyMetrics): boolean {
  const first = line.runs.find((r) => !isBlank(r.str));
  return first !== undefined && first.size < 0.85 * body.size && line.size >= 0.85 * body.size;
}

/** A line of scripts only: no word, set smaller than the text (indices, exponents, primes, stars). */
export function isScriptLine(line: Line, body: BodyMetrics): boolean {
  return line.size < 0.85 * body.size && !/\p{L}{2,}/u.test(line.text);
}

/**
 * Displayed prose: a line set off like a display but made of words (a quoted statement, a question posed in
 * a box), not a formula. It is a paragraph of its own, unlike display math, which belongs to its paragraph.
 */
export function isDisplayedProse(text: string): boolean {
  // Words of four letters or more: operator names (sin, cos, log, gcd, ...) are shorter.
  const words = text.match(/\p{L}{4,}/gu) ?? [];
  const visible = text.replace(/\s/g, '');
  const letters = visible.match(/\p{L}/gu)?.length ?? 0;
  return words.length >= 3 && letters >= 0.75 * visible.length;
}

/**
 * Displayed prose is judged per set-off block, not per line: a centred argument of short lines ("All men
 * are mortal." / "Socrates is a man." / "Therefore, Socrates is mortal.") is words as a whole even when one
 * line alone is too short to tell. A block is a run of display lines (not table rows) one below the other
 * at about the line spacing. Returns, per line, whether its block is displayed prose.
 */
export function displayedProseLines(
  lines: Line[],
  kinds: LineKind[],
  tables: boolean[],
  body: BodyMetrics,
): boolean[] {
  const out = lines.map(() => false);
  const inBlock = (k: number) => kinds[k] === 'display' && !tables[k];
  for (let i = 0; i < lines.length;) {
    if (!inBlock(i)) {
      i++;
      continue;
    }
    let j = i;
    while (
      j + 1 < lines.length &&
      inBlock(j + 1) &&
      lines[j + 1]!.baseline - lines[j]!.baseline > 0 &&
      lines[j + 1]!.baseline - lines[j]!.baseline < 1.6 * body.lineSpacing
    )
      j++;
    const text = lines
      .slice(i, j + 1)
      .map((l) => l.text)
      .join(' ');
    if (isDisplayedProse(text)) for (let k = i; k <= j; k++) out[k] = true;
    i = j + 1;
  }
  return out;
}
