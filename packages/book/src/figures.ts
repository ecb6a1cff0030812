import type { BookDocument, BookParagraph } from './types.ts';

/** A band of a page, from `top` to `bottom`, as fractions of the page height from its top. */
export interface PageBand {
  top: number;
  bottom: number;
}

/** Words of three letters or more, as prose is mostly made of. */
const WORD = /^[\p{L}][\p{L}'’-]{2,}[.,;:!?)”’]*$/u;
/** A sentence's end or a colon, before a space or at the end ("0.00" is no full stop). */
const SENTENCE_MARK = /[.:?!](?:\s|$)/;
/** Prose has at least this many tokens, and words of three letters or more are this share of them. */
const MIN_TOKENS = 6;
const MIN_WORD_SHARE = 0.4;
/**
 * A band is at most this share of the page: past it, it holds only the larger side of the caption (where
 * the figure is), up to this height, and a little of the other (the caption's own lines).
 */
const MAX_BAND = 0.55;
const CAPTION_ROOM = 0.06;

/**
 * Whether a block bounds a figure: another caption, or a block that reads as prose (sentences of words).
 * A table's rows and a listing belong to what their caption labels, and so does a drawing's text where it
 * came out as a block ("0.00 1 2 3 4 5 t", "Tot al syst em m em ory"): numbers and letter-spaced pieces.
 */
function boundsFigure(block: BookParagraph): boolean {
  if (block.kind === 'caption') return true;
  if (block.kind === 'table' || block.kind === 'code') return false;
  const tokens = block.text.split(/\s+/).filter((t) => t !== '');
  const words = tokens.filter((t) => WORD.test(t)).length;
  return (
    tokens.length >= MIN_TOKENS && words >= MIN_WORD_SHARE * tokens.length && SENTENCE_MARK.test(block.text)
  );
}

/** Fractions of the page as Book XML writes them: four decimals. */
const round = (fraction: number) => Math.round(fraction * 10000) / 10000;

/**
 * The band between the bounds around a caption at `y`. Past MAX_BAND it keeps the side the figure is on:
 * the one holding what the caption labels (a table's rows, a listing, a drawing's text), else the larger.
 */
function bandAround(
  y: number,
  above: number,
  below: number,
  bodyAbove: boolean,
  bodyBelow: boolean,
): PageBand {
  if (below - above <= MAX_BAND) return { top: above, bottom: below };
  const figureAbove = bodyAbove === bodyBelow ? y - above >= below - y : bodyAbove;
  return figureAbove
    ? {
        top: round(Math.max(above, y + CAPTION_ROOM - MAX_BAND)),
        bottom: round(Math.min(below, y + CAPTION_ROOM)),
      }
    : { top: y, bottom: round(Math.min(below, y + MAX_BAND)) };
}

/**
 * Where each caption's figure or table is printed: the band of the caption's page from the block of prose
 * (or caption) before it to the one after it. The drawing, table or listing lies between, above the caption
 * or below it, whichever the book's style puts it; the block before is in the band too, since a block's
 * bottom is not known. A caption is only a title: a reader wants to see what it labels.
 */
export function figureBands(book: BookDocument): Map<string, PageBand> {
  const byPage = new Map<number, BookParagraph[]>();
  for (const chapter of book.chapters)
    for (const section of chapter.sections)
      for (const paragraph of section.paragraphs) {
        const onPage = byPage.get(paragraph.page);
        if (onPage) onPage.push(paragraph);
        else byPage.set(paragraph.page, [paragraph]);
      }
  const bands = new Map<string, PageBand>();
  for (const onPage of byPage.values()) {
    const bounds = onPage.filter(boundsFigure);
    const body = onPage.filter((p) => !boundsFigure(p));
    for (const caption of onPage) {
      if (caption.kind !== 'caption') continue;
      const y = caption.yStart;
      const above = Math.max(0, ...bounds.filter((p) => p.yStart < y).map((p) => p.yStart));
      const below = Math.min(1, ...bounds.filter((p) => p.yStart > y).map((p) => p.yStart));
      const bodyAbove = body.some((p) => p.yStart > above && p.yStart < y);
      const bodyBelow = body.some((p) => p.yStart > y && p.yStart < below);
      bands.set(caption.id, bandAround(y, above, below, bodyAbove, bodyBelow));
    }
  }
  return bands;
}
