import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookGraphResponse } from '@threadbook/contracts';
import { renderWithReaderStore } from '../../../test/reader-store.tsx';
import { buildAnchorIndex } from './anchor-index.ts';
import { usePageOverlays } from './use-page-overlays.tsx';

/** One paragraph with a relationship on each of pages 41 and 42. */
const GRAPH: BookGraphResponse = {
  nodes: [
    { id: '3.2.1', section: '3.2', chapter: '3', page: 41, y_start: 0.1 },
    { id: '3.3.1', section: '3.3', chapter: '3', page: 42, y_start: 0.5 },
  ],
  edges: [{ source: '3.3.1', target: '3.2.1', type: 'ELABORATION', score: 0.6, justification: '' }],
};

function Pages() {
  const overlay = usePageOverlays(buildAnchorIndex(GRAPH));
  return (
    <>
      <div data-testid="page-41">{overlay(41)}</div>
      <div data-testid="page-42">{overlay(42)}</div>
    </>
  );
}

const anchorsOn = (page: number) =>
  screen.getByTestId(`page-${page}`).querySelectorAll('[data-paragraph-id]').length;

/** The next animation frame and the task after it: the browser has painted. */
const afterPaint = () =>
  act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));

describe('the pages’ overlays', () => {
  it('show the anchors of the current page only, and follow a page turn once its frame is painted', async () => {
    const { store } = renderWithReaderStore(<Pages />, { page: 41 });
    expect([anchorsOn(41), anchorsOn(42)]).toEqual([1, 0]);

    act(() => store.dispatch({ type: 'pageChanged', page: 42 }));
    // The turn's own render leaves the anchors as they were: the frame that shows the page comes first.
    expect([anchorsOn(41), anchorsOn(42)]).toEqual([1, 0]);
    await afterPaint();
    expect([anchorsOn(41), anchorsOn(42)]).toEqual([0, 1]);
  });
});
