/**
 * The block being built and the blocks built so far: what buildBlocks's line handlers share. A line either
 * goes on with the open block or closes it and starts the next.
 */
import type { BlockKind } from '@threadbook/book';
import { sideOf, type Gutter } from '../columns.ts';
import type { PageMargins } from '../metrics.ts';
import { joinLines, JoinedLines, tidyParagraph } from '../text.ts';
import type { Block, BodyMetrics, Line } from '../types.ts';
import { isCaptionLine } from './floats.ts';
import { SECTION_NUMBER, type LineKind, type PageFlow } from './line-kinds.ts';
import { hangingIndent, LIST_LABEL } from './openings.ts';

/** A page's lines as the handlers read them: each one's kind and margins, and what the page holds. */
export interface PageLines {
  flow: PageFlow;
  kinds: LineKind[];
  margins: PageMargins[];
  isNote: boolean[];
  /** The marks of the page's footnotes: a sentence may end before one ("needed.4"). */
  marks: ReadonlySet<string>;
  tables: boolean[];
  /** Display lines whose block is displayed prose. */
  prose: boolean[];
}

/** One line to place: line `i` of its page. */
export interface LineAt {
  page: PageLines;
  i: number;
  line: Line;
  kind: LineKind;
  margins: PageMargins;
}

export interface OpenBlock {
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
  lines: JoinedLines;
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

/** Adds a line's text to the open block, which the line now ends (as a line of `kind`, when given). */
export function addLine(open: OpenBlock, line: Line, kind?: LineKind): void {
  open.lines.add(line.text);
  open.last = line;
  if (kind !== undefined) open.lastKind = kind;
}

/** Adds a line of a display to the paragraph, first noting where the paragraph's text lines start. */
export function appendDisplay(cur: OpenBlock, line: Line): void {
  // Known from a line that is not an indented first line (a first line set in may be a box's flush line
  // that only looks indented).
  if (cur.lastKind === 'text')
    cur.textLine = cur.last === cur.first && cur.indentedFirst ? undefined : cur.last;
  addLine(cur, line, 'display');
}

/** `{ column: 1 }` for a line in the right column of a page in two columns. */
function columnOf(line: Line, gutter: Gutter | null | undefined): { column?: 1 } {
  return gutter && sideOf(line, gutter) === 'right' ? { column: 1 } : {};
}

export class BlockBuilder {
  readonly blocks: Block[] = [];
  open: OpenBlock | null = null;
  /** The prose paragraph a listing closed, while the listing is open. */
  beforeListing: Block | undefined;
  /** Each line's own margins, to read a line before a column or page break against its own column. */
  private readonly marginsOfLine = new Map<Line, PageMargins>();
  private readonly gutters: ReadonlyMap<number, Gutter | null>;
  readonly body: BodyMetrics;
  /** The book numbers its examples (numbered-examples.ts). */
  readonly examples: boolean;

  constructor(pages: readonly PageFlow[], body: BodyMetrics, examples: boolean) {
    this.gutters = new Map(pages.map((flow) => [flow.page, flow.gutter ?? null]));
    this.body = body;
    this.examples = examples;
  }

  /** Notes the margins of the column a line is in, as it is reached. */
  place(line: Line, margins: PageMargins): void {
    this.marginsOfLine.set(line, margins);
  }

  /** Whether a line has been reached (a footnote is never). */
  isPlaced(line: Line): boolean {
    return this.marginsOfLine.has(line);
  }

  /** The margins of a line's own column. */
  marginsOf(line: Line): PageMargins {
    return this.marginsOfLine.get(line)!;
  }

  /** Where a line starts, from its own column's left margin. */
  fromLeft(line: Line): number {
    return line.x0 - this.marginsOf(line).left;
  }

  /** Ends the open block: a paragraph, unless it has no text or goes on with the one a listing interrupted. */
  close(): void {
    const open = this.open;
    if (!open) return;
    const text = tidyParagraph(open.lines.text);
    if (open.resumes && text !== '') {
      open.resumes.text = joinLines(open.resumes.text, text);
    } else if (text !== '') {
      this.blocks.push({
        kind: 'paragraph',
        ...(open.blockKind === undefined ? {} : { blockKind: open.blockKind }),
        page: open.page,
        top: open.top,
        ...columnOf(open.first, this.gutters.get(open.page)),
        pageHeight: open.pageHeight,
        size: open.size,
        text,
        inset: this.fromLeft(open.first),
        ...(open.last === open.first || open.last.page !== open.first.page
          ? {}
          : { lastInset: this.fromLeft(open.last) }),
      });
    }
    this.open = null;
  }

  /** Closes the open block and opens the next at `line` (`left`: its column's left margin). */
  start(line: Line, kind: LineKind, height: number, left: number): OpenBlock {
    this.close();
    const hang = hangingIndent(line);
    const open: OpenBlock = {
      hang: hang === null ? null : hang - left,
      itemX: LIST_LABEL.test(line.text) ? line.x0 - left : null,
      page: line.page,
      top: line.top,
      pageHeight: height,
      size: line.size,
      lines: new JoinedLines(line.text),
      last: line,
      lastKind: kind,
      first: line,
      indentedFirst: false,
      blockKind: kind === 'table' ? 'table' : isCaptionLine(line, this.body) ? 'caption' : undefined,
    };
    this.open = open;
    return open;
  }

  /** Closes the open block and adds a heading line: a heading of its own, or the next line of the one above. */
  heading(line: Line, flow: PageFlow): void {
    this.close();
    const prev = this.blocks[this.blocks.length - 1];
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
      this.blocks.push({
        kind: 'heading',
        page: line.page,
        top: line.top,
        ...columnOf(line, flow.gutter),
        pageHeight: flow.height,
        size: line.size,
        text: line.text,
      });
    }
  }
}
