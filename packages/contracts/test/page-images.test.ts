import { describe, expect, test } from 'vitest';
import {
  isPageImageWidth,
  openingImagePath,
  PAGE_IMAGE_WIDTHS,
  pageImagePath,
  pageImageWidth,
  showsPageImages,
} from '../src/page-images.ts';

describe('page image widths', () => {
  test('the width asked for is the next one up from the page’s device pixels, or the widest', () => {
    expect(pageImageWidth(1)).toBe(256);
    expect(pageImageWidth(256)).toBe(256);
    expect(pageImageWidth(257)).toBe(512);
    expect(pageImageWidth(636)).toBe(768);
    expect(pageImageWidth(1272)).toBe(1280);
    expect(pageImageWidth(10_000)).toBe(3072);
  });

  test('only the listed widths are widths, each one a whole number in increasing order', () => {
    expect([...PAGE_IMAGE_WIDTHS].sort((a, b) => a - b)).toEqual([...PAGE_IMAGE_WIDTHS]);
    for (const width of PAGE_IMAGE_WIDTHS) expect(isPageImageWidth(width)).toBe(true);
    for (const width of [0, 255, 700, 1023.5, Number.NaN, 4096]) expect(isPageImageWidth(width)).toBe(false);
    expect(pageImagePath(12, 3, 768)).toBe('/api/books/12/pages/3/image?width=768');
    expect(openingImagePath(12, 512)).toBe('/api/books/12/opening-image?width=512');
  });

  test('pages are shown as images only in the book’s own colours (server and reader ask the same)', () => {
    expect(showsPageImages({ pageColours: 'normal' })).toBe(true);
    expect(showsPageImages({ pageColours: 'sepia' })).toBe(false);
    expect(showsPageImages({ pageColours: 'dark' })).toBe(false);
  });
});
