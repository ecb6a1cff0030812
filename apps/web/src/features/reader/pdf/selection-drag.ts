import { useEffect, type RefObject } from 'react';

/**
 * Drag-selecting a page's words into the blank space around them. A text layer's words are spans placed
 * absolutely, and over blank space Chromium finds no place of its own for the selection's end: a drag
 * from a line's middle into the right margin selected the rest of the page. So each drawn page has an
 * END_OF_CONTENT element (PageView), and during a drag that began on a page's words it lies under the
 * words across the whole layer. On each pointer move over it, it is moved among the words to where a page
 * of text would put the selection's end (caretBeside), and the selection is extended into it (the browser
 * places the end by the page as it was before the move). After the drag it goes back to the layer's end.
 * pdf.js's viewer has the element too, but moves it from document-wide pointer and selection listeners
 * that append it again in every page's text layer on every click; these listeners live only during a drag.
 */

/** The element PageView puts at the end of each drawn text layer. */
export const END_OF_CONTENT = 'endOfContent';
/** The class of the scrolled pages while a drag on their words is on. */
const SELECTING = 'pdf-view--selecting';

/** A word's box (a text span's), in the text layer's own pixels. */
export interface WordBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Where the selection's end goes for a point over no word: before or after word `index`. */
export interface Caret {
  index: number;
  after: boolean;
}

/**
 * The caret for point (x, y) over no word, among `boxes` (the page's words in reading order), as in a page
 * of text: after the last word read, of those near above the point or beside it on its left (a line's end
 * in the margin right of it; in a gap below a paragraph's short last line, that line; in the gutter or
 * right of a column, that column's line). Left of a line's first word, before it. Words more than two lines'
 * height above the point are near no longer (a running head drawn last); without a near one, the end of the
 * nearest line above. Above every word, the page's start; below every word, its end.
 */
export function caretBeside(boxes: readonly WordBox[], x: number, y: number): Caret | undefined {
  if (boxes.length === 0) return undefined;
  const indices = boxes.map((_, index) => index);
  const startedBefore = indices.filter((i) => boxes[i]!.left <= x && boxes[i]!.top <= y);
  const onLine = indices.filter((i) => boxes[i]!.top <= y && y <= boxes[i]!.bottom);
  if (onLine.length > 0 && !onLine.some((i) => boxes[i]!.left <= x)) {
    return { index: maxBy(onLine, (i) => -boxes[i]!.left), after: false };
  }
  if (startedBefore.length === 0) {
    return { index: indices.find((i) => boxes[i]!.bottom >= y) ?? 0, after: false };
  }
  const near = startedBefore.filter((i) => y - boxes[i]!.bottom <= 2 * (boxes[i]!.bottom - boxes[i]!.top));
  if (near.length > 0) return { index: near.at(-1)!, after: true };
  if (boxes.every((box) => box.bottom < y)) return { index: boxes.length - 1, after: true };
  return { index: maxBy(startedBefore, (i) => boxes[i]!.bottom), after: true };
}

/** The item of `items` with the greatest `score`, the first of equals. */
function maxBy(items: readonly number[], score: (item: number) => number): number {
  let best = items[0]!;
  for (const item of items) if (score(item) > score(best)) best = item;
  return best;
}

/** A text layer's words (pdf.js's text spans, not its marked-content groups nor find's marks) and boxes. */
function measureWords(layer: Element): { words: Element[]; boxes: WordBox[] } {
  const origin = layer.getBoundingClientRect();
  const words: Element[] = [];
  const boxes: WordBox[] = [];
  for (const span of layer.querySelectorAll(
    ':scope > span:not(.markedContent), .markedContent > span:not(.markedContent)',
  )) {
    const box = span.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || !span.textContent) continue;
    words.push(span);
    boxes.push({
      left: box.left - origin.left,
      top: box.top - origin.top,
      right: box.right - origin.left,
      bottom: box.bottom - origin.top,
    });
  }
  return { words, boxes };
}

/** Listens, on the scrolled pages `pagesRef`, for drags that select a page's words (see above). */
export function useSelectionDrag(pagesRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const pages = pagesRef.current;
    if (!pages) return;
    const onPointerDown = (down: PointerEvent) => {
      if (down.button !== 0 || !(down.target instanceof Element) || !down.target.closest('.textLayer'))
        return;
      // Each layer's words are measured once a drag: zoom does not change during one, scrolling moves
      // the layer and its words alike.
      const measured = new Map<Element, ReturnType<typeof measureWords>>();
      const moved = new Map<Element, Element>();
      const onPointerMove = (move: PointerEvent) => {
        const end = move.target;
        if (!(end instanceof Element) || !end.classList.contains(END_OF_CONTENT)) return;
        const layer = end.parentElement?.closest('.textLayer');
        if (!layer) return;
        let layout = measured.get(layer);
        if (!layout) measured.set(layer, (layout = measureWords(layer)));
        const origin = layer.getBoundingClientRect();
        const caret = caretBeside(layout.boxes, move.clientX - origin.left, move.clientY - origin.top);
        if (!caret) return;
        const word = layout.words[caret.index]!;
        if (caret.after ? word.nextSibling !== end : word.previousSibling !== end) {
          if (caret.after) word.after(end);
          else word.before(end);
          moved.set(layer, end);
          const selection = document.getSelection();
          if (selection && selection.rangeCount > 0) selection.extend(end, 0);
        }
      };
      const drag = new AbortController();
      const onDragEnd = () => {
        pages.classList.remove(SELECTING);
        for (const [layer, end] of moved) if (end.isConnected) layer.append(end);
        drag.abort();
      };
      const { signal } = drag;
      pages.classList.add(SELECTING);
      document.addEventListener('pointermove', onPointerMove, { signal });
      document.addEventListener('pointerup', onDragEnd, { signal });
      document.addEventListener('pointercancel', onDragEnd, { signal });
      window.addEventListener('blur', onDragEnd, { signal });
    };
    pages.addEventListener('pointerdown', onPointerDown);
    return () => pages.removeEventListener('pointerdown', onPointerDown);
  }, [pagesRef]);
}
