import { useEffect, useRef } from 'react';
import { clearHighlights, highlightTextLayer, type HitRegion } from './highlight.ts';

export interface FindHighlightProps {
  /** The query's terms as folded words (queryTerms). */
  terms: readonly (readonly string[])[];
  /** The current hit's paragraph when it is on this page. */
  region?: HitRegion;
}

/**
 * Marks the matches in the pdf.js text layer of the page it is drawn on (it sits among the page's
 * overlays). The page's text layer is drawn again at each zoom: the marks are put back each time the page
 * says it is painted (PageView's data-painted), and taken out when this leaves.
 */
export function FindHighlight({ terms, region }: FindHighlightProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const yStart = region?.yStart;
  const yEnd = region?.yEnd;

  useEffect(() => {
    const page = ref.current?.closest<HTMLElement>('.pdf-page');
    if (!page) return;
    const hitRegion = yStart === undefined ? undefined : { yStart, yEnd };
    let layer: HTMLElement | null = null;
    const apply = () => {
      if (layer) clearHighlights(layer);
      layer = page.dataset.painted === 'true' ? page.querySelector<HTMLElement>('.textLayer') : null;
      if (layer) highlightTextLayer(layer, terms, hitRegion);
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(page, { attributes: true, attributeFilter: ['data-painted'] });
    return () => {
      observer.disconnect();
      if (layer) clearHighlights(layer);
    };
  }, [terms, yStart, yEnd]);

  return <span ref={ref} hidden />;
}
