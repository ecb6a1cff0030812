/**
 * The PDF's own internal links (link annotations that jump to a place in the document), read with pdf.js
 * and mapped to the paragraphs they leave from and arrive at. They are evidence for explicit references,
 * and the ground truth the reference detector is measured against.
 */
import { isPrintedNumber } from '@threadbook/book';
import { destinationResolver } from '../destinations.ts';
import { isFigureText } from '../figure-text.ts';
import { squash } from '../extract/headings.ts';
import { readPageText } from '../extract/load.ts';
import type { PageText, TextRun } from '../extract/types.ts';
import { AnnotationType, type PageViewport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { loadPdf } from '../pdfjs.ts';
import { isIllustration } from './paragraphs.ts';
import { namesAnswerTo } from './refs/answer-labels.ts';
import { findReferenceMentions } from './refs/grammar.ts';
import { linkWords, PART_OF_BOOK } from './refs/link-words.ts';
import { isInSection, SECTION_KINDS } from './refs/targets.ts';
import type { ExplicitReference, GraphParagraph } from './types.ts';

export interface PdfLink {
  /** 1-based page the link is on. */
  page: number;
  /** The clickable area as fractions of the page, top and bottom measured from the top. */
  rect: { left: number; top: number; right: number; bottom: number };
  /** The text under the link, when asked for (readInternalLinks with anchors). */
  anchor?: string;
  target: {
    page: number;
    /** Fraction of the page from the top; undefined when the destination names the page only. */
    y: number | undefined;
    /** Fraction of the page from the left, when the destination gives it. */
    x?: number | undefined;
    /** The named destination ("Hfootnote.2", "section.3.2"), when the link uses one. */
    name: string | undefined;
  };
}

export interface LinkedPair {
  sourceId: string;
  targetId: string;
  targetSectionId: string;
  /** The text under the pair's links ("Example 23.11", "1.1.5"), when the links were read with anchors. */
  anchors?: string[];
}

/**
 * Every link annotation of the PDF whose destination is a page of the same document, in page order; with
 * `anchors`, each with the text under it (which costs reading the text of every page with links).
 */
export async function readInternalLinks(
  pdf: Uint8Array,
  options: { anchors?: boolean } = {},
): Promise<PdfLink[]> {
  const task = loadPdf(pdf, { disableFontFace: true, stopAtErrors: false });
  try {
    const doc = await task.promise;
    const resolve = destinationResolver(doc);
    // All link annotations in one call: pdf.js's page by page getAnnotations reads each page's text again
    // to find the words under its links (2.2 s of aata's 357 pages, against 0.2 s for this).
    const annotations = ((await doc.getAnnotationsByType(new Set([AnnotationType.LINK]), new Set())) ??
      []) as LinkAnnotation[];
    // In page order; a page's links in the order of its annotations (the sort keeps it).
    annotations.sort((a, b) => a.pageIndex - b.pageIndex);
    const links: PdfLink[] = [];
    let onPage: { number: number; viewport: PageViewport; words?: TextRun[] } | undefined;
    for (const annotation of annotations) {
      if (!annotation.dest || annotation.rect?.length !== 4) continue;
      const target = await resolve(annotation.dest).catch(() => null);
      if (!target) continue;
      const pageNumber = annotation.pageIndex + 1;
      if (onPage?.number !== pageNumber) {
        const page = await doc.getPage(pageNumber);
        onPage = { number: pageNumber, viewport: page.getViewport({ scale: 1 }) };
      }
      const { viewport } = onPage;
      const [ax1 = 0, ay1 = 0, ax2 = 0, ay2 = 0] = annotation.rect;
      const [x1 = 0, y1 = 0] = viewport.convertToViewportPoint(ax1, ay1) as number[];
      const [x2 = 0, y2 = 0] = viewport.convertToViewportPoint(ax2, ay2) as number[];
      const rect = {
        left: Math.min(x1, x2),
        top: Math.min(y1, y2),
        right: Math.max(x1, x2),
        bottom: Math.max(y1, y2),
      };
      // The page's text as the extraction reads it: runs with baselines in the same frame as `rect`.
      if (options.anchors) onPage.words ??= (await readPageText(doc, pageNumber)).runs;
      links.push({
        page: pageNumber,
        rect: {
          left: rect.left / viewport.width,
          top: rect.top / viewport.height,
          right: rect.right / viewport.width,
          bottom: rect.bottom / viewport.height,
        },
        ...(onPage.words ? { anchor: textWithin(onPage.words, rect) } : {}),
        target: {
          page: target.page,
          y: target.top === null ? undefined : target.top / target.pageHeight,
          x: target.left === null ? undefined : target.left / target.pageWidth,
          name: typeof annotation.dest === 'string' ? annotation.dest : undefined,
        },
      });
    }
    return links;
  } finally {
    await task.destroy();
  }
}

/** What readInternalLinks reads of a link annotation (pdf.js's annotation data). */
interface LinkAnnotation {
  pageIndex: number;
  dest?: unknown;
  rect?: number[];
}

/** Characters taken beyond each side of a link: an item's characters are not all as wide as its average. */
const ANCHOR_SLACK = 3;

/**
 * The text whose baseline lies in `rect`: of an item reaching beyond it, the characters over it (placed
 * by the item's average character width, so give or take a few).
 */
function textWithin(words: TextRun[], rect: { left: number; top: number; right: number; bottom: number }) {
  const parts: string[] = [];
  for (const w of words) {
    if (w.y < rect.top || w.y > rect.bottom + 1 || w.x > rect.right || w.x + w.width < rect.left) continue;
    const perChar = w.width / w.str.length || 1;
    const from = Math.max(0, Math.round((rect.left - w.x) / perChar) - ANCHOR_SLACK);
    const to = Math.min(w.str.length, Math.round((rect.right - w.x) / perChar) + ANCHOR_SLACK);
    parts.push(w.str.slice(from, to));
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** A destination named as a footnote ("Hfootnote.2"): the link is the footnote's mark, not a cross-reference. */
const FOOTNOTE_DEST = /footnote/i;

export function isFootnoteMark(link: PdfLink): boolean {
  return FOOTNOTE_DEST.test(link.target.name ?? '');
}

/**
 * The pairs of paragraphs the book's links join as cross-references. A link to a footnote (named so, or
 * landing on one) is the footnote's mark; a link from inside a listing is the listing's own business.
 */
export function crossReferencePairs(links: PdfLink[], paragraphs: GraphParagraph[]): LinkedPair[] {
  const kindOf = new Map(paragraphs.map((p) => [p.id, p.kind]));
  return mapLinksToParagraphs(
    links.filter((link) => !isFootnoteMark(link)),
    paragraphs,
  ).filter((pair) => kindOf.get(pair.targetId) !== 'footnote' && kindOf.get(pair.sourceId) !== 'code');
}

/**
 * A link's rectangle sits on the text line; the paragraph's yStart is the top of its first line. A link on
 * that first line may reach a little above it (the rectangle includes ascenders and padding).
 */
const SOURCE_SLACK = 0.006;

/** How far below a destination the paragraph it names may start, and how far above (its first line). */
const ABOVE_SLACK = 0.006;
const FIRST_LINE = 0.021;
/** Room for a heading (and the space around it) between a destination and the paragraph it leads to. */
const HEADING_GAP = 0.06;
/**
 * How far below a destination a section's first paragraph may start, with nothing between: a chapter's or
 * section's heading set large with space around it (FOP sets the destination above the space).
 */
const HEADING_REACH = 0.15;

/** A caption's opening, in a Book XML without kinds: the figure's, table's or example's number. */
const CAPTION = /^(?:(?:Figure|Table|Listing)\s+\d+(?:\.\d+)*\b|Example\s+\d+(?:\.\d+)*[.:]\s)/;

/** A caption: a block the extraction marked as one, or one that opens with the figure's or table's number. */
function isCaption(paragraph: GraphParagraph): boolean {
  return paragraph.kind === 'caption' || CAPTION.test(paragraph.text);
}

/**
 * The caption of the figure a destination is the top of. A figure's destination is set above the drawing,
 * and its caption (the paragraph that names it) comes below, with nothing but the figure's own text between.
 * A table's destination is at its caption, which opens the table.
 */
function figureBelow(onPage: GraphParagraph[], y: number): GraphParagraph | undefined {
  for (const p of onPage) {
    if (p.yStart < y - FIRST_LINE) continue;
    if (isCaption(p)) return p;
    if (!isFigureText(p.text)) return undefined;
  }
  return undefined;
}

/** A destination LaTeX (hyperref) names for a numbered display: "equation.1.4". */
const EQUATION_DEST = /^equation\./;
/** ... for a sectioning unit ("section.5.6", "subsection.4.2.3", "appendix.D"): set at its heading. */
const SECTION_DEST = /^(?:chapter|section|subsection|subsubsection|appendix)\*?\./;
/** ... for a float ("figure.2.7", "table.4.1"): set above the drawing or at the caption. */
const FLOAT_DEST = /^(?:figure|table)\./;

/** How far up the next paragraph in reading order must start to open a new column. */
const COLUMN_JUMP = 0.1;
/**
 * A page's second column opens above this share of the page height. Its first paragraph may start well
 * down it: the top of the column can be the end of a paragraph that began in the column before.
 */
const COLUMN_TOP = 0.6;

/**
 * On a page set in two columns, the paragraphs of the column at `x` (a fraction of the page width), and
 * the last paragraph before that column (its text may run on into it). The columns are read off the
 * reading order: the right column starts where the next paragraph starts well above the one before it.
 * Elsewhere, the page's paragraphs.
 */
function columnAt(
  inOrder: GraphParagraph[],
  x: number,
): { column: GraphParagraph[]; before?: GraphParagraph } {
  const jump = inOrder.findIndex((p, i) => i > 0 && p.yStart < inOrder[i - 1]!.yStart - COLUMN_JUMP);
  const more =
    jump > 0 && inOrder.slice(jump + 1).some((p, i) => p.yStart < inOrder[jump + i]!.yStart - COLUMN_JUMP);
  // A float placed out of order low on the page does not make a column.
  if (jump <= 0 || more || inOrder[jump]!.yStart > COLUMN_TOP) return { column: [...inOrder] };
  return x < 0.5
    ? { column: inOrder.slice(0, jump) }
    : { column: inOrder.slice(jump), before: inOrder[jump - 1] };
}

/** A link with the paragraph it leaves from and the one it arrives at. */
export interface LinkEnds {
  link: PdfLink;
  source: GraphParagraph;
  target: GraphParagraph;
}

/**
 * The paragraphs each link joins, in the links' order. Links from outside the body paragraphs (contents,
 * front matter) and into pages before the first or after the last paragraph (contents, index,
 * bibliography) are left out, as are links within one paragraph.
 */
export function linkEnds(links: PdfLink[], paragraphs: GraphParagraph[]): LinkEnds[] {
  const byPage = new Map<number, GraphParagraph[]>();
  for (const p of paragraphs) {
    const list = byPage.get(p.page) ?? [];
    list.push(p);
    byPage.set(p.page, list);
  }
  const byOrder = new Map(
    [...byPage].map(([page, list]) => [page, [...list].sort((a, b) => a.order - b.order)]),
  );
  const byY = (a: GraphParagraph, b: GraphParagraph) => a.yStart - b.yStart || a.order - b.order;
  // The first paragraph of each section: where a heading's destination leads.
  const openings = new Set<string>();
  const opened = new Set<string>();
  for (const p of paragraphs) {
    if (opened.has(p.sectionId)) continue;
    opened.add(p.sectionId);
    openings.add(p.id);
  }
  for (const list of byPage.values()) list.sort(byY);
  const pages = [...byPage.keys()].sort((a, b) => a - b);
  const firstPage = pages[0] ?? 0;
  const lastPage = pages[pages.length - 1] ?? 0;
  const previousPageLast = (page: number): GraphParagraph | undefined => {
    const earlier = pages.filter((p) => p < page);
    const list = byPage.get(earlier[earlier.length - 1] ?? -1);
    return list?.[list.length - 1];
  };
  const nextPageFirst = (page: number): GraphParagraph | undefined =>
    byPage.get(pages.find((p) => p > page) ?? -1)?.[0];
  /** The last prose paragraph of the pages before `page`. */
  const previousProse = (page: number): GraphParagraph | undefined => {
    for (const earlier of pages.filter((p) => p < page).reverse()) {
      const prose = byPage.get(earlier)!.filter((p) => p.kind === undefined);
      if (prose.length > 0) return prose[prose.length - 1];
    }
    return undefined;
  };

  const sourceOf = (link: PdfLink): GraphParagraph | undefined => {
    if (link.page < firstPage || link.page > lastPage) return undefined;
    const { column, before } = columnAt(byOrder.get(link.page) ?? [], link.rect.left);
    const onPage = column.filter((p) => p.yStart <= link.rect.top + SOURCE_SLACK).sort(byY);
    // Above a column's first paragraph is the end of the one the column before (or the page before) ran on.
    return onPage[onPage.length - 1] ?? before ?? previousPageLast(link.page);
  };

  const targetOf = (link: PdfLink): GraphParagraph | undefined => {
    const { page, y, x } = link.target;
    if (page < firstPage || page > lastPage) return undefined;
    const { column, before } =
      x === undefined ? { column: byPage.get(page) ?? [] } : columnAt(byOrder.get(page) ?? [], x);
    const onPage = x === undefined ? column : column.sort(byY);
    if (y === undefined) return onPage[0] ?? previousPageLast(page);
    // A displayed equation belongs to the prose paragraph it sits in, which may have begun a column or a
    // page before; a float's caption set at the top of the page, before the rest of it, is not that one.
    if (EQUATION_DEST.test(link.target.name ?? ''))
      return (
        onPage.filter((p) => p.kind === undefined && p.yStart <= y + FIRST_LINE).at(-1) ??
        (before?.kind === undefined ? before : undefined) ??
        previousProse(page)
      );
    // A float's destination names its caption, below it on the page whatever text the drawing has.
    if (FLOAT_DEST.test(link.target.name ?? '')) {
      const caption = onPage.find(
        (p) => p.yStart >= y - FIRST_LINE && isCaption(p) && !closesFloatAbove(p, y),
      );
      if (caption !== undefined) return caption;
    }
    return figureBelow(onPage, y) ?? paragraphAt(onPage, page, y, SECTION_DEST.test(link.target.name ?? ''));
  };

  // A caption that starts above the destination, under a float's body, is the caption of the float before:
  // the destination is the top of the next float (ipsur: "Table 7.3" set right under Table 7.2's caption).
  const closesFloatAbove = (caption: GraphParagraph, y: number): boolean => {
    if (caption.yStart >= y) return false;
    const before = byOrder
      .get(caption.page)
      ?.filter((p) => p.order < caption.order)
      .at(-1);
    return (
      before !== undefined &&
      (before.kind === 'table' || isFigureText(before.text)) &&
      before.yStart < caption.yStart
    );
  };

  const paragraphAt = (
    onPage: GraphParagraph[],
    page: number,
    y: number,
    atHeading: boolean,
  ): GraphParagraph | undefined => {
    // A destination at a heading, however named (FOP names them by id), leads to the section's first
    // paragraph below it, never to the last line of the section before.
    const opening = onPage.find((p) => p.yStart >= y - ABOVE_SLACK && openings.has(p.id));
    // A paragraph starting a line above may be the destination's own (its first baseline): then only a
    // section heading's usual room is the heading's.
    const lineAbove = onPage.some((p) => p.yStart >= y - FIRST_LINE && p.yStart < y - ABOVE_SLACK);
    if (
      opening &&
      opening.yStart - y <= (lineAbove ? HEADING_GAP : HEADING_REACH) &&
      // Nothing between, nor a paragraph set at the destination itself (aata: "Corollary 21.36").
      !onPage.some((p) => p.yStart >= y - ABOVE_SLACK && p.yStart < opening.yStart)
    )
      return opening;
    // A heading that ends its page (nothing starts at or below it): its section opens the next one.
    const next = nextPageFirst(page);
    if (
      !onPage.some((p) => p.yStart > y - FIRST_LINE) &&
      next !== undefined &&
      openings.has(next.id) &&
      y > 1 - HEADING_REACH
    )
      return next;
    // A destination is set at the top of what it names, a hair above it, or on its first baseline (so
    // the paragraph may start up to a line above); one above a heading names the paragraph after the
    // heading; one further down a paragraph (a displayed equation) names the paragraph spanning it.
    const below = onPage.find((p) => p.yStart > y);
    // A section's destination is its heading: the paragraph after it (on the next page when the heading
    // ends this one), not the last line of the section before that starts a line above.
    if (atHeading) return onPage.find((p) => p.yStart >= y - ABOVE_SLACK) ?? nextPageFirst(page);
    const startsAbove = onPage.filter((p) => p.yStart >= y - FIRST_LINE && p.yStart <= y).at(-1);
    if (startsAbove) return startsAbove;
    const startsJustBelow = onPage.find((p) => p.yStart > y && p.yStart <= y + ABOVE_SLACK);
    if (startsJustBelow) return startsJustBelow;
    const spanning = onPage.filter((p) => p.yStart < y).at(-1);
    if (below && (below.yStart - y <= HEADING_GAP || !spanning)) return below;
    return spanning ?? previousPageLast(page);
  };

  return links.flatMap((link) => {
    const source = sourceOf(link);
    const target = targetOf(link);
    return source && target && source.id !== target.id ? [{ link, source, target }] : [];
  });
}

/**
 * The paragraph pairs the links join (linkEnds), unique and in the links' order, each with the text under
 * its links when they were read with anchors.
 */
export function mapLinksToParagraphs(links: PdfLink[], paragraphs: GraphParagraph[]): LinkedPair[] {
  const byKey = new Map<string, LinkedPair>();
  const pairs: LinkedPair[] = [];
  for (const { link, source, target } of linkEnds(links, paragraphs)) {
    const key = `${source.id}>${target.id}`;
    const anchor = link.anchor;
    const known = byKey.get(key);
    if (known) {
      if (anchor !== undefined) known.anchors?.push(anchor);
      continue;
    }
    const pair: LinkedPair = {
      sourceId: source.id,
      targetId: target.id,
      targetSectionId: target.sectionId,
      ...(anchor !== undefined ? { anchors: [anchor] } : {}),
    };
    byKey.set(key, pair);
    pairs.push(pair);
  }
  return pairs;
}

/** Words that name a figure or a table by its number: "Figure 3.6", "Fig. 2", "Table 3.8". */
const NAMES_A_FLOAT = /^(?:Figures?|Fig\.|Tables?|Tab\.)\s*\d/i;

/**
 * Whether a link's words name what its landing paragraph cannot be: a part ("Part I of this book") lands
 * on whatever follows the part's title page, and a figure or table whose caption the book left out of its
 * paragraphs (a drawn tree's) on whatever prose stands there.
 */
export function landsOnNothingNamed(words: string, target: GraphParagraph): boolean {
  return PART_OF_BOOK.test(words) || (NAMES_A_FLOAT.test(words) && !isIllustration(target));
}

/**
 * The references a link alone made (the text finder read no words for them) with the words under the
 * link as their phrase, so a reason quotes the book ("the section called “Properties”") rather than naming
 * two paragraphs; one whose words are not its paragraph's is left out. The words are found in the pages'
 * text `read` (extraction's), or in the pages of such links read again. An exercise's link to its answer
 * keeps the answer's number.
 */
export async function withLinkWords(
  pdf: Uint8Array,
  references: readonly ExplicitReference[],
  links: PdfLink[],
  paragraphs: GraphParagraph[],
  read?: readonly PageText[],
): Promise<ExplicitReference[]> {
  const wordless = references.filter((r) => r.via === 'link' && r.phrase === '' && r.role === undefined);
  if (wordless.length === 0) return [...references];
  const ends = linkEnds(links, paragraphs);
  const linkOf = new Map<ExplicitReference, LinkEnds>();
  for (const reference of wordless) {
    const end = ends.find((e) => e.source.id === reference.sourceId && e.target.id === reference.targetId);
    if (end) linkOf.set(reference, end);
  }
  // The pages' text as extraction read it, else read again from the PDF (opened when first needed).
  let task: ReturnType<typeof loadPdf> | undefined;
  const pages = new Map<number, PageText>(read?.map((page) => [page.page, page]));
  const pageText = async (number: number) => {
    task ??= loadPdf(pdf, { disableFontFace: true, stopAtErrors: false });
    const page = await readPageText(await task.promise, number);
    pages.set(number, page);
    return page;
  };
  const words = new Map<ExplicitReference, string>();
  // Links whose words stand elsewhere than their paragraph, or name a part of the book: no reference.
  const dropped = new Set<ExplicitReference>();
  try {
    for (const [reference, { link, source, target }] of linkOf) {
      const page = pages.get(link.page) ?? (await pageText(link.page));
      const { left, top, right, bottom } = link.rect;
      const rect = {
        left: left * page.width,
        top: top * page.height,
        right: right * page.width,
        bottom: bottom * page.height,
      };
      const anchor = linkWords(textWithin(page.runs, rect), source.text, ANCHOR_SLACK);
      if (!/[\p{L}\p{N}]/u.test(anchor)) continue;
      if (landsOnNothingNamed(anchor, target)) {
        dropped.add(reference);
        continue;
      }
      // Words the paragraph does not hold: the link sits in text the book left out of its paragraphs (a
      // part's table of contents, a drawing), not in the paragraph before it.
      if (squash(source.text).includes(squash(anchor))) words.set(reference, anchor);
      else dropped.add(reference);
    }
  } finally {
    await task?.destroy();
  }
  const byOrder = new Map(paragraphs.map((p) => [p.order, p]));
  const byId = new Map(paragraphs.map((p) => [p.id, p]));
  return references.flatMap((r) => {
    if (dropped.has(r)) return [];
    const phrase = words.get(r);
    const landing = byId.get(r.targetId);
    if (phrase === undefined || landing === undefined) return [r];
    const meant = paragraphLinkWordsMean(phrase, landing, byOrder);
    if (meant === undefined) return [];
    if (meant !== landing) return [{ ...r, phrase, targetId: meant.id, kind: 'section' as const }];
    if (namesAnswerTo(phrase, landing))
      return [{ ...r, phrase, kind: 'exercise' as const, role: 'answer' as const }];
    return [{ ...r, phrase, kind: r.kind === 'other' ? (partNamed(phrase) ?? r.kind) : r.kind }];
  });
}

/**
 * The part of the book a link's words name by its title ("the section called “Sign-extension”"), as
 * a chapter with a section's number ("Chapter 1.1.2"), or as the reference grammar reads it ("Sec. 1.7.3").
 */
export function partNamed(phrase: string): ExplicitReference['kind'] | undefined {
  // "the start of this chapter" is a place on a page, not the chapter.
  if (!/[“"\d]/.test(phrase)) return undefined;
  if (/\bchapters?\b/i.test(phrase)) return /\d\.\d/.test(phrase) ? 'section' : 'chapter';
  if (/\b(?:sections?|subsections?|appendix|appendices)\b/i.test(phrase)) return 'section';
  const mentions = findReferenceMentions(`see ${phrase}`);
  return mentions.length === 1 && SECTION_KINDS.has(mentions[0]!.kind) ? mentions[0]!.kind : undefined;
}

/** How many paragraphs above a section's first a link to it may land (a float the heading follows). */
export const PARAGRAPHS_ABOVE_HEADING = 8;

/**
 * The paragraph a link stands for, given the section its words name ("see Section 7.2"): where it landed
 * when that is in the section, or the words name none; the section's first paragraph when the link landed
 * a little above its heading (the destination set over the heading, on a table floated before it); none
 * when it landed in another numbered section with the named one nowhere below ("see Section 3.1.7 for
 * more", a heading the author left empty, and the link landed on 3.2's opening).
 */
export function paragraphLinkWordsMean(
  phrase: string,
  landing: GraphParagraph,
  byOrder: Map<number, GraphParagraph>,
): GraphParagraph | undefined {
  // Read as a sentence reads it: alone, "Section 7.2" would be a heading's own label.
  const mentions = findReferenceMentions(`see ${phrase}`).filter((m) => SECTION_KINDS.has(m.kind));
  if (mentions.length !== 1) return landing;
  const label = mentions[0]!.label;
  if (isInSection(landing, label)) return landing;
  for (let order = landing.order + 1; order <= landing.order + PARAGRAPHS_ABOVE_HEADING; order++) {
    const next = byOrder.get(order);
    if (next !== undefined && isInSection(next, label)) return next;
  }
  return isPrintedNumber(landing.sectionId) ? undefined : landing;
}
