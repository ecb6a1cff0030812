import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fitPageScale, layoutPages, scrollTopFor } from './layout.ts';
import { OpeningPage } from './OpeningPage.tsx';

const VIEWER = { width: 800, height: 600 };
const IMAGE = { url: 'blob:page-7', width: 768, height: 994 };

describe('OpeningPage', () => {
  beforeEach(() => {
    // jsdom lays nothing out: the view is given the size a browser would measure.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(VIEWER.width);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(VIEWER.height);
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  test('shows the page’s image where PdfView draws that page: fitted, centred, at the top of the view', () => {
    render(<OpeningPage label="Abstract Algebra" pageCount={20} page={7} image={IMAGE} />);
    const view = screen.getByRole('region', { name: 'Abstract Algebra' });
    expect(view).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading book...');
    const slot = view.querySelector<HTMLElement>('.pdf-page[data-page-number="7"]')!;
    expect(slot.querySelector('img')).toHaveAttribute('src', 'blob:page-7');

    // What PdfView computes for a book of pages this shape in this view.
    const scale = fitPageScale(IMAGE, VIEWER);
    const layout = layoutPages(Array.from({ length: 20 }, () => IMAGE.height * scale));
    expect(parseFloat(slot.style.width)).toBeCloseTo(IMAGE.width * scale, 1);
    expect(parseFloat(slot.style.height)).toBeCloseTo(IMAGE.height * scale, 1);
    expect(parseFloat(slot.style.top)).toBeCloseTo(layout.tops[6]!, 1);
    expect(parseFloat(slot.style.left)).toBeCloseTo((VIEWER.width - IMAGE.width * scale) / 2, 1);
    expect(view.scrollTop).toBeCloseTo(scrollTopFor(layout, { page: 7, yFraction: 0 }), 0);
  });

  test('without its image yet, the view says it is loading and draws no page', () => {
    render(<OpeningPage label="Abstract Algebra" pageCount={20} page={1} image={null} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading book...');
    expect(document.querySelector('.pdf-page')).toBeNull();
  });
});
