import type { BlockKind } from '@threadbook/book';

/**
 * Shared shapes of the extraction stages. Coordinates are PDF points in the rendered page's frame: x from
 * the left edge, y from the top edge (pdf.js viewport at scale 1), so they match what the reader shows.
 */

/** One text item of pdf.js, normalised: `y` is the baseline measured from the top of the page. */
export interface TextRun {
  str: string;
  x: number;
  y: number;
  width: number;
  /** Font size in points (the vertical scale of the text matrix). */
  size: number;
  /** pdf.js font id (e.g. "g_d0_f3"); stands for one font face of the document. */
  font: string;
  /** Set in a fixed-pitch (typewriter) face: code, program output, identifiers. */
  mono?: boolean;
}

export interface PageText {
  /** 1-based physical page number. */
  page: number;
  width: number;
  height: number;
  runs: TextRun[];
}

/** A visual line (or, after column splitting, one column's part of it). */
export interface Line {
  page: number;
  x0: number;
  x1: number;
  /** Top of the line (baseline minus the font's ascent), from the top of the page. */
  top: number;
  baseline: number;
  /** The dominant font size (by characters). */
  size: number;
  /** The dominant font id (by characters). */
  font: string;
  text: string;
  runs: TextRun[];
  /** Most of the line is set in a fixed-pitch face: a line of code or program output. */
  mono?: boolean;
}

/** An outline entry resolved to a position: `top` is from the top of the page, in points. */
export interface OutlineEntry {
  title: string;
  /** 1 for top-level entries. */
  level: number;
  page: number;
  top: number;
  /** Left edge of the destination, when it names one: on a page in two columns, which column it is in. */
  left?: number;
  children: OutlineEntry[];
}

/** Book-wide typographic measures, used to tell body text from headings, indents and display lines. */
export interface BodyMetrics {
  /** Most common font size of running text. */
  size: number;
  /** Most common font of running text. */
  font: string;
  /** Most common distance between baselines of consecutive body lines. */
  lineSpacing: number;
  /** Paragraph indent (first-line indent) in points; 0 when the book does not indent. */
  indent: number;
  /** The book parts its paragraphs by space, not by an indent (metrics.ts partsBySpace). */
  paragraphsSpaced?: boolean;
}

/** A unit of the reading stream: a heading or a paragraph, with the position of its first line. */
export interface Block {
  kind: 'heading' | 'paragraph';
  /** For a paragraph that is not prose: a caption, code listing, table or footnote (Book XML's `kind`). */
  blockKind?: BlockKind;
  page: number;
  top: number;
  /** 1 for a block in the right column of a page set in two columns: it comes after the left column. */
  column?: 1;
  /** Page height, to turn `top` into a fraction. */
  pageHeight: number;
  size: number;
  text: string;
  /** A paragraph's first line's distance from its column's left margin, in points. */
  inset?: number;
  /** Its last line's, when it has more than one: whether the whole block is set in (a description). */
  lastInset?: number;
}
