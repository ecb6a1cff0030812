/**
 * Groups reading-ordered lines into headings and paragraphs. A paragraph starts at a first-line indent, a
 * list label, a theorem-like lead-in ("Theorem 3.4", "Proof."), a wide vertical gap, a change of font size,
 * or after a short line that ends a sentence. Display lines (centred or deeply indented: equations, arrays)
 * stay in the paragraph around them, and unindented text after a display continues it, as in TeX sources.
 *
 * Each line is classified first (line-kinds.ts, tables.ts, displays.ts, footnotes.ts), then placed by the
 * first handler below that takes it: a listing's line, a run-in title, the line after a listing, a script,
 * a label alone, a heading, a table row, a line that must open a block, a caption's line, a display, and
 * last a text line (text-lines.ts). Whole blocks are then put together where a float, a page break or a
 * list's layout cut them (floats.ts, openings.ts, examples.ts, descriptions.ts, footnotes.ts).
 */
import { EXAMPLE_NUMBER, exampleNumber, numbersExamples } from '../../numbered-examples.ts';
import { isBodySize } from '../metrics.ts';
import type { Block, BodyMetrics } from '../types.ts';
import { isCodeLine, PROGRAM_SIGNS, readsAsWords } from './code.ts';
import { withTermsOnDescriptions } from './descriptions.ts';
import { displayedProseLines, isScriptLine } from './displays.ts';
import { EXAMPLE_ITEM, EXAMPLE_OPENING, withExamplesWhole } from './examples.ts';
import { isCaptionLine, joinAcrossFloats, withoutDrawingText } from './floats.ts';
import { footnoteBlocks, footnoteLines, footnoteMarks, withFootnotes } from './footnotes.ts';
import {
  CLOSES_BRACKET,
  classifyLine,
  isMinorHeading,
  lineMargins,
  withItemLines,
  type PageFlow,
} from './line-kinds.ts';
import { NAVIGATION } from './navigation.ts';
import {
  addLine,
  appendDisplay,
  BlockBuilder,
  type LineAt,
  type OpenBlock,
  type PageLines,
} from './open-block.ts';
import { LABEL_ALONE, LIST_LABEL, withItemNumbersOnTheirText } from './openings.ts';
import { CLAUSE_END, CONTINUATION, proseEnd } from './sentences.ts';
import { tableRows } from './tables.ts';
import { placeTextLine } from './text-lines.ts';

/** Places a line if it is of the handler's kind, and says whether it did. */
type LineHandler = (b: BlockBuilder, at: LineAt) => boolean;
/** Likewise, with a block open (blockOpening opened one if none was). */
type OpenBlockHandler = (b: BlockBuilder, at: LineAt, cur: OpenBlock) => boolean;

/** Builds the block stream (headings and paragraphs in reading order) from the pages' ordered lines. */
export function buildBlocks(pages: PageFlow[], body: BodyMetrics): Block[] {
  // A linguistics book numbers its examples: a line opening with one opens a block (numbered-examples.ts).
  const examples = numbersExamples(
    pages.flatMap((flow) => flow.lines.map((l) => exampleNumber(l.text)).filter((n) => n !== undefined)),
  );
  const b = new BlockBuilder(pages, body, examples);
  const notes: Block[] = [];
  for (const flow of pages) {
    const page = readPage(flow, body, examples);
    notes.push(
      ...footnoteBlocks(
        flow.lines.filter((_, i) => page.isNote[i]),
        flow.height,
      ),
    );
    for (let i = 0; i < flow.lines.length; i++) {
      if (page.isNote[i]) continue;
      const at: LineAt = { page, i, line: flow.lines[i]!, kind: page.kinds[i]!, margins: page.margins[i]! };
      b.place(at.line, at.margins);
      if (LINE_HANDLERS.some((handle) => handle(b, at))) continue;
      const cur = b.open!;
      if (!OPEN_BLOCK_HANDLERS.some((handle) => handle(b, at, cur))) placeTextLine(b, at, cur);
    }
  }
  b.close();
  const joined = withItemNumbersOnTheirText(joinAcrossFloats(withoutDrawingText(b.blocks))).filter(
    (block) => !NAVIGATION.test(block.text),
  );
  return withFootnotes(withTermsOnDescriptions(withExamplesWhole(joined, body, examples), body), notes);
}

/** Classifies a page's lines. */
function readPage(flow: PageFlow, body: BodyMetrics, examples: boolean): PageLines {
  const margins = lineMargins(flow, body);
  const kinds = withItemLines(
    flow.lines,
    flow.lines.map((l, i) => classifyLine(l, margins[i]!, body)),
    body,
  );
  const isNote = footnoteLines(flow, body);
  const tables = tableRows(flow.lines, kinds, body, examples);
  return {
    flow,
    kinds,
    margins,
    isNote,
    marks: footnoteMarks(flow.lines.filter((_, i) => isNote[i])),
    tables,
    prose: displayedProseLines(flow.lines, kinds, tables, body),
  };
}

/** The text opens more brackets than it closes. */
function opensMore(text: string): boolean {
  return text.split('(').length > text.split(')').length;
}

/**
 * A line of a listing: a listing is one block, however many blank lines and page breaks it spans. A line in
 * a typewriter face between lines of prose, at the text's size, is part of the sentence when it reads as
 * words (a menu path, "Statistics ▷ Proportions ▷ Enter table...") or the sentence visibly goes on into it
 * (after a comma, or a web address broken after a slash), not a listing; so is a name that ends the
 * sentence on a line of its own ("... in the log file" / "myprog.log:"), even right above the listing it
 * announces.
 */
function listingLine(b: BlockBuilder, { page, i, line, kind, margins }: LineAt): boolean {
  const lineAfter = page.flow.lines[i + 1];
  const sentence = b.open;
  const inSentence =
    sentence !== null &&
    sentence.blockKind === undefined &&
    sentence.lastKind === 'text' &&
    isBodySize(line, b.body);
  const typewriterWords =
    inSentence &&
    ((!(lineAfter && isCodeLine(lineAfter)) &&
      (readsAsWords(line.text) ||
        (/(?:,|https?:\/\/\S*\/)$/.test(sentence.last.text) && !PROGRAM_SIGNS.test(line.text)))) ||
      (/\p{L}$/u.test(sentence.last.text) && /^[\p{L}\p{N}_./-]+[.:]$/u.test(line.text)));
  // A line of signs alone in the listing's face ("{", "};") is the listing's, within or right before it.
  const signsOfListing =
    line.mono === true &&
    /^[\p{P}\p{S}\s]+$/u.test(line.text) &&
    (sentence?.blockKind === 'code' || (lineAfter !== undefined && isCodeLine(lineAfter)));
  // A caption's bracket closed on the next line ("(from libc" / "sysdeps/ia64/dl-machine.h)") is the caption's.
  const endsCaption =
    sentence?.blockKind === 'caption' && CLOSES_BRACKET.test(line.text) && opensMore(sentence.lines.text);
  if (!(isCodeLine(line) || signsOfListing) || kind === 'heading' || typewriterWords || endsCaption)
    return false;
  if (sentence?.blockKind === 'code') {
    sentence.lines.addListingLine(line.text);
    sentence.last = line;
    return true;
  }
  const wasProse = sentence !== null && sentence.blockKind === undefined;
  b.start(line, kind, page.flow.height, margins.left).blockKind = 'code';
  b.beforeListing = wasProse ? b.blocks.at(-1) : undefined;
  return true;
}

/**
 * A run-in title on a line of its own before text ("Sample Variance and Standard Deviation") is a minor
 * heading, not the start of the paragraph under it: it closes the block and is left out. A title stops
 * short of the right margin; a line that reaches it, or breaks a word, is text. Nor is a line a title where
 * it goes on, at the line spacing, from a line that stops mid-sentence (a list item's "ForwardEuler,
 * BackwardEuler," / "CrankNicolson").
 */
function runInTitleLine(b: BlockBuilder, { page, i, line, kind, margins }: LineAt): boolean {
  const { body } = b;
  const em = body.size;
  const lines = page.flow.lines;
  const going = b.open;
  const goesOn =
    going !== null &&
    going.lastKind === 'text' &&
    going.last.page === line.page &&
    line.baseline - going.last.baseline < 1.3 * body.lineSpacing &&
    !CLAUSE_END.test(proseEnd(going.last, page.marks));
  // Set off by space above and below, a title may reach the margin of a narrow box.
  const above = lines[i - 1];
  const below = lines[i + 1];
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
  if (
    !titleLike ||
    kind === 'heading' ||
    page.tables[i] ||
    page.kinds[i + 1] !== 'text' ||
    page.isNote[i + 1]
  )
    return false;
  b.close();
  b.beforeListing = undefined;
  return true;
}

/** The line after a listing starts afresh, or goes on with the paragraph the listing interrupted. */
function lineAfterListing(b: BlockBuilder, { page, line, kind, margins }: LineAt): boolean {
  if (b.open?.blockKind !== 'code' || kind === 'heading') return false;
  const interrupted = b.beforeListing;
  const open = b.start(line, kind, page.flow.height, margins.left);
  b.beforeListing = undefined;
  if (interrupted && kind === 'text' && CONTINUATION.test(line.text)) open.resumes = interrupted;
  return true;
}

/**
 * Super- and subscripts set on a line of their own ("∗", "j", "m ˆk") between two lines of a paragraph
 * belong to it; the next line is read against the paragraph's last full line.
 */
function scriptLine(b: BlockBuilder, { page, i, line }: LineAt): boolean {
  const within = b.open;
  const { body } = b;
  if (
    within &&
    within.blockKind === undefined &&
    !page.tables[i] &&
    isScriptLine(line, body) &&
    line.page === within.last.page &&
    line.baseline > within.last.baseline - body.size &&
    line.baseline - within.last.baseline < body.lineSpacing
  ) {
    within.lines.add(line.text);
    return true;
  }
  return false;
}

/**
 * A theorem-like label set large on a line of its own ("Exercise 4" centred above the exercise) is the
 * lead-in of the text under it, which is what "Exercise 4" refers to, not a heading of the book.
 */
function labelAloneLine(b: BlockBuilder, { page, i, line, kind, margins }: LineAt): boolean {
  if (kind !== 'heading' || !LABEL_ALONE.test(line.text) || page.kinds[i + 1] !== 'text') return false;
  const open = b.start(line, 'text', page.flow.height, margins.left);
  open.size = b.body.size;
  open.labelAlone = true;
  return true;
}

function headingLine(b: BlockBuilder, { page, line, kind }: LineAt): boolean {
  if (kind !== 'heading') return false;
  b.heading(line, page.flow);
  return true;
}

/** A table row: the first one starts the table's block; the text after the table starts afresh. */
function tableRow(b: BlockBuilder, { page, i, line, margins }: LineAt): boolean {
  if (!page.tables[i]) return false;
  const cur = b.open;
  if (cur && cur.lastKind === 'table') addLine(cur, line);
  else b.start(line, 'table', page.flow.height, margins.left);
  return true;
}

/**
 * A line that opens a block whatever is open: the first line, a caption's first line, a numbered example's.
 * After a numbered example's lines (its sub-items, glosses, tree), set in deeper than the paragraph indent,
 * a line back at the text's margin is the text again ("Horvath & Siloni (2008) give ...").
 */
function blockOpening(b: BlockBuilder, { page, i, line, kind, margins }: LineAt): boolean {
  const { body, examples } = b;
  const em = body.size;
  const cur = b.open;
  const deeper = body.indent + 0.5 * em;
  const lineBefore = page.flow.lines[i - 1];
  const afterExample =
    examples &&
    cur !== null &&
    (EXAMPLE_NUMBER.test(cur.lines.opening(32)) ||
      EXAMPLE_ITEM.test(cur.lines.opening(32)) ||
      b.fromLeft(cur.first) > deeper) &&
    b.fromLeft(lineBefore !== undefined && b.isPlaced(lineBefore) ? lineBefore : cur.last) > deeper &&
    b.fromLeft(line) < 0.5 * em;
  if (!cur || isCaptionLine(line, body) || (examples && EXAMPLE_OPENING.test(line.text)) || afterExample) {
    b.start(line, kind, page.flow.height, margins.left);
    return true;
  }
  return false;
}

/**
 * A wrapped caption goes on at the line spacing; whatever follows a caption (the figure's text, the
 * paragraph after the float, the next page) starts afresh.
 */
function captionLine(b: BlockBuilder, { page, line, kind, margins }: LineAt, cur: OpenBlock): boolean {
  if (cur.blockKind !== 'caption') return false;
  const dy = line.baseline - cur.last.baseline;
  if (line.page === cur.last.page && dy > 0 && dy < 1.25 * b.body.lineSpacing && kind !== 'display')
    addLine(cur, line);
  else b.start(line, kind, page.flow.height, margins.left);
  return true;
}

/**
 * A display line stays in its paragraph. Displayed prose is set off after a colon or a finished sentence
 * (a paragraph of its own); otherwise it continues a sentence. After a table, a display starts afresh.
 */
function displayLine(b: BlockBuilder, { page, i, line, kind, margins }: LineAt, cur: OpenBlock): boolean {
  if (kind !== 'display') return false;
  if ((cur.lastKind === 'quote' || /[.:!?]["”’)]?$/.test(proseEnd(cur.last, page.marks))) && page.prose[i]) {
    if (cur.lastKind === 'quote' && line.baseline - cur.last.baseline < 1.6 * b.body.lineSpacing)
      addLine(cur, line);
    else b.start(line, 'quote', page.flow.height, margins.left);
  } else if (cur.lastKind === 'table') b.start(line, kind, page.flow.height, margins.left);
  else appendDisplay(cur, line);
  return true;
}

/** In this order: the first that takes a line places it. */
const LINE_HANDLERS: readonly LineHandler[] = [
  listingLine,
  runInTitleLine,
  lineAfterListing,
  scriptLine,
  labelAloneLine,
  headingLine,
  tableRow,
  blockOpening,
];
const OPEN_BLOCK_HANDLERS: readonly OpenBlockHandler[] = [captionLine, displayLine];
