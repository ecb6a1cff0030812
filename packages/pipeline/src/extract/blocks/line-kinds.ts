/**
 * What a line is by its size and place on the page (decided before the lines are grouped): a heading, a
 * display (set off: a formula, a centred line), or text. Tables, listings, captions and footnotes are told
 * apart by their own modules, and by the block builder from the lines around them.
 */
import { type Gutter, sideOf } from '../columns.ts';
import { HEADING_RATIO, pageMargins, type PageMargins } from '../metrics.ts';
import type { BodyMetrics, Line } from '../types.ts';
import { isDisplayedProse, isFormula } from './displays.ts';
import { LIST_LABEL } from './openings.ts';

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
export function lineMargins(flow: PageFlow, body: BodyMetrics): PageMargins[] {
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
export const CLOSES_BRACKET = /^[^(]*\)\s*$/;

/**
 * A formal object's title as DocBook and Sphinx set it, above the object in a heading's type: a label
 * with its number closed by a stop or colon, then the title ("Figure 4.1. The Operating System", "Example
 * 1.2. Abstraction in include/linux/virtio.h"). A caption, not a heading of the book.
 */
export const FORMAL_TITLE = /^(?:Figure|Fig\.|Table|Tab\.|Listing|Example)\s+\d+(?:\.\d+)*[.:]\s+\S/;

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
export function withItemLines(lines: Line[], kinds: LineKind[], body: BodyMetrics): LineKind[] {
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

/** A heading's own section number ("3.2 ", "3.1.7 "). */
export const SECTION_NUMBER = /^\d{1,2}\.\d{1,2}(?:\.\d{1,2})*\s/;

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
