/**
 * Groups reading-ordered lines into headings and paragraphs. A paragraph starts at a first-line indent, a
 * list label, a theorem-like lead-in ("Theorem 3.4", "Proof."), a wide vertical gap, a change of font size,
 * or after a short line that ends a sentence. Display lines (centred or deeply indented: equations, arrays)
 * stay in the paragraph around them, and unindented text after a display continues it, as in TeX sources.
 */
import { isBodySize, pageMargins, type PageMargins } from './metrics.ts';
import { joinLines, tidyParagraph } from './text.ts';
import type { Block, BodyMetrics, Line } from './types.ts';

/** Lines this much larger than body text are headings. */
const HEADING_RATIO = 1.06;

const LIST_LABEL = /^(?:[•◦▪▸‣∙·–—*]|\(?(?:\d{1,3}|[a-z]|[ivx]{1,4})[.)]|\d+(?:\.\d+)+\.)\s/;
const LEAD_IN =
  /^(?:Theorem|Lemma|Proposition|Corollary|Definition|Example|Exercise|Problem|Remark|Note|Proof|Solution|Hint|Answer|Algorithm|Conjecture|Claim|Fact|Observation|Activity|Question|Investigate|Historical Note|Sage|Notation)\b\s*(?:\d+(?:\.\d+)*|[.:!(])/;
const CAPTION = /^(?:Figure|Table|Listing)\s+\d+(?:\.\d+)*[.:]?\s/;

export type LineKind = 'heading' | 'display' | 'text' | 'quote';

export interface PageFlow {
  page: number;
  height: number;
  lines: Line[];
}

export function classifyLine(line: Line, margins: PageMargins, body: BodyMetrics): LineKind {
  if (line.size >= HEADING_RATIO * body.size && /[\p{L}\p{N}]/u.test(line.text)) return 'heading';
  if (LIST_LABEL.test(line.text)) return 'text';
  const em = body.size;
  const before = line.x0 - margins.left;
  const after = margins.right - line.x1;
  if (before > 4.5 * em) return 'display';
  if (before > 2 * em && after > 2 * em && Math.abs(before - after) < 3 * em) return 'display';
  return 'text';
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

export function isCaption(text: string): boolean {
  return CAPTION.test(text);
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
  const pattern = otherFont ? /^[A-Z][A-Za-z0-9’'()/,: -]{2,60}$/ : /^[A-Z][A-Za-z’' ]{2,40}$/;
  return pattern.test(text) && /[A-Za-z]{3}/.test(text) && !/:$/.test(text) && text.split(' ').length <= 8;
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
  if (start < lines.length && !/^\S{1,3}\s|^\d|^[*†‡§]/.test(lines[start]!.text)) return lines.length;
  return start;
}

interface Open {
  /** Hanging indent of a list item: continuation lines start there. */
  hang: number | null;
  /** Left edge of a list item's label line. */
  itemX: number | null;
  page: number;
  top: number;
  pageHeight: number;
  size: number;
  text: string;
  last: Line;
  lastKind: LineKind;
}

/** Builds the block stream (headings and paragraphs in reading order) from the pages' ordered lines. */
export function buildBlocks(pages: PageFlow[], body: BodyMetrics): Block[] {
  const blocks: Block[] = [];
  let open: Open | null = null;
  const em = body.size;

  const close = () => {
    if (!open) return;
    const text = tidyParagraph(open.text);
    if (text !== '' && !isCaption(text)) {
      blocks.push({
        kind: 'paragraph',
        page: open.page,
        top: open.top,
        pageHeight: open.pageHeight,
        size: open.size,
        text,
      });
    }
    open = null;
  };
  const start = (line: Line, kind: LineKind, height: number) => {
    close();
    open = {
      hang: hangingIndent(line),
      itemX: LIST_LABEL.test(line.text) ? line.x0 : null,
      page: line.page,
      top: line.top,
      pageHeight: height,
      size: line.size,
      text: line.text,
      last: line,
      lastKind: kind,
    };
  };

  for (const flow of pages) {
    const margins = pageMargins(flow.lines, body);
    const kinds = flow.lines.map((l) => classifyLine(l, margins, body));
    const footnotes = footnoteStart(flow.lines, flow.height, body);
    for (let i = 0; i < footnotes; i++) {
      const line = flow.lines[i]!;
      const kind = kinds[i]!;
      if (kind === 'heading') {
        close();
        const prev = blocks[blocks.length - 1];
        if (
          prev &&
          prev.kind === 'heading' &&
          prev.page === line.page &&
          Math.abs(prev.size - line.size) < 0.3 &&
          line.top - prev.top < 3 * line.size
        ) {
          prev.text = `${prev.text} ${line.text}`;
        } else {
          blocks.push({
            kind: 'heading',
            page: line.page,
            top: line.top,
            pageHeight: flow.height,
            size: line.size,
            text: line.text,
          });
        }
        continue;
      }
      const cur = open as Open | null;
      if (!cur) {
        start(line, kind, flow.height);
        continue;
      }
      const titleLike =
        kind === 'display'
          ? isMinorHeading(line.text)
          : line.font !== body.font && !LIST_LABEL.test(line.text) && isMinorHeading(line.text, true);
      if (titleLike && kinds[i + 1] === 'text' && i + 1 < footnotes) {
        close();
        continue;
      }
      // Displayed prose is set off after a colon or a finished sentence; otherwise it continues a sentence.
      if (
        kind === 'display' &&
        (cur.lastKind === 'quote' || /[.:!?]["”’)]?$/.test(cur.last.text)) &&
        isDisplayedProse(line.text)
      ) {
        if (cur.lastKind === 'quote' && line.baseline - cur.last.baseline < 1.6 * body.lineSpacing) {
          cur.text = joinLines(cur.text, line.text);
          cur.last = line;
        } else {
          start(line, 'quote', flow.height);
        }
        continue;
      }
      if (kind === 'display') {
        cur.text = joinLines(cur.text, line.text);
        cur.last = line;
        cur.lastKind = kind;
        continue;
      }
      // A text line: does it begin a new paragraph?
      const prev = cur.last;
      const samePage = prev.page === line.page;
      const dy = line.baseline - prev.baseline;
      const flowBreak = !samePage || dy < -0.5 * em; // a new page or a jump back up to the next column
      const afterSentence =
        cur.lastKind !== 'text' ||
        /[.:;?!]["”’)]?$/.test(prev.text) ||
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
      } else {
        ref = margins.left;
      }
      const hanging =
        cur.hang !== null
          ? Math.abs(line.x0 - cur.hang) < 0.6 * em
          : cur.itemX !== null && line.x0 > cur.itemX + 0.9 * em && line.x0 < cur.itemX + 5 * em;
      if (
        hanging &&
        !startsParagraph(line.text, afterSentence) &&
        (flowBreak || dy < 1.7 * body.lineSpacing || cur.lastKind === 'display')
      ) {
        cur.text = joinLines(cur.text, line.text);
        cur.last = line;
        cur.lastKind = kind;
        continue;
      }
      const indented = line.x0 - ref > 0.5 * em && line.x0 - ref < 4.5 * em;
      const prevClosed =
        cur.lastKind === 'text' && prev.x1 < margins.right - 2 * em && /[.!?:]["”’)]?$/.test(prev.text);
      const wideGap = !flowBreak && cur.lastKind === 'text' && dy > 1.7 * body.lineSpacing;
      const sizeChange = cur.lastKind === 'text' && isBodySize(prev, body) !== isBodySize(line, body);
      // Text after displayed prose starts afresh (the quote was a paragraph of its own).
      const afterQuote = cur.lastKind === 'quote';
      if (
        indented ||
        startsParagraph(line.text, afterSentence) ||
        prevClosed ||
        wideGap ||
        sizeChange ||
        afterQuote
      ) {
        start(line, kind, flow.height);
      } else {
        cur.text = joinLines(cur.text, line.text);
        cur.last = line;
        cur.lastKind = kind;
      }
    }
  }
  close();
  return blocks;
}
