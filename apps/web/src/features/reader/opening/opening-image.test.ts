import { describe, expect, test } from 'vitest';
import { openingImageWidth } from './opening-image.ts';

describe('the opening page’s image', () => {
  test('is asked for at the width a fitted page takes in the window, in device pixels', () => {
    // A 1280×900 window: the page is about 636 CSS pixels wide, fitted below the toolbar.
    expect(openingImageWidth(1280, 900, 1)).toBe(768);
    expect(openingImageWidth(1440, 900, 2)).toBe(1280);
    expect(openingImageWidth(1920, 1080, 1)).toBe(1024);
    // A narrow phone: the window's width bounds the page.
    expect(openingImageWidth(390, 844, 3)).toBe(1280);
    expect(openingImageWidth(300, 40, 1)).toBe(256);
    // A device pixel ratio the browser does not give counts as 1.
    expect(openingImageWidth(1280, 900, 0)).toBe(768);
  });
});
