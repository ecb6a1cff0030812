import { foldWithOrigin, termsPattern } from './fold.ts';

/** Classes of the marks put in a pdf.js text layer: every match, and those of the current hit. */
export const HIGHLIGHT_CLASS = 'find-highlight';
export const CURRENT_CLASS = 'find-highlight--current';

/** A match starting this far (a fraction of the page) above a paragraph's y_start still belongs to it. */
const REGION_MARGIN = 0.015;

/** Where the current hit's paragraph lies on its page, as fractions of the page height. */
export interface HitRegion {
  yStart: number;
  /** The next hit's y_start on the same page, where this paragraph has ended; none: the page's end. */
  yEnd?: number;
}

interface Piece {
  node: Text;
  start: number;
  end: number;
}

/** The top of the pdf.js text div holding `node`, as a fraction of the page (its style's top, in %). */
function topOf(node: Text): number {
  let element = node.parentElement;
  while (element && !element.style.top) element = element.parentElement;
  const top = element ? Number.parseFloat(element.style.top) : Number.NaN;
  return Number.isFinite(top) ? top / 100 : Number.NaN;
}

/**
 * Marks every match of `terms` (folded words, see queryTerms) in a drawn pdf.js text layer, each in a
 * `<span class="find-highlight">` around the matched text; those in `region` (else the one nearest its top)
 * also get CURRENT_CLASS. Words may run over several text divs; a line break (pdf.js's <br>) separates
 * words. Answers the marks made, in page order. Call clearHighlights first when marking again.
 */
export function highlightTextLayer(
  layer: HTMLElement,
  terms: readonly (readonly string[])[],
  region?: HitRegion,
): HTMLElement[] {
  const pattern = termsPattern(terms);
  if (!pattern) return [];
  // The layer's text in reading order, folded, each folded character traced to its text node and offset.
  let folded = '';
  const where: { node: Text | null; start: number; end: number }[] = [];
  const walker = layer.ownerDocument.createTreeWalker(layer, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Element) {
      if (node.tagName === 'BR') {
        folded += '\n';
        where.push({ node: null, start: 0, end: 0 });
      }
      continue;
    }
    const text = node as Text;
    const { folded: piece, origin } = foldWithOrigin(text.data);
    folded += piece;
    for (const { start, end } of origin) where.push({ node: text, start, end });
  }

  const matches: Piece[][] = [];
  for (const match of folded.matchAll(pattern)) {
    const pieces: Piece[] = [];
    for (let i = match.index; i < match.index + match[0].length; i++) {
      const { node, start, end } = where[i]!;
      if (!node) continue;
      const last = pieces.at(-1);
      if (last && last.node === node) last.end = Math.max(last.end, end);
      else pieces.push({ node, start, end });
    }
    if (pieces.length > 0) matches.push(pieces);
  }
  if (matches.length === 0) return [];

  const current = new Set<number>();
  if (region) {
    const tops = matches.map((pieces) => topOf(pieces[0]!.node));
    tops.forEach((top, index) => {
      if (
        top >= region.yStart - REGION_MARGIN &&
        (region.yEnd === undefined || top < region.yEnd - REGION_MARGIN)
      )
        current.add(index);
    });
    if (current.size === 0) {
      let nearest = 0;
      tops.forEach((top, index) => {
        if (Math.abs(top - region.yStart) < Math.abs(tops[nearest]! - region.yStart)) nearest = index;
      });
      current.add(nearest);
    }
  }

  // Wrapped from the last piece back: splitting a text node keeps the offsets before the split valid.
  const marks: HTMLElement[] = [];
  for (let index = matches.length - 1; index >= 0; index--) {
    const className = current.has(index) ? `${HIGHLIGHT_CLASS} ${CURRENT_CLASS}` : HIGHLIGHT_CLASS;
    const pieces = matches[index]!;
    for (let p = pieces.length - 1; p >= 0; p--) marks.push(wrap(pieces[p]!, className));
  }
  return marks.reverse();
}

function wrap({ node, start, end }: Piece, className: string): HTMLElement {
  const middle = start > 0 ? node.splitText(start) : node;
  if (end - start < middle.length) middle.splitText(end - start);
  const mark = node.ownerDocument.createElement('span');
  mark.className = className;
  middle.replaceWith(mark);
  mark.append(middle);
  return mark;
}

/** Takes the marks of highlightTextLayer out of `layer`, leaving its text as pdf.js drew it. */
export function clearHighlights(layer: HTMLElement): void {
  const parents = new Set<Node>();
  for (const mark of layer.querySelectorAll(`span.${HIGHLIGHT_CLASS}`)) {
    if (mark.parentNode) parents.add(mark.parentNode);
    mark.replaceWith(...mark.childNodes);
  }
  for (const parent of parents) parent.normalize();
}
