import type { ReactNode } from 'react';
import { useReaderDispatch, useReaderState, useReaderStateAfterPaint } from '../state/index.ts';
import type { AnchorIndex } from './anchor-index.ts';
import { PageOverlay } from './PageOverlay.tsx';

/**
 * What the reader draws over page `pageNumber` (for PdfView's renderOverlay): the anchors of the current
 * page only (docs/product.md §2), and the selection's marker, the highlight and the jump arrow on the
 * pages they are on, and on a first visit the anchors' introduction. Each page's overlay follows the
 * reader's state itself, so a page turn renders the two pages it concerns, not the reader, and that after
 * the frame that shows the turn.
 */
export function usePageOverlays(anchors: AnchorIndex): (pageNumber: number) => ReactNode {
  return (pageNumber) => <RelatedPageOverlay key="related" pageNumber={pageNumber} anchors={anchors} />;
}

function RelatedPageOverlay({ pageNumber, anchors }: { pageNumber: number; anchors: AnchorIndex }) {
  // The anchors come a frame after a page turn: the turn's frame shows the page without waiting for them.
  const current = useReaderStateAfterPaint((state) => state.page === pageNumber);
  const marker = useReaderState((state) => (state.selected?.page === pageNumber ? state.selected : null));
  const highlighted = useReaderState((state) =>
    state.highlight?.page === pageNumber ? state.highlight : null,
  );
  const arrow = useReaderState((state) => (state.indicator?.page === pageNumber ? state.indicator : null));
  const introduce = useReaderState((state) => !state.anchorsIntroduced);
  const sectionTitles = useReaderState((state) => state.sectionTitles);
  const dispatch = useReaderDispatch();
  const pageAnchors = current ? anchors.anchorsOn(pageNumber) : [];
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
}
