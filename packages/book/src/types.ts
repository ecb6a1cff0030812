/**
 * The Book XML format (docs/design.md "Book XML") as data. The pipeline produces it, the server stores it, the
 * reader parses it. `page` is the 1-based physical PDF page; `yStart` is the top of the paragraph's first
 * line as a fraction of the page height from the top (0..1), so overlays do not depend on zoom.
 */
export interface BookDocument {
  /** The `title` attribute of `<book>`; '' when absent (the outline shows 'Untitled Book'). */
  title: string;
  /** The `author` attribute of `<book>`; '' when absent. */
  author: string;
  chapters: BookChapter[];
}

export interface BookChapter {
  /** "3" for Chapter 3; unnumbered chapters get an id of their own (e.g. "A" for an appendix). */
  id: string;
  /** '' when absent (the outline shows 'Untitled Chapter'). */
  title: string;
  sections: BookSection[];
}

export interface BookSection {
  /** "3.2"; paragraphs before a chapter's first section belong to a section whose id is the chapter's id. */
  id: string;
  /** '' when absent (the outline shows the chapter's title, else 'Untitled Section'). */
  title: string;
  paragraphs: BookParagraph[];
}

import type { BlockKind } from './values.ts';

export type { BlockKind } from './values.ts';

export interface BookParagraph {
  /** `section.n`, e.g. "3.2.4" (shown as "Section 3.2, Paragraph 4"). */
  id: string;
  /** Positive integer (the `page` attribute). */
  page: number;
  /** 0..1 (the `y_start` attribute, written with at most 4 decimals). */
  yStart: number;
  /** Trimmed, with runs of whitespace collapsed to one space. */
  text: string;
  /** Ids of the paragraphs this one refers to explicitly (filled by the graph builder). */
  explicitRefs: string[];
  /** A caption, code listing, table or footnote; absent for prose (the `kind` attribute). */
  kind?: BlockKind;
}
