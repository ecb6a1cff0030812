/**
 * Captions and the floats they stand for: a caption's first line, the drawing's words left out, and the
 * paragraphs a float (or a page or column break) cut in two put together again.
 */
import { isFigureText } from '../../figure-text.ts';
import { HEADING_RATIO } from '../metrics.ts';
import { joinLines } from '../text.ts';
import type { Block, BodyMetrics, Line } from '../types.ts';
import { FORMAL_TITLE } from './line-kinds.ts';
import { leadInSetOff } from './openings.ts';
import { endsMidSentence, opensAsContinuation } from './sentences.ts';

/** A caption's opening: "Figure 3.7 Symmetries of ...", "Table 8.5:", or the number alone ("Figure 12.25"). */
const CAPTION = /^(?:Figure|Fig\.|Table|Tab\.|Listing)\s+\d+(?:\.\d+)*[.:]?(?:\s|$)/;

/** A caption's label closed by a colon ("Figure 3.1: ..."), which running text never writes. */
const CAPTION_COLON = /^(?:Figure|Fig\.|Table|Tab\.|Listing)\s+\d+(?:\.\d+)*:/;

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

/** A figure's caption: what follows the drawing whose text is left out. */
const FIGURE_CAPTION = /^(?:Figure|Fig\.)\s+\d/;

/**
 * The blocks without the text of drawings: the figure-text blocks right above a figure's caption on its
 * page (a figure's labels sit between the text before it and its caption). The caption stays, and is what
 * "Figure 2.5" points at.
 */
export function withoutDrawingText(blocks: Block[]): Block[] {
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
 * The blocks with each paragraph cut by a page break, a column break or a float put together again: a
 * paragraph that stops mid-sentence (after a comma, a colon or a word) goes on in the first block after it
 * on the next page or column, or after the captions of the floats set in between, when that block opens
 * as a continuation does (a word in lower case, or a formula before any word). A caption cut short goes on
 * in the block right after it likewise.
 */
export function joinAcrossFloats(blocks: Block[]): Block[] {
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
