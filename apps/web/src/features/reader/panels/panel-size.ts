/**
 * The widths of the reader's side panels (docs/product.md §9): left (table of contents) 280 px within 200–500, right
 * (Related Paragraphs) 400 px within 250–600. Widths are whole pixels, always inside their bounds.
 */

export type PanelSide = 'left' | 'right';

export interface PanelBounds {
  readonly initial: number;
  readonly min: number;
  readonly max: number;
}

export const PANEL_BOUNDS: Readonly<Record<PanelSide, PanelBounds>> = {
  left: { initial: 280, min: 200, max: 500 },
  right: { initial: 400, min: 250, max: 600 },
};

/** `width` rounded to a whole pixel and brought inside the panel's bounds. */
export function clampPanelWidth(side: PanelSide, width: number): number {
  if (!Number.isFinite(width)) throw new RangeError(`A panel width must be a finite number, got ${width}`);
  const { min, max } = PANEL_BOUNDS[side];
  return Math.min(max, Math.max(min, Math.round(width)));
}

/** The local storage key of a panel's width. */
export function panelWidthKey(side: PanelSide): string {
  return `threadbook:panel-width:${side}`;
}

/**
 * The width remembered in `storage`, or the default when none is stored or the stored one is not a number
 * (a remembered width outside today's bounds is clamped). Storage that cannot be read counts as empty.
 */
export function readPanelWidth(storage: Storage, side: PanelSide): number {
  let stored: string | null;
  try {
    stored = storage.getItem(panelWidthKey(side));
  } catch {
    stored = null;
  }
  const width = stored === null ? Number.NaN : Number(stored);
  return stored !== null && stored.trim() !== '' && Number.isFinite(width)
    ? clampPanelWidth(side, width)
    : PANEL_BOUNDS[side].initial;
}

/** Remembers a width; storage that refuses the write (quota, private mode) only loses the memory. */
export function writePanelWidth(storage: Storage, side: PanelSide, width: number): void {
  try {
    storage.setItem(panelWidthKey(side), String(width));
  } catch {
    // The panel keeps its width for this visit.
  }
}
