import { describe, expect, it } from 'vitest';
import type { PageReference } from '@threadbook/contracts';
import { fractionRectOf, matchSpan, popoverPlace, previewRegion, PREVIEW_REGION_MARGIN } from './geometry.ts';

const span = (rect: PageReference['rect'], target: string, evidence: PageReference['evidence'] = 'link') =>
  ({ rect, text: '', source: '1.1', target, target_page: 3, target_y_start: 0.2, evidence }) as PageReference;

describe('matchSpan', () => {
  const spans = [
    span({ x: 0.1, y: 0.2, w: 0.1, h: 0.02 }, '2.1'),
    span({ x: 0.3, y: 0.2, w: 0.1, h: 0.02 }, '2.2'),
    span({ x: 0.1, y: 0.5, w: 0.1, h: 0.02 }, '2.3', 'text'),
  ];

  it('finds the span a link covers', () => {
    expect(matchSpan(spans, { x: 0.295, y: 0.198, w: 0.11, h: 0.024 })?.target).toBe('2.2');
  });

  it('finds a span inside a larger link, and a link inside a larger span', () => {
    expect(matchSpan(spans, { x: 0.05, y: 0.19, w: 0.4, h: 0.04 })).not.toBeNull();
    expect(matchSpan(spans, { x: 0.12, y: 0.205, w: 0.02, h: 0.01 })?.target).toBe('2.1');
  });

  it('has none for a link that barely touches a span or misses them all', () => {
    expect(matchSpan(spans, { x: 0.19, y: 0.2, w: 0.1, h: 0.02 })).toBeNull();
    expect(matchSpan(spans, { x: 0.6, y: 0.8, w: 0.1, h: 0.02 })).toBeNull();
    expect(matchSpan([], { x: 0.1, y: 0.2, w: 0.1, h: 0.02 })).toBeNull();
  });
});

describe('fractionRectOf', () => {
  it('places an element in fractions of the page', () => {
    const page = new DOMRect(100, 50, 800, 1000);
    expect(fractionRectOf(new DOMRect(180, 250, 80, 20), page)).toEqual({ x: 0.1, y: 0.2, w: 0.1, h: 0.02 });
  });
});

describe('previewRegion', () => {
  it('starts a little above the target and shows 30% of the page', () => {
    const region = previewRegion(0.4);
    expect(region.top).toBeCloseTo(0.4 - PREVIEW_REGION_MARGIN);
    expect(region.height).toBe(0.3);
  });

  it('stays on the page for a target at its top or near its bottom', () => {
    expect(previewRegion(0).top).toBe(0);
    expect(previewRegion(0.95).top).toBeCloseTo(0.7);
    expect(previewRegion(Number.NaN).top).toBe(0);
  });
});

describe('popoverPlace', () => {
  const view = { width: 1200, height: 800 };
  const size = { width: 440, height: 200 };

  it('opens below the reference when there is room', () => {
    expect(popoverPlace({ left: 100, top: 100, bottom: 120 }, size, view)).toEqual({
      left: 100,
      top: 126,
      above: false,
    });
  });

  it('opens above a reference near the bottom, and stays inside the window sideways', () => {
    expect(popoverPlace({ left: 1000, top: 700, bottom: 720 }, size, view)).toEqual({
      left: 752,
      top: 494,
      above: true,
    });
  });
});
