/** A fraction of the page as a CSS length: 0.25 -> '25%'. Boxes drawn over a page hold at every zoom. */
export const percent = (fraction: number) => `${fraction * 100}%`;

/** The position of a box given as fractions of the page from its top left, for an element over the page. */
export function pageBoxStyle(rect: { x: number; y: number; w: number; h: number }) {
  return { left: percent(rect.x), top: percent(rect.y), width: percent(rect.w), height: percent(rect.h) };
}
