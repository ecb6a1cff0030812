import { readReaderChrome } from './opening/reader-chrome.ts';
import { readPanelWidth } from './panels/panel-size.ts';
import { readReaderMemory } from './panels/reader-memory.ts';
import { fitPageScale, layoutPages, PAGE_GAP } from './pdf/layout.ts';

/**
 * Where the reader will draw the page it opens at, known before the reader is there (opening-overlay.ts
 * puts the page's image there, so the swap to the reader shows no jump). The page view lies between the
 * side panels, whose open state and widths the browser remembers (panels/), and within the chrome about
 * it (opening/reader-chrome.ts); PdfView opens at page fit with the page at the top.
 */

/** A box in CSS pixels, from the window's top left corner. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Smaller than this, page fit could reach its smallest zoom, which a page's image cannot tell. */
const MIN_VIEW = { width: 300, height: 400 };

/** The page view's inner box (its scrollbar left out) in a `width` × `height` window; null when too small. */
export function pageViewBox(storage: Storage, width: number, height: number): Box | null {
  const chrome = readReaderChrome(storage);
  const { panels } = readReaderMemory(storage, width);
  const left = panels.left ? readPanelWidth(storage, 'left') : 0;
  const right = panels.right ? readPanelWidth(storage, 'right') : 0;
  const box = {
    left,
    top: chrome.top,
    width: width - left - right - chrome.scrollbar,
    height: height - chrome.top - chrome.bottom,
  };
  return box.width >= MIN_VIEW.width && box.height >= MIN_VIEW.height ? box : null;
}

/**
 * Where PdfView draws page `pageNumber` of `pageCount` when it opens there at page fit in `view`, its pages
 * shaped as `page` (any unit: page fit scales them to the view): as PdfView lays them out, the page at the
 * top of the view unless the list ends first, in the middle of the list's width.
 */
export function openingPageBox(
  view: Box,
  page: { width: number; height: number },
  pageNumber: number,
  pageCount: number,
): Box {
  const scale = fitPageScale(page, view);
  const width = page.width * scale;
  const height = page.height * scale;
  const layout = layoutPages(Array.from({ length: pageCount }, () => height));
  const top = layout.tops[Math.min(pageCount, Math.max(1, pageNumber)) - 1]!;
  const scrollTop = Math.min(top, Math.max(0, layout.totalHeight - view.height));
  const listWidth = Math.max(view.width, width + 2 * PAGE_GAP);
  return { left: view.left + (listWidth - width) / 2, top: view.top + top - scrollTop, width, height };
}
