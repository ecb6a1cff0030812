import { describe, expect, it } from 'vitest';
import {
  fitPageScale,
  jumpScrollTop,
  KEEP_DISTANCE,
  layoutPages,
  mostVisiblePage,
  nextDrawnPages,
  positionAt,
  RENDER_AHEAD,
  scrollTopFor,
  visiblePages,
} from './layout.ts';

// 1,000 pages 1,000 px high with 10 px gaps: page n's top is 10 + (n - 1) * 1010.
const book = layoutPages(
  Array.from({ length: 1000 }, () => 1000),
  10,
);
const topOf = (page: number) => 10 + (page - 1) * 1010;

describe('layoutPages', () => {
  it('stacks pages with a gap above each and below the last', () => {
    const layout = layoutPages([100, 200, 50], 10);
    expect(layout.tops).toEqual([10, 120, 330]);
    expect(layout.totalHeight).toBe(390);
  });
});

describe('visiblePages', () => {
  it('answers page 1 alone at the top of the book', () => {
    expect(visiblePages(book, 0, 800)).toEqual({ first: 1, last: 1 });
  });

  it('spans the pages the viewport crosses', () => {
    expect(visiblePages(book, topOf(500) + 600, 800)).toEqual({ first: 500, last: 501 });
  });

  it('leaves out a page whose bottom is above the viewport, in the gap', () => {
    expect(visiblePages(book, topOf(2) - 5, 800)).toEqual({ first: 2, last: 2 });
  });

  it('leaves out a page whose top is at the bottom edge of the viewport', () => {
    expect(visiblePages(book, topOf(3) - 800, 800)).toEqual({ first: 2, last: 2 });
  });

  it('stays on the last page past the end', () => {
    expect(visiblePages(book, book.totalHeight + 5000, 800)).toEqual({ first: 1000, last: 1000 });
  });
});

describe('mostVisiblePage', () => {
  it('is the page showing the most of itself', () => {
    expect(mostVisiblePage(book, topOf(10) + 300, 800)).toBe(10);
    expect(mostVisiblePage(book, topOf(10) + 700, 800)).toBe(11);
  });

  it('takes the earlier page on a tie', () => {
    // 395 px of page 10 and 395 px of page 11 around the 10 px gap.
    expect(mostVisiblePage(book, topOf(10) + 605, 800)).toBe(10);
  });
});

describe('nextDrawnPages', () => {
  it('draws the visible pages and their neighbours', () => {
    const drawn = nextDrawnPages(new Set(), { first: 50, last: 51 }, 1000);
    expect([...drawn].sort((a, b) => a - b)).toEqual([50 - RENDER_AHEAD, 50, 51, 51 + RENDER_AHEAD]);
  });

  it('clamps the neighbours to the book', () => {
    expect([...nextDrawnPages(new Set(), { first: 1, last: 1 }, 1000)]).toEqual([1, 2]);
    expect([...nextDrawnPages(new Set(), { first: 1000, last: 1000 }, 1000)]).toEqual([999, 1000]);
  });

  it('keeps drawn pages near the view and releases the far ones', () => {
    const previous = new Set([10 - KEEP_DISTANCE - 1, 10 - KEEP_DISTANCE, 12]);
    const drawn = nextDrawnPages(previous, { first: 10, last: 10 }, 1000);
    expect(drawn.has(10 - KEEP_DISTANCE)).toBe(true);
    expect(drawn.has(12)).toBe(true);
    expect(drawn.has(10 - KEEP_DISTANCE - 1)).toBe(false);
  });

  it('stays bounded however far the student reads', () => {
    let drawn = new Set<number>();
    for (let page = 1; page <= 1000; page++) {
      drawn = nextDrawnPages(drawn, { first: page, last: page }, 1000);
      expect(drawn.size).toBeLessThanOrEqual(2 * KEEP_DISTANCE + 1);
    }
    expect(Math.min(...drawn)).toBe(1000 - KEEP_DISTANCE);
  });
});

describe('reading position', () => {
  it('round-trips through a zoom', () => {
    const position = positionAt(book, topOf(321) + 250);
    expect(position).toEqual({ page: 321, yFraction: 0.25 });
    const zoomed = layoutPages(
      Array.from({ length: 1000 }, () => 2000),
      10,
    );
    expect(scrollTopFor(zoomed, position)).toBe(10 + 320 * 2010 + 500);
  });

  it('clamps the page and the fraction to the book', () => {
    expect(scrollTopFor(book, { page: 5000, yFraction: 0 })).toBe(topOf(1000));
    expect(scrollTopFor(book, { page: 0, yFraction: -1 })).toBe(topOf(1));
    expect(scrollTopFor(book, { page: 2, yFraction: 3 })).toBe(topOf(2) + 1000);
  });
});

describe('fitPageScale', () => {
  it('fits the whole page between the gaps: the tighter of width and height', () => {
    expect(fitPageScale({ width: 800, height: 1000 }, { width: 1620, height: 1020 }, 10)).toBe(1);
    expect(fitPageScale({ width: 800, height: 1000 }, { width: 420, height: 2020 }, 10)).toBe(0.5);
  });

  it('never goes below the smallest zoom, even in a viewer not laid out yet', () => {
    expect(fitPageScale({ width: 800, height: 1000 }, { width: 30, height: 30 }, 10)).toBe(0.25);
    expect(fitPageScale({ width: 800, height: 1000 }, { width: 0, height: 0 })).toBe(0.25);
  });

  it('rejects a page without size', () => {
    expect(() => fitPageScale({ width: 0, height: 10 }, { width: 800, height: 800 })).toThrow(
      'The page width must be positive, got 0',
    );
  });
});

describe('jumpScrollTop', () => {
  // Three pages 1000 px tall with 10 px gaps: tops at 10, 1020, 2030.
  const book = layoutPages([1000, 1000, 1000], 10);

  it('shows a page that fits the viewport whole, from its top, wherever the place is on it', () => {
    expect(jumpScrollTop(book, { page: 2, yFraction: 0.8 }, 1000)).toBe(1020);
    expect(jumpScrollTop(book, { page: 2, yFraction: 0 }, 1200)).toBe(1020);
  });

  it('puts the place at the top of a taller page while the page still fills the view', () => {
    expect(jumpScrollTop(book, { page: 2, yFraction: 0.25 }, 500)).toBe(1020 + 250);
    expect(jumpScrollTop(book, { page: 2, yFraction: 0.5 }, 500)).toBe(1020 + 500);
  });

  it('stops where the page bottom meets the view bottom, so the page jumped to stays the current one', () => {
    const scrollTop = jumpScrollTop(book, { page: 2, yFraction: 0.8 }, 500);
    expect(scrollTop).toBe(1020 + 1000 - 500);
    expect(mostVisiblePage(book, scrollTop, 500)).toBe(2);
  });
});
