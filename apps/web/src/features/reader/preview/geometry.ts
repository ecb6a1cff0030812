import type { PageReference } from '@threadbook/contracts';

/** A box as fractions of the page from its top left. */
export interface FractionRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

function overlapArea(a: FractionRect, b: FractionRect): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * The span a link of the page stands for: of the spans its box overlaps, the one sharing the largest part
 * of the smaller of the two boxes (at least a quarter of it); linked spans first. Null when none does.
 */
export function matchSpan(spans: readonly PageReference[], link: FractionRect): PageReference | null {
  let best: PageReference | null = null;
  let bestScore = 0.25;
  for (const span of spans) {
    const smaller = Math.min(span.rect.w * span.rect.h, link.w * link.h);
    if (smaller <= 0) continue;
    const score = overlapArea(span.rect, link) / smaller + (span.evidence === 'link' ? 0.01 : 0);
    if (score > bestScore) {
      best = span;
      bestScore = score;
    }
  }
  return best;
}

/** The box of `element` as fractions of `page`'s box. */
export function fractionRectOf(element: DOMRect, page: DOMRect): FractionRect {
  if (page.width <= 0 || page.height <= 0) return { x: 0, y: 0, w: 0, h: 0 };
  return {
    x: (element.left - page.left) / page.width,
    y: (element.top - page.top) / page.height,
    w: element.width / page.width,
    h: element.height / page.height,
  };
}

/** How much of the target page a preview shows: this fraction of its height, full width. */
export const PREVIEW_REGION_HEIGHT = 0.3;
/** The preview starts this far above the target, so its first line is not cut. */
export const PREVIEW_REGION_MARGIN = 0.012;

/** The part of the target page a preview draws, as fractions of its height: from the target down. */
export function previewRegion(
  yStart: number,
  height = PREVIEW_REGION_HEIGHT,
): { top: number; height: number } {
  const size = Math.min(1, Math.max(0.05, height));
  const wanted = Math.max(0, (Number.isFinite(yStart) ? yStart : 0) - PREVIEW_REGION_MARGIN);
  return { top: Math.min(wanted, 1 - size), height: size };
}

export interface PopoverPlace {
  left: number;
  top: number;
  /** Whether it opens above the reference (too little room below). */
  above: boolean;
}

const GAP = 6;
const EDGE = 8;

/**
 * Where a popover of `size` goes for a reference at `anchor` (client pixels) in a window of `view`:
 * below it, or above when it does not fit below and does above; kept inside the window sideways.
 */
export function popoverPlace(
  anchor: { left: number; top: number; bottom: number },
  size: { width: number; height: number },
  view: { width: number; height: number },
): PopoverPlace {
  const fitsBelow = anchor.bottom + GAP + size.height <= view.height - EDGE;
  const fitsAbove = anchor.top - GAP - size.height >= EDGE;
  const above = !fitsBelow && fitsAbove;
  const top = above ? anchor.top - GAP - size.height : anchor.bottom + GAP;
  const left = Math.max(EDGE, Math.min(anchor.left, view.width - EDGE - size.width));
  return { left, top, above };
}
