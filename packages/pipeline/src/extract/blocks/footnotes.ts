/** Footnotes: the small lines at the foot of a page or column, opening with their marks, and their blocks. */
import { sideOf } from '../columns.ts';
import { joinLines, tidyParagraph } from '../text.ts';
import type { Block, BodyMetrics, Line } from '../types.ts';
import { opensInListingFace } from './code.ts';
import type { PageFlow } from './line-kinds.ts';

/** A footnote's opening: its mark (a number or a symbol) before the note's first word. */
const FOOTNOTE_MARK = /^(?:\(?\d{1,2}\)?|[*∗†‡§¶])\s*\S/;

/** The marks ("4", "*") that open the footnotes of a page. */
export function footnoteMarks(noteLines: Line[]): Set<string> {
  const marks = new Set<string>();
  for (const l of noteLines) {
    const m = /^(\d{1,2}|[*†‡§])\s*\p{L}/u.exec(l.text);
    if (m) marks.add(m[1]!);
  }
  return marks;
}

/**
 * Footnotes: the lines at the foot of the page in a smaller size than body text with no body text below
 * them. Returns the index where they start (lines.length when there are none).
 */
function footnoteStart(lines: Line[], height: number, body: BodyMetrics): number {
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

/**
 * Which lines of a page are footnotes: the notes at the foot of the page and, on a page in two columns,
 * those at the foot of each column (the left column's notes come before the right column in reading order).
 */
export function footnoteLines(flow: PageFlow, body: BodyMetrics): boolean[] {
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
 * The footnotes of a page (its lines from footnoteStart on) as blocks of kind footnote: each starts at a
 * line opening with its mark ("4 See ...", "* Also ..."); the lines after it go on with it.
 */
export function footnoteBlocks(lines: Line[], height: number): Block[] {
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
export function withFootnotes(blocks: Block[], notes: Block[]): Block[] {
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
