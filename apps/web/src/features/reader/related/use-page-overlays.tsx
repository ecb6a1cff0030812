import type { ReactNode } from 'react';
import { useReaderDispatch, useReaderState } from '../state/index.ts';
import type { AnchorIndex } from './anchor-index.ts';
import { PageOverlay } from './PageOverlay.tsx';

/**
 * What the reader draws over page `pageNumber` (for PdfView's renderOverlay): the anchors of the current
 * page only (docs/product.md §2), and the selection's marker, the highlight and the jump arrow on the pages they are
 * on, and on a first visit the anchors' introduction. Null for a page with none of these, so the pages that have nothing to draw do not render again.
 */
export function usePageOverlays(anchors: AnchorIndex): (pageNumber: number) => ReactNode {
  const page = useReaderState((state) => state.page);
  const selected = useReaderState((state) => state.selected);
  const highlight = useReaderState((state) => state.highlight);
  const indicator = useReaderState((state) => state.indicator);
  const introduce = useReaderState((state) => !state.anchorsIntroduced);
  const sectionTitles = useReaderState((state) => state.sectionTitles);
  const dispatch = useReaderDispatch();
  return (pageNumber) => {
    const pageAnchors = pageNumber === page ? anchors.anchorsOn(pageNumber) : [];
    const marker = selected?.page === pageNumber ? selected : null;
    const highlighted = highlight?.page === pageNumber ? highlight : null;
    const arrow = indicator?.page === pageNumber ? indicator : null;
    if (pageAnchors.length === 0 && !marker && !highlighted && !arrow) return null;
    return (
      <PageOverlay
        anchors={pageAnchors}
        selected={marker}
        highlight={highlighted}
        indicator={arrow}
        onSelect={(anchor) => dispatch({ type: 'selectParagraph', place: anchor })}
        sectionTitles={sectionTitles}
        introducing={introduce}
      />
    );
  };
}
