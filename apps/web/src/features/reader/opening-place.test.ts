import { afterEach, describe, expect, test } from 'vitest';
import { openingPageBox, pageViewBox } from './opening-place.ts';
import { FIRST_VISIT_CHROME, READER_CHROME_KEY } from './opening/reader-chrome.ts';
import { panelOpenKey } from './panels/reader-memory.ts';
import { panelWidthKey } from './panels/panel-size.ts';
import { fitPageScale, layoutPages, PAGE_GAP } from './pdf/layout.ts';

afterEach(() => localStorage.clear());

describe('the page view before the reader is there', () => {
  test('a first visit on a wide window: the table of contents open at its width, the first visit’s chrome', () => {
    expect(pageViewBox(localStorage, 1280, 900)).toEqual({
      left: 280,
      top: FIRST_VISIT_CHROME.top,
      width: 1280 - 280 - FIRST_VISIT_CHROME.scrollbar,
      height: 900 - FIRST_VISIT_CHROME.top - FIRST_VISIT_CHROME.bottom,
    });
    // Narrower than 1200 pixels, a first visit keeps the table of contents closed.
    expect(pageViewBox(localStorage, 1100, 900)?.left).toBe(0);
  });

  test('the panels as the browser remembers them, and the chrome as measured last', () => {
    localStorage.setItem(panelOpenKey('left'), 'false');
    localStorage.setItem(panelOpenKey('right'), 'true');
    localStorage.setItem(panelWidthKey('right'), '350');
    localStorage.setItem(READER_CHROME_KEY, JSON.stringify({ top: 100, bottom: 20, scrollbar: 0 }));
    expect(pageViewBox(localStorage, 1280, 900)).toEqual({ left: 0, top: 100, width: 930, height: 780 });
  });

  test('remembered chrome that is not chrome is not taken', () => {
    for (const stored of ['{', '"x"', JSON.stringify({ top: -1, bottom: 0, scrollbar: 0 }), '{"top":1}']) {
      localStorage.setItem(READER_CHROME_KEY, stored);
      expect(pageViewBox(localStorage, 1280, 900)?.top).toBe(FIRST_VISIT_CHROME.top);
    }
  });

  test('too small a view for page fit to be known from the image: none', () => {
    expect(pageViewBox(localStorage, 1280, 500)).toBeNull();
    expect(pageViewBox(localStorage, 310, 900)).toBeNull();
  });
});

describe('the opening page’s place', () => {
  const view = { left: 280, top: 122, width: 985, height: 749.8125 };
  // A US Letter page as its image has it, 768 pixels wide.
  const image = { width: 768, height: 994 };

  /** Where PdfView draws page `n` of `count` when it opens there: its own layout, page fit. */
  function pdfViewBox(n: number, count: number) {
    const scale = fitPageScale(image, view);
    const height = image.height * scale;
    const width = image.width * scale;
    const layout = layoutPages(Array.from({ length: count }, () => height));
    const scrollTop = Math.min(layout.tops[n - 1]!, layout.totalHeight - view.height);
    return {
      left: view.left + (view.width - width) / 2,
      top: view.top + layout.tops[n - 1]! - scrollTop,
      width,
      height,
    };
  }

  test('fits the view between the gaps, centred, its top at the view’s top', () => {
    const box = openingPageBox(view, image, 1, 357);
    expect(box.height).toBeCloseTo(view.height - 2 * PAGE_GAP, 1);
    expect(box.top).toBe(view.top);
    expect(box.left + box.width / 2).toBeCloseTo(view.left + view.width / 2, 6);
    expect(box).toEqual(pdfViewBox(1, 357));
  });

  test('a page inside the book opens at the top; the last one where the list ends', () => {
    expect(openingPageBox(view, image, 214, 357)).toEqual(pdfViewBox(214, 357));
    expect(openingPageBox(view, image, 214, 357).top).toBe(view.top);
    const last = openingPageBox(view, image, 357, 357);
    // Its bottom one gap above the view's.
    expect(last.top + last.height).toBeCloseTo(view.top + view.height - PAGE_GAP, 6);
    // A position past the end counts as the last page.
    expect(openingPageBox(view, image, 400, 357)).toEqual(last);
  });
});
