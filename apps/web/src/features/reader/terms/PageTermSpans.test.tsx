import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PageTerm } from '@threadbook/contracts';
import { renderWithReaderStore } from '../../../test/reader-store.tsx';
import { createPageStore, type ReferencePreviews } from '../preview/index.ts';
import { PageTermSpans } from './PageTermSpans.tsx';

const TERMS: PageTerm[] = [
  {
    rect: { x: 0.1, y: 0.2, w: 0.2, h: 0.02 },
    term: 'normal subgroup',
    definition: '10.1.4',
    definition_section: '10.1',
    definition_page: 180,
    definition_y_start: 0.3,
  },
];

/** The page is 1000 × 1000 pixels at the window's top left: a fraction of it is a thousandth of a pixel. */
function renderPage(terms: PageTerm[] = TERMS) {
  const previews = {
    open: null,
    pointAt: vi.fn(),
    leave: vi.fn(),
    showNow: vi.fn(),
    jumpTo: vi.fn(),
  } as unknown as ReferencePreviews;
  const store = createPageStore(() => Promise.resolve(terms));
  const view = renderWithReaderStore(
    <div className="pdf-page" data-testid="page">
      <span>The words of the page</span>
      <PageTermSpans pageNumber={7} store={store} previews={previews} />
    </div>,
    { sectionTitles: new Map([['10.1', 'Factor Groups']]) },
  );
  const page = screen.getByTestId('page');
  page.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 1000, height: 1000 });
  return { ...view, page, previews };
}

describe('PageTermSpans', () => {
  it('draws a dotted line under each term, hidden from screen readers (the words are the text layer’s)', async () => {
    const { container } = renderPage();
    await waitFor(() => expect(container.querySelectorAll('.term-span')).toHaveLength(1));
    const line = container.querySelector<HTMLElement>('.term-span')!;
    expect(line.dataset.term).toBe('normal subgroup');
    expect(line.style.left).toBe('10%');
    expect(line.style.top).toBe('20%');
    expect(line.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('opens the card of the term under the pointer once, and leaves it when the pointer moves off', async () => {
    const { container, page, previews } = renderPage();
    await waitFor(() => expect(container.querySelector('.term-span')).not.toBeNull());
    fireEvent.pointerMove(page, { clientX: 150, clientY: 210 });
    fireEvent.pointerMove(page, { clientX: 160, clientY: 212 });
    expect(previews.pointAt).toHaveBeenCalledTimes(1);
    const card = vi.mocked(previews.pointAt).mock.calls[0]![0];
    expect(card.anchor).toBe(container.querySelector('.term-span'));
    expect({ key: card.key, target: card.target }).toEqual({
      key: 'term:7:0',
      target: {
        paragraphId: '10.1.4',
        page: 180,
        yStart: 0.3,
        label: 'normal subgroup',
        term: { name: 'normal subgroup', definedIn: 'Section 10.1' },
      },
    });
    expect(page.classList.contains('pdf-page--on-term')).toBe(true);
    fireEvent.pointerMove(page, { clientX: 600, clientY: 600 });
    expect(previews.leave).toHaveBeenCalledTimes(1);
    expect(page.classList.contains('pdf-page--on-term')).toBe(false);
  });

  it('jumps to the definition on a click, unless a highlight under it took the click', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const { container, page, previews } = renderPage();
      await vi.waitFor(() => expect(container.querySelector('.term-span')).not.toBeNull());
      fireEvent.click(page, { clientX: 150, clientY: 210 });
      act(() => vi.runAllTimers());
      expect(previews.jumpTo).toHaveBeenCalledWith(expect.objectContaining({ paragraphId: '10.1.4' }));

      // A highlight's listener (annotations/HighlightLayer.tsx) prevents the default of a click it opens.
      page.addEventListener('click', (event) => event.preventDefault());
      fireEvent.click(page, { clientX: 150, clientY: 210 });
      act(() => vi.runAllTimers());
      expect(previews.jumpTo).toHaveBeenCalledTimes(1);
      // Beside the term, nothing.
      fireEvent.click(page, { clientX: 600, clientY: 210 });
      act(() => vi.runAllTimers());
      expect(previews.jumpTo).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a page without terms draws nothing', async () => {
    const { container, page, previews } = renderPage([]);
    await act(() => Promise.resolve());
    expect(container.querySelector('.term-spans')).toBeNull();
    fireEvent.pointerMove(page, { clientX: 150, clientY: 210 });
    expect(previews.pointAt).not.toHaveBeenCalled();
  });
});
