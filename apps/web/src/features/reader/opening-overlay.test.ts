import { afterEach, describe, expect, test, vi } from 'vitest';
import type { OpeningImage } from './opening/opening-image.ts';
import { removeOpeningOverlay } from './opening-handoff.ts';
import { showOpeningOverlay } from './opening-overlay.ts';
import { openingPageBox, pageViewBox } from './opening-place.ts';

const image = (page: number): OpeningImage => ({
  page,
  url: `blob:http://localhost/page-${page}`,
  width: 768,
  height: 994,
  pageCount: 357,
  release: () => undefined,
});
const overlays = () => document.querySelectorAll<HTMLElement>('.opening-overlay');

afterEach(() => {
  removeOpeningOverlay();
  document.body.replaceChildren();
  vi.useRealTimers();
});

describe('the opening overlay', () => {
  test('shows the image, as a picture only, where the reader will draw its page', () => {
    showOpeningOverlay(image(12));
    expect(overlays()).toHaveLength(1);
    const overlay = overlays()[0]!;
    expect(overlay.getAttribute('aria-hidden')).toBe('true');
    expect(overlay.querySelector('img')?.getAttribute('src')).toBe('blob:http://localhost/page-12');
    const box = openingPageBox(
      pageViewBox(localStorage, window.innerWidth, window.innerHeight)!,
      image(12),
      12,
      357,
    );
    for (const side of ['left', 'top', 'width', 'height'] as const) {
      expect(parseFloat(overlay.style[side])).toBeCloseTo(box[side], 2);
    }
    removeOpeningOverlay();
    expect(overlays()).toHaveLength(0);
  });

  test('is shown once, and not at all when the reader shows a page already', () => {
    showOpeningOverlay(image(1));
    showOpeningOverlay(image(2));
    expect(overlays()).toHaveLength(1);
    removeOpeningOverlay();
    document.body.innerHTML = '<div class="pdf-page" data-painted="true"></div>';
    showOpeningOverlay(image(1));
    expect(overlays()).toHaveLength(0);
  });

  test('an image without a size is not shown: it could not be placed', () => {
    showOpeningOverlay({ ...image(1), width: 0 });
    expect(overlays()).toHaveLength(0);
  });

  test('goes by itself if nothing took its place', () => {
    vi.useFakeTimers();
    showOpeningOverlay(image(1));
    vi.advanceTimersByTime(19_000);
    expect(overlays()).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(overlays()).toHaveLength(0);
  });
});
