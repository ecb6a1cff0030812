/**
 * Groups reading-ordered lines into headings and paragraphs. A paragraph starts at a first-line indent, a
 * list label, a theorem-like lead-in ("Theorem 3.4", "Proof."), a wide vertical gap, a change of font size,
 * or after a short line that ends a sentence. Display lines (centred or deeply indented: equations, arrays)
 * stay in the paragraph around them, and unindented text after a display continues it, as in TeX sources.
 */
import { isFigureText } from '../figure-text.ts';
import { EXAMPLE_NUMBER, exampleNumber, numbersExamples } from '../numbered-examples.ts';
import { sideOf, type Gutter } from './columns.ts';
import { isBlank } from './lines.ts';
import { isBodySize, PARAGRAPH_SPACE, pageMargins, type PageMargins } from './metrics.ts';
import { joinLines, tidyParagraph } from './text.ts';
import type { BlockKind } from '@threadbook/book';
import type { Block, BodyMetrics, Line } from './types.ts';

/** Lines this much larger than body text are headings. */
const HEADING_RATIO = 1.06;

// A centred dot is a bullet only when not the first of a math ellipsis ("· · · + n" at a line start).
const LIST_LABEL = /^(?:[•◦▪▸‣∙–—*]|·(?!\s·)|\(?(?:\d{1,3}|[a-z]|[ivx]{1,4})[.)]|\d+(?:\.\d+)+\.)\s/;
/** The words that open a theorem-like block. */
const LEAD_IN_WORDS =
  '(?:Theorem|Lemma|Proposition|Corollary|Definition|Example|Exercise|Problem|Remark|Note|Proof|Solution|Hint|Answer|Algorithm|Conjecture|Claim|Fact|Observation|Activity|Question|Investigate|Historical Note|Sage|Notation|Assumption|Axiom|Property|Postulate|Principle|Statement)';
// The label may be a number ("Theorem 3.2"), letters with a number ("Definition V1:", "Theorem A.") or nothing.
const LEAD_IN = new RegExp(
  `^${LEAD_IN_WORDS}\\b\\s*(?:\\d+(?:\\.\\d+)*|\\p{Lu}{1,2}\\d{0,2}[.:]|[.:!(])`,
  'u',
);
/** A theorem-like label and nothing else ("Exercise 4", "Theorem 3.2."). */
const LABEL_ALONE = new RegExp(`^${LEAD_IN_WORDS}\\s+\\d+(?:\\.\\d+)*\\.?$`, 'u');
/** A caption's opening: "Figure 3.7 Symmetries of ...", "Table 8.5:", or the number alone ("Figure 12.25"). */
const CAPTION = /^(?:Figure|Fig\.|Table|Tab\.|Listing)\s+\d+(?:\.\d+)*[.:]?(?:\s|$)/;
/** A caption's label closed by a colon ("Figure 3.1: ..."), which running text never writes. */
const CAPTION_COLON = /^(?:Figure|Fig\.|Table|Tab\.|Listing)\s+\d+(?:\.\d+)*:/;
/**
 * A formal object's title as DocBook and Sphinx set it, above the object in a heading's type: a label
 * with its number closed by a stop or colon, then the title ("Figure 4.1. The Operating System", "Example
 * 1.2. Abstraction in include/linux/virtio.h"). A caption, not a heading of the book.
 */
const FORMAL_TITLE = /^(?:Figure|Fig\.|Table|Tab\.|Listing|Example)\s+\d+(?:\.\d+)*[.:]\s+\S/;

/** An item's number of several levels, as aata sets each answer's label on a line above its hint: "8.6.3.". */
const ITEM_NUMBER = /^\d+(?:\.\d+)+\.$/;

/** Whether a line's (or block's) whole text is an item's number ("8.6.3."). */
export function isItemNumber(text: string): boolean {
  return ITEM_NUMBER.test(text);
}

/** A description item's label: a few words, perhaps numbered, closed by a colon ("Third step:", "Spread:", "Step 2:"). */
const DESCRIPTION_LABEL = /^\p{Lu}[\p{L}’' -]{0,30}(?: \d{1,2})?:\s/u;

/** A heading's own section number ("3.2 ", "3.1.7 "). */
const SECTION_NUMBER = /^\d{1,2}\.\d{1,2}(?:\.\d{1,2})*\s/;

/** Text that goes on with a sentence: it opens with a lower-case word ("where", "and", "which"). */
const CONTINUATION = /^\p{Ll}{2,}\b/u;
/** A footnote's opening: its mark (a number or a symbol) before the note's first word. */
const FOOTNOTE_MARK = /^(?:\(?\d{1,2}\)?|[*∗†‡§¶])\s*\S/;

/** The end of a sentence or of a clause that a new line may follow: a stop, a colon or a semicolon. */
const CLAUSE_END = /[.:;?!]["”’)]?$/;

/** An equation's number closing its line: "(1.4)", "(3)", "(2.1a)". */
const EQUATION_TAG = /\s\(\d{1,2}(?:\.\d{1,3}){0,2}[a-z]?\)$/;

export type LineKind = 'heading' | 'display' | 'text' | 'quote' | 'table';

export interface PageFlow {
  page: number;
  height: number;
  lines: Line[];
  /** The gutter of a page set in two columns. */
  gutter?: Gutter | null;
}

/** Each line's text margins: those of its column on a page in two columns, else the page's. */
function lineMargins(flow: PageFlow, body: BodyMetrics): PageMargins[] {
  const page = pageMargins(flow.lines, body);
  const g = flow.gutter;
  if (!g) return flow.lines.map(() => page);
  const left = pageMargins(
    flow.lines.filter((l) => sideOf(l, g) === 'left'),
    body,
  );
  const right = pageMargins(
    flow.lines.filter((l) => sideOf(l, g) === 'right'),
    body,
  );
  return flow.lines.map((l) => {
    const side = sideOf(l, g);
    return side === 'left' ? left : side === 'right' ? right : page;
  });
}

/** The word alone that a chapter's heading opens with on a line of its own ("CHAPTER", then "FOUR"). */
const UNIT_WORD = /^(?:chapter|part|appendix)$/i;

/**
 * A line that closes a bracket it does not open ("sysdeps/ia64/dl-machine.h)"): the wrapped end of a
 * title or caption begun on the line before, never a heading of its own.
 */
const CLOSES_BRACKET = /^[^(]*\)\s*$/;

export function classifyLine(line: Line, margins: PageMargins, body: BodyMetrics): LineKind {
  if (line.size >= HEADING_RATIO * body.size && /[\p{L}\p{N}]/u.test(line.text)) {
    return FORMAL_TITLE.test(line.text) || CLOSES_BRACKET.test(line.text) ? 'text' : 'heading';
  }
  if (UNIT_WORD.test(line.text.trim())) return 'heading';
  if (LIST_LABEL.test(line.text)) return 'text';
  // A numbered equation is a display however wide it is: in a narrow column it fills the line.
  const tag = EQUATION_TAG.exec(line.text);
  if (tag && isFormula(line.text.slice(0, tag.index))) return 'display';
  const em = body.size;
  const before = line.x0 - margins.left;
  const after = margins.right - line.x1;
  if (before > 4.5 * em) return 'display';
  if (before > 2 * em && after > 2 * em && Math.abs(before - after) < 3 * em) return 'display';
  return 'text';
}

/**
 * The kinds with the last line of a set-in item read as text: a short line of words that starts where the
 * line above it starts, at the line spacing, only looks centred.
 */
function withItemLines(lines: Line[], kinds: LineKind[], body: BodyMetrics): LineKind[] {
  return kinds.map((kind, i) => {
    const line = lines[i]!;
    const above = lines[i - 1];
    const goesOn =
      kind === 'display' &&
      kinds[i - 1] === 'text' &&
      above !== undefined &&
      Math.abs(line.x0 - above.x0) < 0.3 * body.size &&
      line.baseline - above.baseline > 0 &&
      line.baseline - above.baseline < 1.2 * body.lineSpacing &&
      isDisplayedProse(line.text);
    return goesOn ? 'text' : kind;
  });
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

export function startsParagraph(text: string, afterSentence = true): boolean {
  return (LIST_LABEL.test(text) && (afterSentence || !isWeakLabel(text))) || LEAD_IN.test(text);
}

/**
 * Whether a line's lead-in word is set in a heading face: a font other than the body font, or larger. A
 * theorem-like lead-in is typeset as a heading ("**Example 2.3**", "*Proof.*"); "Example:" in the body
 * font is running text (a remark inside a box), not the start of a new block.
 */
export function leadInSetOff(line: Line, body: BodyMetrics): boolean {
  const first = line.runs.find((r) => !isBlank(r.str));
  return !!first && (first.font !== body.font || first.size >= HEADING_RATIO * body.size);
}

/** A line opening with a capitalised word in a face of its own (a description item's bold label), not with math. */
function opensWithWordSetOff(line: Line, body: BodyMetrics): boolean {
  const first = line.runs.find((r) => !isBlank(r.str));
  return !!first && !first.mono && first.font !== body.font && /^\p{Lu}\p{Ll}+/u.test(first.str.trim());
}

/** A run-in title: a few words closed by a period ("Locating test functions.", "The forward difference."). */
const RUN_IN_TITLE = /^\p{Lu}[\p{L}\p{N}’'(),\- ]{0,48}\.$/u;

/**
 * A line that opens with a run-in title set in a face of its own (bold, as LaTeX's \paragraph sets it),
 * with the paragraph's text after it in the body face.
 */
function opensWithRunInTitle(line: Line, body: BodyMetrics): boolean {
  const first = line.runs.find((r) => !isBlank(r.str));
  if (!first || first.mono || first.font === body.font) return false;
  let title = '';
  for (const r of line.runs) {
    if (!isBlank(r.str) && r.font !== first.font) break;
    title += r.str;
  }
  title = title.trim();
  return RUN_IN_TITLE.test(title) && line.text.length > title.length + 2;
}

/**
 * startsParagraph for a laid-out line: a lead-in counts in a heading face, or in the body font when the line
 * starts at the paragraph indent (an indented "Note: ..." is a paragraph's first line).
 */
export function lineStartsParagraph(
  line: Line,
  body: BodyMetrics,
  afterSentence = true,
  left = Number.NaN,
): boolean {
  // A dash at the text's margin mid-sentence is the sentence's own ("in passing / – see Sections 1.3"): a
  // list sets its dashes in.
  const dashAtMargin = /^[–—]\s/.test(line.text) && line.x0 - left < 0.5 * body.size;
  if (LIST_LABEL.test(line.text) && (afterSentence || (!isWeakLabel(line.text) && !dashAtMargin)))
    return true;
  if (isItemNumber(line.text)) return true;
  // A description item: its label set off in bold and closed by a colon ("Third step: The sample ...").
  if (afterSentence && DESCRIPTION_LABEL.test(line.text) && leadInSetOff(line, body)) return true;
  if (afterSentence && opensWithRunInTitle(line, body)) return true;
  const atIndent = body.indent > 0.5 * body.size && Math.abs(line.x0 - left - body.indent) < 0.3 * body.size;
  return LEAD_IN.test(line.text) && (atIndent || leadInSetOff(line, body));
}

/**
 * A line's text without a trailing footnote mark ("needed.4" when the page has footnote 4), so the sentence
 * end before the mark still counts.
 */
export function proseEnd(line: Line, footnoteMarks: ReadonlySet<string>): string {
  const m = /[.!?:]["”’)]?(\d{1,2}|[*†‡§])$/.exec(line.text);
  return m && footnoteMarks.has(m[1]!) ? line.text.slice(0, -m[1]!.length) : line.text;
}

/** The mark a proof ends with: a box, or the word as some classes print it. */
const PROOF_END = /(?:\bqed|Q\.E\.D\.|[□∎■])$/;

/** The marks ("4", "*") that open the footnotes of a page. */
function footnoteMarks(noteLines: Line[]): Set<string> {
  const marks = new Set<string>();
  for (const l of noteLines) {
    const m = /^(\d{1,2}|[*†‡§])\s*\p{L}/u.exec(l.text);
    if (m) marks.add(m[1]!);
  }
  return marks;
}

/**
 * A caption's first line: "Figure 3.7" in a heading face (bold) or in smaller type, as book classes set
 * captions, or with its label closed by a colon ("Figure 3.1: ..."). Running text that wraps to a line
 * starting "Figure 3.7 shows" is in the body font and size. A caption is a paragraph of its own:
 * the text a student reads for a figure or table, and what a reference to it points at.
 */
export function isCaptionLine(line: Line, body: BodyMetrics): boolean {
  if (FORMAL_TITLE.test(line.text) && line.size >= HEADING_RATIO * body.size) return true;
  if (!CAPTION.test(line.text)) return false;
  return leadInSetOff(line, body) || CAPTION_COLON.test(line.text) || line.size < 0.95 * body.size;
}

/** For a line starting with a list label, the x where the item's text starts (its hanging indent). */
export function hangingIndent(line: Line): number | null {
  const m = LIST_LABEL.exec(line.text);
  if (!m) return null;
  const labelChars = m[0].replace(/\s/g, '').length;
  let seen = 0;
  for (const r of line.runs) {
    const chars = r.str.replace(/\s/g, '').length;
    if (chars === 0) continue;
    if (seen === labelChars) return r.x;
    if (seen > labelChars) return null; // the label shares a run with the text: its end is unknown
    seen += chars;
  }
  return null;
}

const ORDINAL_LABEL = /^\(?(\d{1,3}|[a-z])[.)]\s/;

/** Whether `next` opens with the label after the one `previous` opens with ("2." after "1.", "(c)" after "(b)"). */
export function isNextLabel(previous: string, next: string): boolean {
  const a = ORDINAL_LABEL.exec(previous)?.[1];
  const b = ORDINAL_LABEL.exec(next)?.[1];
  if (a === undefined || b === undefined) return false;
  if (/\d/.test(a)) return Number(b) === Number(a) + 1;
  return b.charCodeAt(0) === a.charCodeAt(0) + 1;
}

/** A list label that is a bare number or letter ("3.", "b)"), which can also be a wrapped sentence's end. */
export function isWeakLabel(text: string): boolean {
  return LIST_LABEL.test(text) && !/^[•◦▪▸‣∙·–—*]/.test(text);
}

/**
 * A short line of title words only ("Historical Note", "Additive Principle"): a box title, not text. A line
 * in the body font must be title words alone; one in another face (bold) may carry "(2 sets)" and the like.
 */
export function isMinorHeading(text: string, otherFont = false): boolean {
  // A bold title may name its subject and then the method after a colon ("Summing Sequences: Reverse and Add").
  // It may name a file ("Package import in __init__.py") or exclaim ("... during development!"); a question
  // ("What do I want them to know?") is kept as text.
  const pattern = otherFont ? /^[A-Z][A-Za-z0-9’'()/,:_. -]{2,60}!?$/ : /^[A-Z][A-Za-z’' ]{2,40}$/;
  return (
    pattern.test(text) &&
    /[A-Za-z]{3}/.test(text) &&
    !/[:.]$/.test(text) &&
    // A dot is a title's only inside a name ("__init__.py"): not in "Figure 3.32 A upc code", a caption,
    // nor after a lead-in, "Hint. LAORYHAPDWK".
    !/\d\.|\.\s/.test(text) &&
    text.split(' ').length <= 8
  );
}

/**
 * Footnotes: the lines at the foot of the page in a smaller size than body text with no body text below
 * them. Returns the index where they start (lines.length when there are none).
 */
export function footnoteStart(lines: Line[], height: number, body: BodyMetrics): number {
  let start = lines.length;
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i]!;
    if (l.size < 0.92 * body.size && l.top > 0.6 * height) start = i;
    else break;
  }
  // Notes open with their mark; a listing or a caption set small at the foot is no note. A note may be
  // a web address in a typewriter face, but its mark is not ("1 http://..."); a listing's line number is.
  const opensNote = (line: Line) => !opensInListingFace(line) && FOOTNOTE_MARK.test(line.text);
  if (start < lines.length && opensNote(lines[start]!)) return start;
  // A listing set small may run down to the notes: they start at the first mark below its last line.
  const lastListing = lines.findLastIndex((l, i) => i >= start && opensInListingFace(l));
  if (lastListing < 0) return lines.length;
  const note = lines.findIndex((l, i) => i > lastListing && opensNote(l));
  return note < 0 ? lines.length : note;
}

const opensInListingFace = (line: Line) => line.runs.find((r) => !isBlank(r.str))?.mono === true;

/**
 * Which lines of a page are footnotes: the notes at the foot of the page and, on a page in two columns,
 * those at the foot of each column (the left column's notes come before the right column in reading order).
 */
function footnoteLines(flow: PageFlow, body: BodyMetrics): boolean[] {
  const isNote = flow.lines.map(() => false);
  const markFrom = (indices: number[]) => {
    const start = footnoteStart(
      indices.map((i) => flow.lines[i]!),
      flow.height,
      body,
    );
    for (const i of indices.slice(start)) isNote[i] = true;
  };
  const all = flow.lines.map((_, i) => i);
  markFrom(all);
  const g = flow.gutter;
  if (g)
    for (const side of ['left', 'right'] as const)
      markFrom(all.filter((i) => sideOf(flow.lines[i]!, g) === side));
  return isNote;
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

/** Characters of a formula: an aligned block containing them is display math (a matrix, a system), not a table. */
const MATH_SIGNS = /[=<>≤≥≠≡≅∼≈∈∉⊂⊆⊃⊇|()[\]{}⟨⟩]/;
/** Relations: a line with one beside an aligned block makes the block part of a formula ("H = ..."). */
const RELATIONS = /[=<>≤≥≠≡≅∼≈∈∉⊂⊆⊃⊇]/;
/** Signs only math writes: relations, operators, big operators. */
const OPERATOR_SIGNS = /[=<>≤≥≠≡≅∼≈∈∉⊂⊆⊃⊇+−×·∑∏∫∮∧∨⊗⊕∪∩∂∇√→↦]/;
/** Names of functions set in a formula, which are not words of a sentence. */
const OPERATOR_NAMES = /\b(?:sin|cos|tan|log|exp|lim|max|min|det)\b/g;

/**
 * The cells of a line: its runs split where the gap between them is wider than a word space (one em). A
 * table row has two or more.
 */
export function tableCells(line: Line, em: number): number {
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

interface Open {
  /**
   * Hanging indent of a list item: continuation lines start there. Like itemX, measured from the text's left
   * margin, so that it holds on the next page, whose margins may differ (odd and even pages).
   */
  hang: number | null;
  /** Left edge of a list item's label line, from the left margin. */
  itemX: number | null;
  page: number;
  top: number;
  pageHeight: number;
  size: number;
  text: string;
  last: Line;
  lastKind: LineKind;
  /** The paragraph's first line, and whether it started at a first-line indent. */
  first: Line;
  indentedFirst: boolean;
  /** The block so far is a theorem-like label set on a line of its own: the next text line goes on from it. */
  labelAlone?: boolean;
  /** The text line before the paragraph's last display, when it tells where the paragraph's lines start. */
  textLine?: Line;
  /** What the block is when it is not prose. A caption takes only its own wrapped lines. */
  blockKind: BlockKind | undefined;
  /** The paragraph a listing interrupted, which this text goes on with ("... as follows:" code "where"). */
  resumes?: Block;
}

/** Adds a line of a display to the paragraph, first noting where the paragraph's text lines start. */
function appendDisplay(cur: Open, line: Line): void {
  // Known from a line that is not an indented first line (a first line set in may be a box's flush line
  // that only looks indented).
  if (cur.lastKind === 'text')
    cur.textLine = cur.last === cur.first && cur.indentedFirst ? undefined : cur.last;
  cur.text = joinLines(cur.text, line.text);
  cur.last = line;
  cur.lastKind = 'display';
}

/** `{ column: 1 }` for a line in the right column of a page in two columns. */
function columnOf(line: Line, gutter: Gutter | null | undefined): { column?: 1 } {
  return gutter && sideOf(line, gutter) === 'right' ? { column: 1 } : {};
}

/** Builds the block stream (headings and paragraphs in reading order) from the pages' ordered lines. */
export function buildBlocks(pages: PageFlow[], body: BodyMetrics): Block[] {
  // A linguistics book numbers its examples: a line opening with one opens a block (numbered-examples.ts).
  const examples = numbersExamples(
    pages.flatMap((flow) => flow.lines.map((l) => exampleNumber(l.text)).filter((n) => n !== undefined)),
  );
  const blocks: Block[] = [];
  const notes: Block[] = [];
  let open: Open | null = null;
  const em = body.size;

  /** The prose paragraph a listing closed, while the listing is open. */
  let beforeListing: Block | undefined;
  const gutters = new Map(pages.map((flow) => [flow.page, flow.gutter ?? null]));
  /** Each line's own margins, to read a line before a column or page break against its own column. */
  const marginsOfLine = new Map<Line, PageMargins>();
  /** Where a line starts, from its own column's left margin. */
  const fromLeft = (l: Line) => l.x0 - marginsOfLine.get(l)!.left;
  const close = () => {
    if (!open) return;
    const text = tidyParagraph(open.text);
    if (open.resumes && text !== '') {
      open.resumes.text = joinLines(open.resumes.text, text);
    } else if (text !== '') {
      blocks.push({
        kind: 'paragraph',
        ...(open.blockKind === undefined ? {} : { blockKind: open.blockKind }),
        page: open.page,
        top: open.top,
        ...columnOf(open.first, gutters.get(open.page)),
        pageHeight: open.pageHeight,
        size: open.size,
        text,
        inset: fromLeft(open.first),
        ...(open.last === open.first || open.last.page !== open.first.page
          ? {}
          : { lastInset: fromLeft(open.last) }),
      });
    }
    open = null;
  };
  const start = (line: Line, kind: LineKind, height: number, left: number) => {
    close();
    const hang = hangingIndent(line);
    open = {
      hang: hang === null ? null : hang - left,
      itemX: LIST_LABEL.test(line.text) ? line.x0 - left : null,
      page: line.page,
      top: line.top,
      pageHeight: height,
      size: line.size,
      text: line.text,
      last: line,
      lastKind: kind,
      first: line,
      indentedFirst: false,
      blockKind: kind === 'table' ? 'table' : isCaptionLine(line, body) ? 'caption' : undefined,
    };
  };

  for (const flow of pages) {
    const marginsOf = lineMargins(flow, body);
    const kinds = withItemLines(
      flow.lines,
      flow.lines.map((l, i) => classifyLine(l, marginsOf[i]!, body)),
      body,
    );
    const isNote = footnoteLines(flow, body);
    const noteLines = flow.lines.filter((_, i) => isNote[i]);
    const marks = footnoteMarks(noteLines);
    const tables = tableRows(flow.lines, kinds, body, examples);
    const prose = displayedProseLines(flow.lines, kinds, tables, body);
    notes.push(...footnoteBlocks(noteLines, flow.height));
    for (let i = 0; i < flow.lines.length; i++) {
      if (isNote[i]) continue;
      const line = flow.lines[i]!;
      const kind = kinds[i]!;
      const margins = marginsOf[i]!;
      marginsOfLine.set(line, margins);
      // A line in a typewriter face between lines of prose, at the text's size, is part of the sentence when
      // it reads as words (a menu path, "Statistics ▷ Proportions ▷ Enter table...") or the sentence visibly
      // goes on into it (after a comma, or a web address broken after a slash), not a listing; so is a
      // name that ends the sentence on a line of its own ("... in the log file" / "myprog.log:"), even
      // right above the listing it announces.
      const lineAfter = flow.lines[i + 1];
      const sentence = open as Open | null;
      const inSentence =
        sentence !== null &&
        sentence.blockKind === undefined &&
        sentence.lastKind === 'text' &&
        isBodySize(line, body);
      const typewriterWords =
        inSentence &&
        ((!(lineAfter && isCodeLine(lineAfter)) &&
          (readsAsWords(line.text) ||
            (/(?:,|https?:\/\/\S*\/)$/.test(sentence.last.text) && !PROGRAM_SIGNS.test(line.text)))) ||
          (/\p{L}$/u.test(sentence.last.text) && /^[\p{L}\p{N}_./-]+[.:]$/u.test(line.text)));
      // A listing is one block, however many blank lines and page breaks it spans; the text after it goes
      // on with the paragraph it interrupted when it reads as a continuation.
      // A line of signs alone in the listing's face ("{", "};") is the listing's, within or right before it.
      const signsOfListing =
        line.mono === true &&
        /^[\p{P}\p{S}\s]+$/u.test(line.text) &&
        (sentence?.blockKind === 'code' || (lineAfter !== undefined && isCodeLine(lineAfter)));
      // A caption's bracket closed on the next line ("(from libc" / "sysdeps/ia64/dl-machine.h)") is the caption's.
      const endsCaption =
        sentence?.blockKind === 'caption' &&
        CLOSES_BRACKET.test(line.text) &&
        sentence.text.split('(').length > sentence.text.split(')').length;
      if ((isCodeLine(line) || signsOfListing) && kind !== 'heading' && !typewriterWords && !endsCaption) {
        const listing = open as Open | null;
        if (listing?.blockKind === 'code') {
          listing.text = `${listing.text}\n${line.text}`;
          listing.last = line;
          continue;
        }
        const wasProse = listing !== null && listing.blockKind === undefined;
        start(line, kind, flow.height, margins.left);
        (open as Open | null)!.blockKind = 'code';
        beforeListing = wasProse ? blocks.at(-1) : undefined;
        continue;
      }
      // A run-in title on a line of its own before text ("Sample Variance and Standard Deviation") is a
      // minor heading, not the start of the paragraph under it.
      // A title stops short of the right margin; a line that reaches it, or breaks a word, is text. Nor is a
      // line a title where it goes on, at the line spacing, from a line that stops mid-sentence (a list
      // item's "ForwardEuler, BackwardEuler," / "CrankNicolson").
      const going = open as Open | null;
      const goesOn =
        going !== null &&
        going.lastKind === 'text' &&
        going.last.page === line.page &&
        line.baseline - going.last.baseline < 1.3 * body.lineSpacing &&
        !CLAUSE_END.test(proseEnd(going.last, marks));
      // Set off by space above and below, a title may reach the margin of a narrow box.
      const above = flow.lines[i - 1];
      const below = flow.lines[i + 1];
      const setOff =
        above !== undefined &&
        below !== undefined &&
        line.baseline - above.baseline > 1.3 * body.lineSpacing &&
        below.baseline - line.baseline > 1.3 * body.lineSpacing;
      const titleLike =
        !goesOn &&
        (line.x1 < margins.right - 2 * em || setOff) &&
        !/-$/.test(line.text) &&
        (kind === 'display'
          ? isMinorHeading(line.text, line.font !== body.font)
          : line.font !== body.font && !LIST_LABEL.test(line.text) && isMinorHeading(line.text, true));
      if (titleLike && kind !== 'heading' && !tables[i] && kinds[i + 1] === 'text' && !isNote[i + 1]) {
        close();
        beforeListing = undefined;
        continue;
      }
      if ((open as Open | null)?.blockKind === 'code' && kind !== 'heading') {
        const interrupted = beforeListing;
        start(line, kind, flow.height, margins.left);
        beforeListing = undefined;
        if (interrupted && kind === 'text' && CONTINUATION.test(line.text))
          (open as Open | null)!.resumes = interrupted;
        continue;
      }
      // Super- and subscripts set on a line of their own ("∗", "j", "m ˆk") between two lines of a
      // paragraph belong to it; the next line is read against the paragraph's last full line.
      const within = open as Open | null;
      if (
        within &&
        within.blockKind === undefined &&
        !tables[i] &&
        isScriptLine(line, body) &&
        line.page === within.last.page &&
        line.baseline > within.last.baseline - body.size &&
        line.baseline - within.last.baseline < body.lineSpacing
      ) {
        within.text = joinLines(within.text, line.text);
        continue;
      }
      // A theorem-like label set large on a line of its own ("Exercise 4" centred above the exercise) is the
      // lead-in of the text under it, which is what "Exercise 4" refers to, not a heading of the book.
      if (kind === 'heading' && LABEL_ALONE.test(line.text) && kinds[i + 1] === 'text') {
        start(line, 'text', flow.height, margins.left);
        (open as Open | null)!.size = body.size;
        (open as Open | null)!.labelAlone = true;
        continue;
      }
      if (kind === 'heading') {
        close();
        const prev = blocks[blocks.length - 1];
        if (
          prev &&
          prev.kind === 'heading' &&
          prev.page === line.page &&
          Math.abs(prev.size - line.size) < 0.3 &&
          line.top - prev.top < 3 * line.size &&
          // "3.2 Features of ..." right under "3.1.7 Other Data Types" is the next heading, not its second line.
          !SECTION_NUMBER.test(line.text)
        ) {
          prev.text = `${prev.text} ${line.text}`;
        } else {
          blocks.push({
            kind: 'heading',
            page: line.page,
            top: line.top,
            ...columnOf(line, flow.gutter),
            pageHeight: flow.height,
            size: line.size,
            text: line.text,
          });
        }
        continue;
      }
      const cur = open as Open | null;
      if (tables[i]) {
        // A table row: the first one starts the table's block; the text after the table starts afresh.
        if (cur && cur.lastKind === 'table') {
          cur.text = joinLines(cur.text, line.text);
          cur.last = line;
        } else start(line, 'table', flow.height, margins.left);
        continue;
      }
      // After a numbered example's lines (its sub-items, glosses, tree), set in deeper than the paragraph
      // indent, a line back at the text's margin is the text again ("Horvath & Siloni (2008) give ...").
      const deeper = body.indent + 0.5 * em;
      const lineBefore = flow.lines[i - 1];
      const afterExample =
        examples &&
        cur !== null &&
        (EXAMPLE_NUMBER.test(cur.text) || EXAMPLE_ITEM.test(cur.text) || fromLeft(cur.first) > deeper) &&
        fromLeft(lineBefore !== undefined && marginsOfLine.has(lineBefore) ? lineBefore : cur.last) >
          deeper &&
        fromLeft(line) < 0.5 * em;
      if (
        !cur ||
        isCaptionLine(line, body) ||
        (examples && EXAMPLE_OPENING.test(line.text)) ||
        afterExample
      ) {
        start(line, kind, flow.height, margins.left);
        continue;
      }
      if (cur.blockKind === 'caption') {
        // A wrapped caption goes on at the line spacing; whatever follows a caption (the figure's text, the
        // paragraph after the float, the next page) starts afresh.
        const dy = line.baseline - cur.last.baseline;
        if (line.page === cur.last.page && dy > 0 && dy < 1.25 * body.lineSpacing && kind !== 'display') {
          cur.text = joinLines(cur.text, line.text);
          cur.last = line;
        } else start(line, kind, flow.height, margins.left);
        continue;
      }

      // Displayed prose is set off after a colon or a finished sentence; otherwise it continues a sentence.
      if (
        kind === 'display' &&
        (cur.lastKind === 'quote' || /[.:!?]["”’)]?$/.test(proseEnd(cur.last, marks))) &&
        prose[i]
      ) {
        if (cur.lastKind === 'quote' && line.baseline - cur.last.baseline < 1.6 * body.lineSpacing) {
          cur.text = joinLines(cur.text, line.text);
          cur.last = line;
        } else {
          start(line, 'quote', flow.height, margins.left);
        }
        continue;
      }
      if (kind === 'display' && cur.lastKind === 'table') {
        start(line, kind, flow.height, margins.left);
        continue;
      }
      if (kind === 'display') {
        appendDisplay(cur, line);
        continue;
      }
      // A text line: does it begin a new paragraph?
      if (cur.labelAlone) {
        cur.labelAlone = false;
        cur.text = joinLines(cur.text, line.text);
        cur.last = line;
        continue;
      }
      const prev = cur.last;
      const samePage = prev.page === line.page;
      const dy = line.baseline - prev.baseline;
      // Where the line starts, from the left margin of its page or column.
      const x = line.x0 - margins.left;
      const flowBreak = !samePage || dy < -0.5 * em; // a new page or a jump back up to the next column
      const afterSentence =
        cur.lastKind !== 'text' ||
        CLAUSE_END.test(proseEnd(prev, marks)) ||
        (!flowBreak && dy > 1.7 * body.lineSpacing);
      const next = flow.lines[i + 1];
      const nextKind = kinds[i + 1];
      let ref: number;
      if (
        next &&
        nextKind === 'text' &&
        next.baseline - line.baseline > 0 &&
        next.baseline - line.baseline < 1.6 * body.lineSpacing &&
        !startsParagraph(next.text)
      ) {
        ref = next.x0;
      } else if (!flowBreak && cur.lastKind === 'text' && dy < 1.6 * body.lineSpacing) {
        ref = prev.x0;
      } else if (!flowBreak && cur.lastKind === 'display' && cur.textLine !== undefined) {
        // After a display, where the paragraph's lines start (in a box, well right of the page's margin).
        ref = cur.textLine.x0;
      } else {
        ref = margins.left;
      }
      // The next label of a numbered list at the same place ("2." under "1.") starts the next item, even
      // when the item before ends in a comma (one sentence spread over the list).
      if (
        cur.itemX !== null &&
        Math.abs(x - cur.itemX) < 0.5 * em &&
        isNextLabel(cur.first.text, line.text)
      ) {
        start(line, kind, flow.height, margins.left);
        continue;
      }
      // An item whose lines went back to its label's place ("a) Set a = -1 and" / "run experiments") has no
      // hanging indent: a line set in after it starts a paragraph of the item.
      const wrapsAtLabel =
        cur.itemX !== null &&
        cur.last !== cur.first &&
        !flowBreak &&
        Math.abs(prev.x0 - margins.left - cur.itemX) < 0.3 * em;
      const hanging =
        !wrapsAtLabel &&
        (cur.hang !== null
          ? Math.abs(x - cur.hang) < 0.6 * em
          : cur.itemX !== null && x > cur.itemX + 0.9 * em && x < cur.itemX + 5 * em);
      if (
        hanging &&
        !lineStartsParagraph(line, body, afterSentence, margins.left) &&
        (flowBreak || dy < 1.7 * body.lineSpacing || cur.lastKind === 'display')
      ) {
        cur.text = joinLines(cur.text, line.text);
        cur.last = line;
        cur.lastKind = kind;
        continue;
      }
      // After a short last line, a line set in by exactly the paragraph indent from it starts a paragraph, even
      // when the line after it is set in as well (a one-line paragraph followed by another).
      const indentAfterShort =
        !flowBreak &&
        cur.lastKind === 'text' &&
        dy < 1.6 * body.lineSpacing &&
        body.indent > 0.5 * em &&
        prev.x1 < margins.right - 2 * em &&
        Math.abs(line.x0 - prev.x0 - body.indent) < 0.3 * em;
      // Words going on in lower case from a line that ends mid-sentence continue it, however far they are set
      // in (a description item's second line is set in from its label).
      const midSentence =
        !flowBreak &&
        cur.lastKind === 'text' &&
        dy < 1.6 * body.lineSpacing &&
        !CLAUSE_END.test(proseEnd(prev, marks)) &&
        CONTINUATION.test(line.text);
      // After a display, text that goes on with the sentence is set flush with the paragraph's lines: a line
      // set in from them by exactly the paragraph indent starts the next paragraph, even when the line after
      // it is set in as well. On the next page, set in both from where those lines start and from the page's
      // margin: pages may be set further right or left, and a page filled by a box has the box's margin.
      const textLine = cur.textLine;
      const indentAfterDisplay =
        cur.lastKind === 'display' &&
        textLine !== undefined &&
        cur.hang === null &&
        cur.itemX === null &&
        body.indent > 0.5 * em &&
        Math.abs(line.x0 - textLine.x0 - body.indent) < 0.3 * em &&
        Math.abs(x - fromLeft(textLine) - body.indent) < 0.3 * em;
      const indented =
        !midSentence &&
        !opensWithScript(line, body) &&
        ((line.x0 - ref > 0.5 * em && line.x0 - ref < 4.5 * em) || indentAfterShort || indentAfterDisplay);
      // A proof's end mark is set flush right, so the line it closes is not short.
      const prevClosed =
        cur.lastKind === 'text' &&
        ((prev.x1 < marginsOfLine.get(prev)!.right - 2 * em &&
          /[.!?:]["”’)]?$/.test(proseEnd(prev, marks))) ||
          PROOF_END.test(prev.text));
      // In a book that parts its paragraphs by space, not by an indent (Sphinx, a web page, a glossary's
      // entries): a sentence's end, then that space, is the next paragraph, however long the last line is.
      const spacedAfterSentence =
        body.paragraphsSpaced === true &&
        !flowBreak &&
        cur.lastKind === 'text' &&
        CLAUSE_END.test(proseEnd(prev, marks)) &&
        dy > PARAGRAPH_SPACE * body.lineSpacing &&
        // Lines carrying a display's signs ("A = (3 1 5 2) .", "Then √ √" over its formula) are set apart
        // by the display's height, not by a paragraph's space.
        ![prev, line].some((l) => RELATIONS.test(l.text) || /[√∑∏∫]/.test(l.text));
      // Words in lower case after a line that ends mid-sentence go on with it, across a display's space.
      const wideGap =
        !flowBreak &&
        cur.lastKind === 'text' &&
        dy > 1.7 * body.lineSpacing &&
        !(CONTINUATION.test(line.text) && !CLAUSE_END.test(proseEnd(prev, marks)));
      // A list's first label, or a description item's label set off in bold, under a line that stops short
      // ("The algorithmic steps are" / "1. initialize u0", "We have committed a" / "Type I Error if ..."):
      // running text fills its lines, so the list starts here even without a sentence's end.
      const listAfterShort =
        !flowBreak &&
        cur.lastKind === 'text' &&
        (LIST_LABEL.test(line.text) || opensWithWordSetOff(line, body)) &&
        prev.x1 < margins.right - 2 * em;
      const sizeChange = cur.lastKind === 'text' && isBodySize(prev, body) !== isBodySize(line, body);
      // Text after displayed prose starts afresh (the quote was a paragraph of its own).
      const afterQuote = cur.lastKind === 'quote' || cur.lastKind === 'table';
      // A paragraph's second line goes back to the left edge; one that starts at the first line's indent
      // again is the first line of the next paragraph (one-line paragraphs in a row).
      const indentAgain =
        cur.indentedFirst &&
        cur.last === cur.first &&
        cur.hang === null &&
        cur.itemX === null &&
        !flowBreak &&
        dy < 1.6 * body.lineSpacing &&
        Math.abs(line.x0 - prev.x0) < 0.3 * em &&
        // The first line ended its sentence, or the paragraph ("... goes. Homoscedasticity"): it stops short.
        (/[.!?:]["”’)]?$/.test(proseEnd(prev, marks)) || prev.x1 < margins.right - 2 * em);
      // A displayed formula set flush left ("u0 = I," after "as follows:"), the next line of a display
      // and the words that go on after a formula ("and so on", "where x is") belong to the sentence around
      // them, as in the book's markup.
      const formula = isFormulaLine(line, body, x) || isMathOnly(line.text);
      const inFormula =
        (formula &&
          (/[:,]$/.test(proseEnd(prev, marks)) ||
            cur.lastKind === 'display' ||
            // A display nearly as wide as the column reads as a line of text: after words that do not
            // end a sentence ("and compute"), it is the sentence's formula.
            (cur.lastKind === 'text' &&
              !/[.!?;]["”’)]?$/.test(proseEnd(prev, marks)) &&
              !LIST_LABEL.test(line.text)))) ||
        (CONTINUATION.test(line.text) &&
          !indented &&
          (cur.lastKind === 'display' || isFormulaLine(prev, body, fromLeft(prev))));
      // Text back at the label's place or left of it, set off by the space a list ends with: the paragraph
      // after the list.
      const afterList =
        cur.itemX !== null &&
        !flowBreak &&
        x < cur.itemX + 0.3 * em &&
        dy > 1.3 * body.lineSpacing &&
        cur.lastKind === 'text' &&
        /^\p{Lu}/u.test(line.text) &&
        !LIST_LABEL.test(line.text);
      if (inFormula && !flowBreak) {
        // A formula set as wide as the text is a display all the same: the space after it is the
        // display's, and the words after it go on with the paragraph unless set in.
        if (formula) appendDisplay(cur, line);
        else {
          cur.text = joinLines(cur.text, line.text);
          cur.last = line;
          cur.lastKind = kind;
        }
      } else if (
        indented ||
        indentAgain ||
        afterList ||
        lineStartsParagraph(line, body, afterSentence, margins.left) ||
        prevClosed ||
        spacedAfterSentence ||
        wideGap ||
        listAfterShort ||
        sizeChange ||
        afterQuote
      ) {
        start(line, kind, flow.height, margins.left);
        if (open && (indented || indentAgain)) (open as Open).indentedFirst = true;
      } else {
        cur.text = joinLines(cur.text, line.text);
        cur.last = line;
        cur.lastKind = kind;
      }
    }
  }
  close();
  const joined = withItemNumbersOnTheirText(joinAcrossFloats(withoutDrawingText(blocks))).filter(
    (b) => !NAVIGATION.test(b.text),
  );
  return withFootnotes(withTermsOnDescriptions(withExamplesWhole(joined, body, examples), body), notes);
}

/** One of a web page's links to the pages beside it: "Next: Evaluation of expressions". */
const NAVIGATION_LINK = String.raw`(?:Next|Previous|Prev|Up|Continue)(?: (?:topic|page|section|chapter))?\s*:\s*[^:,]{0,80}?[,.]?\s*`;
/**
 * A web page's links to the pages beside it, printed with it: the site's furniture, not the book's text.
 * Two or three of them, or one with the site's [Contents] and [Index] ("Next: Evaluation of expressions,
 * Previous: Introduction, Up: R Language Definition [Contents][Index]"), or one to a numbered section
 * ("Continue: 1.2 Elements of Programming"); never a sentence ("Next: we prove the theorem.").
 */
const NAVIGATION = new RegExp(
  String.raw`^(?:(?:${NAVIGATION_LINK}){2,3}(?:\[Contents\]\s*)?(?:\[Index\])?|${NAVIGATION_LINK}\[Contents\]\s*(?:\[Index\])?|(?:Next|Previous|Continue)\s*:\s*\d+(?:\.\d+)*\s+\p{Lu}[^:,.]{0,80})$`,
  'u',
);

/** A term of a definition list, glossary or option list: a few words on a line, no sentence. */
const TERM = /^[^.!?;:]{1,60}$/;
/** Words a term has at most. */
const TERM_WORDS = 6;

/**
 * Whether a block is set in under a term as its description: every line of it, and, when it has one line
 * only in a book that starts its paragraphs with an indent, by other than that indent (a paragraph after a displayed command, "dpkg -l" /
 * "Note that ...", starts by that indent and goes back to the margin).
 */
function setIn(block: Block, term: Block, body: BodyMetrics): boolean {
  const from = (term.inset ?? 0) + 0.5 * body.size;
  const inset = block.inset ?? 0;
  if (inset <= from) return false;
  if (block.lastInset !== undefined) return block.lastInset > from;
  return (
    body.paragraphsSpaced === true ||
    body.indent === 0 ||
    Math.abs(inset - (term.inset ?? 0) - body.indent) > 0.2 * body.size
  );
}

/**
 * An entry of a definition list, option list or command reference as one block that starts with its
 * term: a term alone on its line (often in bold or a typewriter face) and its description set in under it
 * ("--ignore-uuid" / "Do not check ..."). Without it, a description is read without what it describes.
 */
function withTermsOnDescriptions(blocks: Block[], body: BodyMetrics): Block[] {
  const out: Block[] = [];
  for (const block of blocks) {
    const term = out.at(-1);
    const describes =
      term !== undefined &&
      term.kind === 'paragraph' &&
      // A line of a program ("> iqrs <- replicate(...)") is no term, nor a list's item or its title.
      (term.blockKind === undefined || (term.blockKind === 'code' && !PROGRAM_SIGNS.test(term.text))) &&
      TERM.test(term.text) &&
      term.text.split(' ').length <= TERM_WORDS &&
      !LIST_LABEL.test(term.text) &&
      block.kind === 'paragraph' &&
      block.blockKind === undefined &&
      !LIST_LABEL.test(block.text) &&
      block.page === term.page &&
      block.top > term.top &&
      block.top - term.top < 2.2 * body.lineSpacing &&
      setIn(block, term, body);
    if (describes) {
      // The entry is prose, its term in a typewriter face or not.
      const { blockKind: _, ...entry } = term;
      out[out.length - 1] = { ...entry, text: `${term.text} ${block.text}` };
      continue;
    }
    out.push(block);
  }
  return out;
}

/**
 * A line opening a numbered example: its number, then a sub-item's label or a capitalised word ("(1) a.
 * teo taraf", "(7) German"). Never the end of the sentence before, not even over a page break.
 */
const EXAMPLE_OPENING = /^\(\d{1,3}[a-z]?\)\s+(?:[a-z][.)]\s|\p{Lu})/u;
/**
 * A sub-item of an example ("a.", "b)"), the rest of an example over a page break. (A translation in quotes
 * is set in under its gloss; a paragraph may open with a quote: "‘By itself’ is not possible ...".)
 */
const EXAMPLE_ITEM = /^[a-z][.)]\s/;

/**
 * A numbered example of a linguistics book as one block: its number in parentheses, its sub-items ("a.",
 * "b."), and each item's lines of words, glosses and the translation in quotes, which are set deeper
 * than the text's paragraph indent, over a page break too. Only in a book that numbers its examples:
 * elsewhere "(3)" opening a block is an item of a list.
 */
function withExamplesWhole(blocks: Block[], body: BodyMetrics, examples: boolean): Block[] {
  if (!examples) return blocks;
  const deeper = body.indent + 0.5 * body.size;
  const out: Block[] = [];
  let example: Block | undefined;
  for (const block of blocks) {
    const part =
      block.kind === 'paragraph' &&
      block.blockKind === undefined &&
      ((block.inset ?? 0) > deeper || EXAMPLE_ITEM.test(block.text));
    if (example && part) {
      example.text = `${example.text} ${block.text}`;
      continue;
    }
    example =
      block.kind === 'paragraph' && block.blockKind === undefined && EXAMPLE_NUMBER.test(block.text)
        ? block
        : undefined;
    out.push(block);
  }
  return out;
}

/**
 * The blocks with each paragraph cut by a page break, a column break or a float put together again: a
 * paragraph that stops mid-sentence (after a comma, a colon or a word) goes on in the first block after it
 * on the next page or column, or after the captions of the floats set in between, when that block opens
 * as a continuation does (a word in lower case, or a formula before any word). A caption cut short goes on
 * in the block right after it likewise.
 */
function joinAcrossFloats(blocks: Block[]): Block[] {
  const out: Block[] = [];
  let cut: Block | undefined;
  let lastProse: Block | undefined;
  let floats = false;
  for (const [i, block] of blocks.entries()) {
    const prose = block.kind === 'paragraph' && block.blockKind === undefined;
    const before = out.at(-1);
    // A caption cut short goes on in the block after it, before any paragraph the float interrupted.
    if (
      prose &&
      before?.blockKind === 'caption' &&
      endsMidSentence(before.text) &&
      opensAsContinuation(block.text)
    ) {
      before.text = joinLines(before.text, block.text);
      continue;
    }
    // Large words of a drawing read as headings ("DETERMINISTIC" above its caption) are part of the float.
    if ((block.blockKind === 'caption' || headingOfFloat(blocks, i)) && cut) {
      floats = true;
      out.push(block);
      continue;
    }
    // Text opening with the stop or comma of a sentence goes on with the paragraph before the float,
    // however that paragraph's last line ends ("... an Ace}" / ". Since ...").
    if (
      prose &&
      !cut &&
      lastProse &&
      /^[.,;:)]/.test(block.text) &&
      (floats || block.page !== lastProse.page)
    ) {
      lastProse.text = `${lastProse.text}${block.text}`;
      floats = false;
      continue;
    }
    if (
      prose &&
      cut &&
      (floats || block.page !== cut.page || block.column !== cut.column) &&
      opensAsContinuation(block.text)
    ) {
      cut.text = joinLines(cut.text, block.text);
      if (!endsMidSentence(cut.text)) cut = undefined;
      floats = false;
      continue;
    }
    out.push(block);
    if (prose) lastProse = block;
    // The words of a drawing (an axis label, a node) are not a sentence cut short.
    cut = prose && endsMidSentence(block.text) && !isFigureText(block.text) ? block : undefined;
    floats = false;
  }
  return out;
}

/** A heading followed, with only headings between, by a caption on its page: words of the float's drawing. */
function headingOfFloat(blocks: Block[], i: number): boolean {
  const block = blocks[i]!;
  if (block.kind !== 'heading') return false;
  let j = i + 1;
  while (blocks[j]?.kind === 'heading' && blocks[j]!.page === block.page) j++;
  const next = blocks[j];
  return next?.blockKind === 'caption' && next.page === block.page;
}

/** Stops where a sentence goes on: after a comma, a colon or a word in lower case (not a number). */
function endsMidSentence(text: string): boolean {
  return /[,:\p{Ll}]$/u.test(text);
}

/**
 * Opens as the rest of a sentence does: with a word in lower case, or with a formula before any word (not
 * with a capitalised word, "Let v ∈ V", nor with a list item's label).
 */
function opensAsContinuation(text: string): boolean {
  if (CONTINUATION.test(text)) return true;
  if (/^\p{Lu}\p{Ll}/u.test(text) || LIST_LABEL.test(text)) return false;
  const beforeWords = text.replace(OPERATOR_NAMES, '').split(/\p{L}{4,}/u)[0] ?? '';
  return RELATIONS.test(beforeWords);
}

/** A figure's caption: what follows the drawing whose text is left out. */
const FIGURE_CAPTION = /^(?:Figure|Fig\.)\s+\d/;

/**
 * An item's number alone ("8.6.3.") opens the block after it, where its text is ("Hint. (a) 2; (c) 2."):
 * one paragraph, at the number's place, so a link on the number leaves from the item it numbers.
 */
function withItemNumbersOnTheirText(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (const [i, block] of blocks.entries()) {
    const label = out.at(-1);
    if (
      label !== undefined &&
      block.kind === 'paragraph' &&
      label.kind === 'paragraph' &&
      label.blockKind === undefined &&
      isItemNumber(label.text) &&
      blocks[i - 1] === label
    ) {
      label.text = `${label.text} ${block.text}`;
      if (block.blockKind !== undefined) label.blockKind = block.blockKind;
      continue;
    }
    out.push(block);
  }
  return out;
}

/**
 * The blocks without the text of drawings: the figure-text blocks right above a figure's caption on its
 * page (a figure's labels sit between the text before it and its caption). The caption stays, and is what
 * "Figure 2.5" points at.
 */
function withoutDrawingText(blocks: Block[]): Block[] {
  const drop = new Set<Block>();
  blocks.forEach((block, i) => {
    if (block.blockKind !== 'caption' || !FIGURE_CAPTION.test(block.text)) return;
    for (let k = i - 1; k >= 0; k--) {
      const before = blocks[k]!;
      if (before.kind !== 'paragraph' || before.page !== block.page || before.blockKind !== undefined) break;
      if (!isFigureText(before.text)) break;
      drop.add(before);
    }
  });
  return drop.size === 0 ? blocks : blocks.filter((b) => !drop.has(b));
}

/**
 * A line opening with a script (the lower limit "i=1" of a sum whose sign went to the line above): no
 * paragraph opens so, whatever its indent looks like.
 */
function opensWithScript(line: Line, body: BodyMetrics): boolean {
  const first = line.runs.find((r) => !isBlank(r.str));
  return first !== undefined && first.size < 0.85 * body.size && line.size >= 0.85 * body.size;
}

/** A line of scripts only: no word, set smaller than the text (indices, exponents, primes, stars). */
function isScriptLine(line: Line, body: BodyMetrics): boolean {
  return line.size < 0.85 * body.size && !/\p{L}{2,}/u.test(line.text);
}

/** A line of a listing: set in a fixed-pitch face, with something of a program in it (not a lone □). */
function isCodeLine(line: Line): boolean {
  // A list item whose text is a web address ("• MacOS: http://...") opens with its label in the text face.
  if (LIST_LABEL.test(line.text) && !opensInListingFace(line)) return false;
  return line.mono === true && /[\p{L}\p{N}].*[\p{L}\p{N}]/u.test(line.text);
}

/** Signs of a program: brackets, operators, quotes, prompts. */
const PROGRAM_SIGNS = /[(){}[\]=<>;#$%&*+\\|~^`"']/;

/** Words and nothing of a program (identifiers and paths included: "_", "/"). */
function readsAsWords(text: string): boolean {
  return (text.match(/\p{L}{3,}/gu) ?? []).length >= 2 && !PROGRAM_SIGNS.test(text) && !/[_/]/.test(text);
}

/** A line of a formula, not of words: a relation, and no run of four letters outside operator names. */
function isFormula(text: string): boolean {
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
function isFormulaLine(line: Line, body: BodyMetrics, x: number): boolean {
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
function isMathOnly(text: string): boolean {
  return OPERATOR_SIGNS.test(text) && !hasWord(text, 3);
}

/**
 * The footnotes of a page (its lines from footnoteStart on) as blocks of kind footnote: each starts at a
 * line opening with its mark ("4 See ...", "* Also ..."); the lines after it go on with it.
 */
function footnoteBlocks(lines: Line[], height: number): Block[] {
  const notes: Block[] = [];
  for (const line of lines) {
    const last = notes.at(-1);
    if (last && !FOOTNOTE_MARK.test(line.text)) {
      last.text = joinLines(last.text, line.text);
      continue;
    }
    notes.push({
      kind: 'paragraph',
      blockKind: 'footnote',
      page: line.page,
      top: line.top,
      pageHeight: height,
      size: line.size,
      text: line.text,
    });
  }
  return notes.map((note) => ({ ...note, text: tidyParagraph(note.text) })).filter((n) => n.text !== '');
}

/**
 * The blocks with the footnotes put in reading order: each after the last block that starts on its page
 * or before (a paragraph running on to the next page stays whole; its notes follow it).
 */
function withFootnotes(blocks: Block[], notes: Block[]): Block[] {
  if (notes.length === 0) return blocks;
  const out: Block[] = [];
  let n = 0;
  for (const block of blocks) {
    while (n < notes.length && notes[n]!.page < block.page) out.push(notes[n++]!);
    out.push(block);
  }
  while (n < notes.length) out.push(notes[n++]!);
  return out;
}
