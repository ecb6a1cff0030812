/**
 * Where each page of the virtualised list sits, which pages are in view, and which are worth keeping drawn.
 * Pure arithmetic over page heights, so the view can answer from scrollTop alone (no per-page observer).
 */
// By name, not through the model's index: opening-place.ts brings this file into the app's first script.
import { pageFitScale } from '../model/zoom.ts';

/** Space between pages and around the list, in CSS pixels (the view's styles use the same number). */
export const PAGE_GAP = 12;

/** Pages drawn beyond the visible ones so the next page turn is already painted. */
export const RENDER_AHEAD = 1;
/** A drawn page is released once it is this many pages away from the visible ones (bounds memory). */
export const KEEP_DISTANCE = 4;

export interface PageLayout {
  /** Top edge of each page (index = page number - 1), from the top of the scrolled content. */
  tops: number[];
  heights: number[];
  /** Height of the whole list, gaps included. */
  totalHeight: number;
}

/** Inclusive range of page numbers (1-based). */
export interface PageRange {
  first: number;
  last: number;
}

export function layoutPages(heights: readonly number[], gap = PAGE_GAP): PageLayout {
  const tops: number[] = [];
  let y = gap;
  for (const height of heights) {
    tops.push(y);
    y += height + gap;
  }
  return { tops, heights: [...heights], totalHeight: y };
}

/** Index of the last page whose top is at or above y (0 when y is above every page). */
function pageIndexAt(layout: PageLayout, y: number): number {
  let low = 0;
  let high = layout.tops.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (layout.tops[mid]! <= y) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The pages that intersect the viewport [scrollTop, scrollTop + viewportHeight). */
export function visiblePages(layout: PageLayout, scrollTop: number, viewportHeight: number): PageRange {
  if (layout.tops.length === 0) throw new Error('a document has at least one page');
  const bottom = scrollTop + Math.max(viewportHeight, 1);
  let first = pageIndexAt(layout, scrollTop);
  // The top edge may fall in the gap below a page: that page is no longer in view.
  if (layout.tops[first]! + layout.heights[first]! <= scrollTop && first < layout.tops.length - 1) first += 1;
  let last = pageIndexAt(layout, bottom);
  if (layout.tops[last]! >= bottom && last > first) last -= 1;
  return { first: first + 1, last: Math.max(first, last) + 1 };
}

/** The page showing the most of itself in the viewport (the earlier one on a tie): the current page. */
export function mostVisiblePage(layout: PageLayout, scrollTop: number, viewportHeight: number): number {
  const { first, last } = visiblePages(layout, scrollTop, viewportHeight);
  const bottom = scrollTop + viewportHeight;
  let best = first;
  let bestShown = -1;
  for (let page = first; page <= last; page++) {
    const top = layout.tops[page - 1]!;
    const shown = Math.min(bottom, top + layout.heights[page - 1]!) - Math.max(scrollTop, top);
    if (shown > bestShown) {
      best = page;
      bestShown = shown;
    }
  }
  return best;
}

/**
 * The pages to keep drawn after a scroll: the visible ones and RENDER_AHEAD neighbours are added, pages
 * already drawn stay while within KEEP_DISTANCE of the view (so scrolling back and forth does not redraw),
 * the rest are released.
 */
export function nextDrawnPages(
  previous: ReadonlySet<number>,
  visible: PageRange,
  pageCount: number,
): Set<number> {
  const next = new Set<number>();
  const keepFirst = visible.first - KEEP_DISTANCE;
  const keepLast = visible.last + KEEP_DISTANCE;
  for (const page of previous) if (page >= keepFirst && page <= keepLast && page <= pageCount) next.add(page);
  const drawFirst = Math.max(1, visible.first - RENDER_AHEAD);
  const drawLast = Math.min(pageCount, visible.last + RENDER_AHEAD);
  for (let page = drawFirst; page <= drawLast; page++) next.add(page);
  return next;
}

export function sameSet(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  if (a.size !== b.size) return false;
  for (const item of a) if (!b.has(item)) return false;
  return true;
}

/** A reading position that survives a zoom: the page at the top of the viewport and how far into it. */
export interface ReadingPosition {
  page: number;
  /** 0 at the page's top edge, 1 at its bottom. */
  yFraction: number;
}

export function positionAt(layout: PageLayout, scrollTop: number): ReadingPosition {
  const index = pageIndexAt(layout, scrollTop);
  const height = layout.heights[index]!;
  const into = scrollTop - layout.tops[index]!;
  return { page: index + 1, yFraction: height > 0 ? Math.min(1, Math.max(0, into / height)) : 0 };
}

/** scrollTop that puts `yFraction` of `page` at the top of the viewport (the page is clamped to the book). */
export function scrollTopFor(layout: PageLayout, position: ReadingPosition): number {
  const index = Math.min(layout.tops.length, Math.max(1, Math.round(position.page))) - 1;
  const fraction = Math.min(1, Math.max(0, position.yFraction));
  return layout.tops[index]! + fraction * layout.heights[index]!;
}

/**
 * scrollTop for a jump to `yFraction` of `page` in a viewport `viewportHeight` tall, so that the page jumped
 * to is the one most in view (the current page, whose anchors show): a page that fits is shown whole from
 * its top; a taller one puts the place at the top unless that would leave the page's bottom above the
 * viewport's, where it stops with the page filling the view.
 */
export function jumpScrollTop(layout: PageLayout, position: ReadingPosition, viewportHeight: number): number {
  const index = Math.min(layout.tops.length, Math.max(1, Math.round(position.page))) - 1;
  const top = layout.tops[index]!;
  const height = layout.heights[index]!;
  if (height <= viewportHeight) return top;
  return Math.min(scrollTopFor(layout, position), top + height - viewportHeight);
}

/** docs/product.md §9: the smallest zoom; page fit never goes below it, however small the viewer. */
const MIN_FIT_SCALE = 0.25;

/**
 * docs/product.md §9 page fit: the scale at which a whole page (`page`, CSS pixels at scale 1) fits in the viewer
 * between the gaps, so the student sees it top to bottom.
 */
export function fitPageScale(
  page: { width: number; height: number },
  viewer: { width: number; height: number },
  gap = PAGE_GAP,
): number {
  const room = { width: Math.max(1, viewer.width - 2 * gap), height: Math.max(1, viewer.height - 2 * gap) };
  return Math.max(MIN_FIT_SCALE, pageFitScale(page, room));
}
