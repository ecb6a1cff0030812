import { ANNOTATION_LIMITS, type AnnotationTarget, type PageRect } from '@threadbook/contracts';

/**
 * A selection on a page's text layer as a highlight's target, the way the W3C Web Annotation model anchors
 * text: the exact words with a little context (TextQuoteSelector), their place in the page's text
 * (TextPositionSelector: the text layer's characters in document order), and the rectangles to draw, as
 * fractions of the page so they hold at every zoom.
 */

/** Characters of context kept on each side of the quote: enough to tell one occurrence from another. */
const CONTEXT = 32;

/** A box in CSS pixels, as getClientRects gives it. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/**
 * The boxes a selection covers, one per line: the text layer gives one box per span (and more), which
 * overlap and abut; boxes whose heights mostly overlap are one line, joined when they touch or nearly do.
 * Returned as fractions of `page`, top to bottom.
 */
export function lineRects(boxes: readonly Box[], page: Box): PageRect[] {
  const width = page.right - page.left;
  const height = page.bottom - page.top;
  if (width <= 0 || height <= 0) return [];
  const lines: Box[] = [];
  const sorted = boxes
    .filter((box) => box.right - box.left > 0.5 && box.bottom - box.top > 0.5)
    .toSorted((a, b) => a.top - b.top || a.left - b.left);
  // A DOMRect's sides are getters: copied by name, never spread.
  for (const box of sorted) {
    const line = lines.find((other) => {
      const overlap = Math.min(other.bottom, box.bottom) - Math.max(other.top, box.top);
      const shorter = Math.min(other.bottom - other.top, box.bottom - box.top);
      const gap = Math.max(box.left - other.right, other.left - box.right);
      return overlap > shorter / 2 && gap < shorter;
    });
    if (line) {
      line.left = Math.min(line.left, box.left);
      line.right = Math.max(line.right, box.right);
      line.top = Math.min(line.top, box.top);
      line.bottom = Math.max(line.bottom, box.bottom);
    } else lines.push({ left: box.left, top: box.top, right: box.right, bottom: box.bottom });
  }
  return lines
    .map((line) => ({
      left: clamp((line.left - page.left) / width),
      top: clamp((line.top - page.top) / height),
      right: clamp((line.right - page.left) / width),
      bottom: clamp((line.bottom - page.top) / height),
    }))
    .filter((rect) => rect.right > rect.left && rect.bottom > rect.top)
    .slice(0, ANNOTATION_LIMITS.rects);
}

/** The text nodes of a text layer in document order, with where each starts in the page's text. */
function textNodesOf(layer: Element): { node: Text; start: number }[] {
  const walker = layer.ownerDocument.createTreeWalker(layer, NodeFilter.SHOW_TEXT);
  const nodes: { node: Text; start: number }[] = [];
  let at = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push({ node: node as Text, start: at });
    at += (node as Text).data.length;
  }
  return nodes;
}

/** Where a boundary point inside `layer` falls in the page's text: the characters of the text before it. */
function textOffset(layer: Element, container: Node, offset: number): number {
  const before = layer.ownerDocument.createRange();
  before.setStart(layer, 0);
  before.setEnd(container, offset);
  return before.toString().length;
}

export interface SelectedWords {
  page: number;
  target: Omit<AnnotationTarget, 'pageLabel' | 'paragraphId'>;
}

/**
 * The highlight target of `range` on the page element `pageElement` (a `.pdf-page` with its text layer);
 * null when the range holds no words there. A range running on to the next page is cut at this page's end.
 */
export function targetOfRange(range: Range, pageElement: HTMLElement): SelectedWords | null {
  const layer = pageElement.querySelector('.textLayer');
  const page = Number(pageElement.dataset.pageNumber);
  if (!layer || !Number.isInteger(page) || page < 1) return null;
  const nodes = textNodesOf(layer);
  const text = nodes.map(({ node }) => node.data).join('');
  // A range starting before the layer or ending after it (on the next page) is cut at its edges.
  const start = layer.contains(range.startContainer)
    ? textOffset(layer, range.startContainer, range.startOffset)
    : 0;
  const end = layer.contains(range.endContainer)
    ? textOffset(layer, range.endContainer, range.endOffset)
    : text.length;
  // The words, without the spaces a drag takes along at either end.
  let from = start;
  let to = end;
  while (from < to && /\s/.test(text[from]!)) from += 1;
  while (to > from && /\s/.test(text[to - 1]!)) to -= 1;
  const exact = text.slice(from, Math.min(to, from + ANNOTATION_LIMITS.quoteLength));
  if (exact.trim() === '') return null;
  to = from + exact.length;

  const clipped = layer.ownerDocument.createRange();
  // The words' first character is in the node holding it; their end in the node holding the last one.
  const point = (offset: number, isEnd: boolean) => {
    const holder = isEnd
      ? (nodes.findLast(({ start: at }) => at < offset) ?? nodes[0]!)
      : (nodes.find(({ start: at, node }) => at + node.data.length > offset) ?? nodes.at(-1)!);
    return { node: holder.node, offset: Math.min(offset - holder.start, holder.node.data.length) };
  };
  const first = point(from, false);
  const last = point(to, true);
  clipped.setStart(first.node, first.offset);
  clipped.setEnd(last.node, last.offset);
  const rects = lineRects([...clipped.getClientRects()], pageElement.getBoundingClientRect());
  if (rects.length === 0) return null;
  return {
    page,
    target: {
      page,
      quote: {
        exact,
        prefix: text.slice(Math.max(0, from - CONTEXT), from),
        suffix: text.slice(to, to + CONTEXT),
      },
      position: { start: from, end: to },
      rects,
    },
  };
}

/** The page element a selection starts in (its text layer), or null when it is not on a page's text. */
export function pageOfSelection(selection: Selection | null): { range: Range; page: HTMLElement } | null {
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const start =
    range.startContainer instanceof Element ? range.startContainer : range.startContainer.parentElement;
  const layer = start?.closest('.textLayer');
  const page = layer?.closest<HTMLElement>('.pdf-page');
  return page ? { range, page } : null;
}
