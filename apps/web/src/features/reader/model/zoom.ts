/**
 * Zoom arithmetic (docs/product.md §5, §9). A scale is a factor of the page's natural size (1 = 100%). The reader
 * opens at page fit; the toolbar buttons step by 0.25; the preset menu offers fixed levels; the wheel
 * (with Ctrl) and the keyboard move through a finer step table; the percentage input takes 25–500%.
 * Every scale stays inside the step table's range, 0.1 to 10.
 */

/** The zoom a book opens at: the whole page fits the view. */
export const PAGE_FIT = 'page-fit';

/** What the reader holds: page fit, or a scale chosen by the student. */
export type ZoomSetting = typeof PAGE_FIT | number;

export const MIN_SCALE = 0.1;
export const MAX_SCALE = 10;

/** The toolbar's − and + buttons. */
export const BUTTON_ZOOM_STEP = 0.25;
/** The − button goes no lower than this. */
export const BUTTON_ZOOM_MIN = 0.25;

/** The preset levels: 50, 75, 100, 125, 150, 200, 300 and 400%. */
export const PRESET_SCALES: readonly number[] = [0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4];

/** The finer step table of wheel and keyboard zoom: 10% steps up to 110%, then wider ones up to 1000%. */
export const FINE_SCALES: readonly number[] = [
  0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.3, 1.5, 1.7, 1.9, 2.1, 2.4, 2.7, 3, 3.3, 3.7, 4.1,
  4.6, 5.1, 5.7, 6.3, 7, 7.7, 8.5, 9.4, 10,
];

/** Ctrl+wheel events closer together than this make one zoom change. */
export const WHEEL_ZOOM_DEBOUNCE_MS = 40;

/** The zoom percentage input accepts whole percents in this range. */
export const ZOOM_INPUT_PERCENT = { min: 25, max: 500 } as const;

function checkScale(scale: number): void {
  if (!Number.isFinite(scale) || scale <= 0)
    throw new RangeError(`A scale must be a positive number, got ${scale}`);
}

/** Rounds away binary noise (0.1 + 0.2) so that scales compare and display as the decimals they are. */
function tidy(scale: number): number {
  return Math.round(scale * 10_000) / 10_000;
}

/** `scale` brought inside 0.1..10. */
export function clampScale(scale: number): number {
  if (Number.isNaN(scale)) throw new RangeError('A scale must be a number, got NaN');
  return tidy(Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale)));
}

/** The scale at which a page of `page` size fits whole in a view of `view` size (both in CSS pixels). */
export function pageFitScale(
  page: { width: number; height: number },
  view: { width: number; height: number },
): number {
  for (const [name, value] of Object.entries({
    'page width': page.width,
    'page height': page.height,
    'view width': view.width,
    'view height': view.height,
  })) {
    if (!Number.isFinite(value) || value <= 0)
      throw new RangeError(`The ${name} must be positive, got ${value}`);
  }
  return clampScale(Math.min(view.width / page.width, view.height / page.height));
}

/** The scale a setting stands for, given the page-fit scale of the current layout. */
export function resolveScale(setting: ZoomSetting, fitScale: number): number {
  return setting === PAGE_FIT ? fitScale : setting;
}

/** The + button: 0.25 more. */
export function zoomInByButton(scale: number): number {
  checkScale(scale);
  return clampScale(scale + BUTTON_ZOOM_STEP);
}

/** The − button: 0.25 less, never below 0.25 (a scale already below stays where it is). */
export function zoomOutByButton(scale: number): number {
  checkScale(scale);
  return clampScale(Math.max(Math.min(scale, BUTTON_ZOOM_MIN), scale - BUTTON_ZOOM_STEP));
}

/** Wheel or keyboard zoom in: the next level of the step table above `scale`; at 10 it stays. */
export function zoomInByFineStep(scale: number): number {
  checkScale(scale);
  return FINE_SCALES.find((level) => level > scale) ?? MAX_SCALE;
}

/** Wheel or keyboard zoom out: the next level of the step table below `scale`; at 0.1 it stays. */
export function zoomOutByFineStep(scale: number): number {
  checkScale(scale);
  return FINE_SCALES.findLast((level) => level < scale) ?? MIN_SCALE;
}

/** Ctrl+wheel: scrolling up (negative deltaY) zooms in, down zooms out, no vertical movement keeps it. */
export function zoomByWheel(scale: number, deltaY: number): number {
  if (deltaY < 0) return zoomInByFineStep(scale);
  if (deltaY > 0) return zoomOutByFineStep(scale);
  checkScale(scale);
  return scale;
}

/** What the percentage input shows for `scale`: whole percents, '87' for 0.873. */
export function formatZoomPercent(scale: number): string {
  checkScale(scale);
  return String(Math.round(scale * 100));
}

/**
 * The scale typed into the percentage input, or null when the input must revert: anything but a whole
 * number of percent from 25 to 500 (surrounding spaces and a trailing '%' are allowed).
 */
export function parseZoomInput(text: string): number | null {
  const match = /^\s*(\d{1,4})\s*%?\s*$/.exec(text);
  if (!match) return null;
  const percent = Number(match[1]);
  if (percent < ZOOM_INPUT_PERCENT.min || percent > ZOOM_INPUT_PERCENT.max) return null;
  return percent / 100;
}

/**
 * The page typed into the page input, or null when the input must revert to the current page: anything but
 * a whole number from 1 to `totalPages` (surrounding spaces allowed).
 */
export function parsePageInput(text: string, totalPages: number): number | null {
  if (!Number.isSafeInteger(totalPages) || totalPages < 1) {
    throw new RangeError(`totalPages must be a whole number of at least 1, got ${totalPages}`);
  }
  const match = /^\s*(\d{1,16})\s*$/.exec(text);
  if (!match) return null;
  const page = Number(match[1]);
  return page >= 1 && page <= totalPages ? page : null;
}
