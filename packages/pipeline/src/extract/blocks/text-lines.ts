/**
 * A text line, read against the paragraph open above it: does it go on with that paragraph, or start the
 * next? Each reason a line starts a paragraph (or stays in one) is a predicate of its own below.
 */
import { isBodySize, PARAGRAPH_SPACE, type PageMargins } from '../metrics.ts';
import type { BodyMetrics, Line } from '../types.ts';
import { isFormulaLine, isMathOnly, opensWithScript, RELATIONS } from './displays.ts';
import { addLine, appendDisplay, type BlockBuilder, type LineAt, type OpenBlock } from './open-block.ts';
import {
  isNextLabel,
  lineStartsParagraph,
  LIST_LABEL,
  opensWithWordSetOff,
  startsParagraph,
} from './openings.ts';
import { CLAUSE_END, CONTINUATION, PROOF_END, proseEnd } from './sentences.ts';

/** What the predicates read of a text line and the paragraph before it. */
interface TextLine {
  b: BlockBuilder;
  body: BodyMetrics;
  em: number;
  line: Line;
  margins: PageMargins;
  cur: OpenBlock;
  /** The paragraph's last line. */
  prev: Line;
  /** prev's text without a footnote mark after its sentence's end. */
  prevEnd: string;
  /** From prev's baseline down to the line's. */
  dy: number;
  /** Where the line starts, from the left margin of its page or column. */
  x: number;
  /** A new page, or a jump back up to the next column. */
  flowBreak: boolean;
}

/** Places a text line: on with the open paragraph `cur`, or as the first line of the next. */
export function placeTextLine(b: BlockBuilder, at: LineAt, cur: OpenBlock): void {
  const { line, kind, margins, page } = at;
  const start = () => b.start(line, kind, page.flow.height, margins.left);
  if (cur.labelAlone) {
    cur.labelAlone = false;
    addLine(cur, line);
    return;
  }
  const prev = cur.last;
  const dy = line.baseline - prev.baseline;
  const em = b.body.size;
  const t: TextLine = {
    b,
    body: b.body,
    em,
    line,
    margins,
    cur,
    prev,
    prevEnd: proseEnd(prev, page.marks),
    dy,
    x: line.x0 - margins.left,
    flowBreak: prev.page !== line.page || dy < -0.5 * em,
  };
  const afterSentence =
    cur.lastKind !== 'text' || CLAUSE_END.test(t.prevEnd) || (!t.flowBreak && dy > 1.7 * b.body.lineSpacing);
  if (nextItem(t)) {
    start();
    return;
  }
  if (
    hanging(t) &&
    !lineStartsParagraph(line, b.body, afterSentence, margins.left) &&
    (t.flowBreak || dy < 1.7 * b.body.lineSpacing || cur.lastKind === 'display')
  ) {
    addLine(cur, line, kind);
    return;
  }
  const next = page.flow.lines[at.i + 1];
  const indented = indentedStart(t, next !== undefined && page.kinds[at.i + 1] === 'text' ? next : undefined);
  const again = indentAgain(t);
  const formula = isFormulaLine(line, b.body, t.x) || isMathOnly(line.text);
  if (inFormula(t, formula, indented) && !t.flowBreak) {
    // A formula set as wide as the text is a display all the same: the space after it is the display's,
    // and the words after it go on with the paragraph unless set in.
    if (formula) appendDisplay(cur, line);
    else addLine(cur, line, kind);
  } else if (
    indented ||
    again ||
    afterList(t) ||
    lineStartsParagraph(line, b.body, afterSentence, margins.left) ||
    prevClosed(t) ||
    spacedAfterSentence(t) ||
    wideGap(t) ||
    listAfterShort(t) ||
    sizeChange(t) ||
    // Text after displayed prose starts afresh (the quote was a paragraph of its own).
    cur.lastKind === 'quote' ||
    cur.lastKind === 'table'
  ) {
    const open = start();
    if (indented || again) open.indentedFirst = true;
  } else {
    addLine(cur, line, kind);
  }
}

/**
 * The next label of a numbered list at the same place ("2." under "1.") starts the next item, even when the
 * item before ends in a comma (one sentence spread over the list).
 */
function nextItem({ cur, x, em, line }: TextLine): boolean {
  return cur.itemX !== null && Math.abs(x - cur.itemX) < 0.5 * em && isNextLabel(cur.first.text, line.text);
}

/**
 * Set at a list item's hanging indent (or, with none known, right of its label). An item whose lines went
 * back to its label's place ("a) Set a = -1 and" / "run experiments") has no hanging indent: a line set in
 * after it starts a paragraph of the item.
 */
function hanging({ cur, prev, x, em, margins, flowBreak }: TextLine): boolean {
  const wrapsAtLabel =
    cur.itemX !== null &&
    cur.last !== cur.first &&
    !flowBreak &&
    Math.abs(prev.x0 - margins.left - cur.itemX) < 0.3 * em;
  return (
    !wrapsAtLabel &&
    (cur.hang !== null
      ? Math.abs(x - cur.hang) < 0.6 * em
      : cur.itemX !== null && x > cur.itemX + 0.9 * em && x < cur.itemX + 5 * em)
  );
}

/**
 * Set in from where the paragraph's lines start (`next`: the text line under it, if any), by a paragraph's
 * indent: the first line of the next paragraph.
 */
function indentedStart(t: TextLine, next: Line | undefined): boolean {
  const { b, body, em, line, margins, cur, prev, dy, x, flowBreak } = t;
  let ref: number;
  if (
    next &&
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
  // After a short last line, a line set in by exactly the paragraph indent from it starts a paragraph, even
  // when the line after it is set in as well (a one-line paragraph followed by another).
  const indentAfterShort =
    !flowBreak &&
    cur.lastKind === 'text' &&
    dy < 1.6 * body.lineSpacing &&
    body.indent > 0.5 * em &&
    prev.x1 < margins.right - 2 * em &&
    Math.abs(line.x0 - prev.x0 - body.indent) < 0.3 * em;
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
    Math.abs(x - b.fromLeft(textLine) - body.indent) < 0.3 * em;
  return (
    !midSentence(t) &&
    !opensWithScript(line, body) &&
    ((line.x0 - ref > 0.5 * em && line.x0 - ref < 4.5 * em) || indentAfterShort || indentAfterDisplay)
  );
}

/**
 * Words going on in lower case from a line that ends mid-sentence continue it, however far they are set in
 * (a description item's second line is set in from its label).
 */
function midSentence({ cur, body, dy, prevEnd, line, flowBreak }: TextLine): boolean {
  return (
    !flowBreak &&
    cur.lastKind === 'text' &&
    dy < 1.6 * body.lineSpacing &&
    !CLAUSE_END.test(prevEnd) &&
    CONTINUATION.test(line.text)
  );
}

/**
 * A paragraph's second line goes back to the left edge; one that starts at the first line's indent again is
 * the first line of the next paragraph (one-line paragraphs in a row).
 */
function indentAgain({ cur, prev, line, body, em, dy, margins, prevEnd, flowBreak }: TextLine): boolean {
  return (
    cur.indentedFirst &&
    cur.last === cur.first &&
    cur.hang === null &&
    cur.itemX === null &&
    !flowBreak &&
    dy < 1.6 * body.lineSpacing &&
    Math.abs(line.x0 - prev.x0) < 0.3 * em &&
    // The first line ended its sentence, or the paragraph ("... goes. Homoscedasticity"): it stops short.
    (/[.!?:]["”’)]?$/.test(prevEnd) || prev.x1 < margins.right - 2 * em)
  );
}

/**
 * A displayed formula set flush left ("u0 = I," after "as follows:"), the next line of a display and the
 * words that go on after a formula ("and so on", "where x is") belong to the sentence around them, as in the
 * book's markup.
 */
function inFormula(
  { cur, prev, prevEnd, line, body, b }: TextLine,
  formula: boolean,
  indented: boolean,
): boolean {
  return (
    (formula &&
      (/[:,]$/.test(prevEnd) ||
        cur.lastKind === 'display' ||
        // A display nearly as wide as the column reads as a line of text: after words that do not
        // end a sentence ("and compute"), it is the sentence's formula.
        (cur.lastKind === 'text' && !/[.!?;]["”’)]?$/.test(prevEnd) && !LIST_LABEL.test(line.text)))) ||
    (CONTINUATION.test(line.text) &&
      !indented &&
      (cur.lastKind === 'display' || isFormulaLine(prev, body, b.fromLeft(prev))))
  );
}

/**
 * Text back at the label's place or left of it, set off by the space a list ends with: the paragraph after
 * the list.
 */
function afterList({ cur, x, em, dy, body, line, flowBreak }: TextLine): boolean {
  return (
    cur.itemX !== null &&
    !flowBreak &&
    x < cur.itemX + 0.3 * em &&
    dy > 1.3 * body.lineSpacing &&
    cur.lastKind === 'text' &&
    /^\p{Lu}/u.test(line.text) &&
    !LIST_LABEL.test(line.text)
  );
}

/** The last line stopped short after a sentence's end, or closed a proof (whose mark is set flush right). */
function prevClosed({ cur, prev, prevEnd, b, em }: TextLine): boolean {
  return (
    cur.lastKind === 'text' &&
    ((prev.x1 < b.marginsOf(prev).right - 2 * em && /[.!?:]["”’)]?$/.test(prevEnd)) ||
      PROOF_END.test(prev.text))
  );
}

/**
 * In a book that parts its paragraphs by space, not by an indent (Sphinx, a web page, a glossary's
 * entries): a sentence's end, then that space, is the next paragraph, however long the last line is.
 */
function spacedAfterSentence({ body, cur, prev, prevEnd, line, dy, flowBreak }: TextLine): boolean {
  return (
    body.paragraphsSpaced === true &&
    !flowBreak &&
    cur.lastKind === 'text' &&
    CLAUSE_END.test(prevEnd) &&
    dy > PARAGRAPH_SPACE * body.lineSpacing &&
    // Lines carrying a display's signs ("A = (3 1 5 2) .", "Then √ √" over its formula) are set apart
    // by the display's height, not by a paragraph's space.
    ![prev, line].some((l) => RELATIONS.test(l.text) || /[√∑∏∫]/.test(l.text))
  );
}

/** A wide gap after text, unless the words go on in lower case from a line that ends mid-sentence. */
function wideGap({ cur, body, dy, line, prevEnd, flowBreak }: TextLine): boolean {
  return (
    !flowBreak &&
    cur.lastKind === 'text' &&
    dy > 1.7 * body.lineSpacing &&
    !(CONTINUATION.test(line.text) && !CLAUSE_END.test(prevEnd))
  );
}

/**
 * A list's first label, or a description item's label set off in bold, under a line that stops short ("The
 * algorithmic steps are" / "1. initialize u0", "We have committed a" / "Type I Error if ..."): running text
 * fills its lines, so the list starts here even without a sentence's end.
 */
function listAfterShort({ cur, line, body, prev, margins, em, flowBreak }: TextLine): boolean {
  return (
    !flowBreak &&
    cur.lastKind === 'text' &&
    (LIST_LABEL.test(line.text) || opensWithWordSetOff(line, body)) &&
    prev.x1 < margins.right - 2 * em
  );
}

/** Text set at another size than the line before (a note set small after body text). */
function sizeChange({ cur, prev, line, body }: TextLine): boolean {
  return cur.lastKind === 'text' && isBodySize(prev, body) !== isBodySize(line, body);
}
