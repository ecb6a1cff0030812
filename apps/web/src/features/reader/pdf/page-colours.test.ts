import { describe, expect, it } from 'vitest';
import { imageBoxes, pageBackground, recolourPixels } from './page-colours.ts';

/** One row of pixels: white, black, a blue link, a red photo pixel. */
const row = () =>
  new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255, 63, 54, 192, 255, 200, 30, 30, 255]);
const pixel = (data: Uint8ClampedArray, x: number) => Array.from(data.slice(x * 4, x * 4 + 3));

describe('recolourPixels', () => {
  it('leaves the book’s own colours alone', () => {
    const data = row();
    recolourPixels(data, 4, 'normal');
    expect(data).toEqual(row());
  });

  it('dark: the white page dark, black print light, a blue link light blue, alpha kept', () => {
    const data = row();
    recolourPixels(data, 4, 'dark');
    expect(pixel(data, 0)).toEqual([29, 28, 34]);
    expect(pixel(data, 1)).toEqual([228, 225, 216]);
    const [r, g, b] = pixel(data, 2) as [number, number, number];
    expect(b).toBeGreaterThan(r);
    expect(b).toBeGreaterThan(g);
    expect(0.2126 * r + 0.7152 * g + 0.0722 * b).toBeGreaterThan(150);
    expect(data[3]).toBe(255);
  });

  it('sepia: the page warm paper, black print black', () => {
    const data = row();
    recolourPixels(data, 4, 'sepia');
    expect(pixel(data, 0)).toEqual([244, 236, 216]);
    expect(pixel(data, 1)).toEqual([0, 0, 0]);
  });

  it('keeps the pixels of images as they are', () => {
    const data = row();
    recolourPixels(data, 4, 'dark', [{ left: 3, top: 0, right: 4, bottom: 1 }]);
    expect(pixel(data, 3)).toEqual([200, 30, 30]);
    expect(pixel(data, 0)).toEqual([29, 28, 34]);
  });
});

describe('imageBoxes', () => {
  it('turns pdf.js’s recorded corners (fractions of the canvas) into pixel boxes', () => {
    // An axis-aligned image from (0.125, 0.25) to (0.375, 0.5), given by three of its corners.
    expect(imageBoxes([0.125, 0.25, 0.125, 0.5, 0.375, 0.25], 1000, 2000)).toEqual([
      { left: 125, top: 500, right: 375, bottom: 1000 },
    ]);
    expect(imageBoxes(null, 10, 10)).toEqual([]);
    // Clamped to the canvas, and empty boxes dropped.
    expect(imageBoxes([-0.5, 0, -0.5, 1, -0.1, 0], 100, 100)).toEqual([]);
  });
});

describe('pageBackground', () => {
  it('is the scheme’s page colour, none for the book’s own', () => {
    expect(pageBackground('normal')).toBeNull();
    expect(pageBackground('dark')).toBe('rgb(29 28 34)');
  });
});
