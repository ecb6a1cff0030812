import type { PageColours } from '@threadbook/contracts';

/**
 * Night reading (issue 34): a drawn page recoloured as the student chose. pdf.js's own page colours
 * (render's pageColors) filter the whole canvas at the end, photographs included, which turns them into
 * washed-out greys; here the page's text and line art are recoloured and the raster images pdf.js
 * recorded where it drew them are left as they are.
 *
 * Dark flips each pixel's lightness and keeps its hue (black text becomes light, a blue link a light
 * blue, the white page dark), then maps black..white onto the scheme's background..foreground. Sepia
 * multiplies the page by a warm paper colour.
 */

type Rgb = readonly [number, number, number];

/** White becomes `background` (the page); black becomes `foreground` (the print), or stays black (a tint). */
interface Scheme {
  kind: 'invert' | 'tint';
  background: Rgb;
  foreground: Rgb;
}

const SCHEMES: Record<Exclude<PageColours, 'normal'>, Scheme> = {
  sepia: { kind: 'tint', background: [244, 236, 216], foreground: [0, 0, 0] },
  dark: { kind: 'invert', background: [29, 28, 34], foreground: [228, 225, 216] },
};

/** The CSS colour of a scheme's page, shown under the canvas before it is drawn; null for the book's own. */
export function pageBackground(colours: PageColours): string | null {
  if (colours === 'normal') return null;
  const [r, g, b] = SCHEMES[colours].background;
  return `rgb(${r} ${g} ${b})`;
}

/** A box in canvas pixels, end exclusive. */
export interface PixelBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The boxes of the images pdf.js recorded while drawing (render's recordImages): per image three corners
 * of its parallelogram as fractions of the canvas; each becomes the pixel box around it.
 */
export function imageBoxes(coordinates: ArrayLike<number> | null | undefined, width: number, height: number) {
  const boxes: PixelBox[] = [];
  if (!coordinates) return boxes;
  for (let at = 0; at + 5 < coordinates.length; at += 6) {
    const [x0, y0, x1, y1, x2, y2] = Array.from({ length: 6 }, (_, i) => coordinates[at + i]!) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    // The fourth corner completes the parallelogram.
    const xs = [x0, x1, x2, x1 + x2 - x0];
    const ys = [y0, y1, y2, y1 + y2 - y0];
    boxes.push({
      left: Math.max(0, Math.floor(Math.min(...xs) * width)),
      top: Math.max(0, Math.floor(Math.min(...ys) * height)),
      right: Math.min(width, Math.ceil(Math.max(...xs) * width)),
      bottom: Math.min(height, Math.ceil(Math.max(...ys) * height)),
    });
  }
  return boxes.filter((box) => box.right > box.left && box.bottom > box.top);
}

/** Recolours RGBA `pixels` (`width` wide) in place for `colours`, leaving the pixels in `keep` as they are. */
export function recolourPixels(
  pixels: Uint8ClampedArray,
  width: number,
  colours: PageColours,
  keep: readonly PixelBox[] = [],
): void {
  if (colours === 'normal') return;
  const { kind, background: bg, foreground: fg } = SCHEMES[colours];
  const height = pixels.length / 4 / width;
  // Per row, the spans of pixels to leave (images).
  const kept = (y: number) => keep.filter((box) => y >= box.top && y < box.bottom);
  for (let y = 0; y < height; y++) {
    const spans = kept(y);
    for (let x = 0; x < width; x++) {
      if (spans.length > 0 && spans.some((box) => x >= box.left && x < box.right)) continue;
      const at = (y * width + x) * 4;
      let r = pixels[at]!;
      let g = pixels[at + 1]!;
      let b = pixels[at + 2]!;
      if (kind === 'invert') {
        const shift = 255 - 2 * (0.2126 * r + 0.7152 * g + 0.0722 * b);
        r = Math.min(255, Math.max(0, r + shift));
        g = Math.min(255, Math.max(0, g + shift));
        b = Math.min(255, Math.max(0, b + shift));
        pixels[at] = bg[0] + (r * (fg[0] - bg[0])) / 255;
        pixels[at + 1] = bg[1] + (g * (fg[1] - bg[1])) / 255;
        pixels[at + 2] = bg[2] + (b * (fg[2] - bg[2])) / 255;
      } else {
        pixels[at] = (r * bg[0]) / 255;
        pixels[at + 1] = (g * bg[1]) / 255;
        pixels[at + 2] = (b * bg[2]) / 255;
      }
    }
  }
}

/** Recolours a drawn page's canvas for `colours`, its recorded images left natural. */
export function recolourCanvas(
  canvas: HTMLCanvasElement,
  colours: PageColours,
  imageCoordinates: ArrayLike<number> | null | undefined,
): void {
  if (colours === 'normal') return;
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0 || canvas.height === 0) return;
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  recolourPixels(
    image.data,
    canvas.width,
    colours,
    imageBoxes(imageCoordinates, canvas.width, canvas.height),
  );
  context.putImageData(image, 0, 0);
}
