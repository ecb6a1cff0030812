import { useEffect, useEffectEvent, useRef } from 'react';
import type { Annotation } from '@threadbook/contracts';
import { percent } from '../model/index.ts';

interface HighlightLayerProps {
  /** The page's placed highlights. */
  annotations: readonly Annotation[];
  /** The highlight being edited, drawn stronger. */
  activeId: string | null;
  /** A highlight was clicked (not a selection ending on it, nor a link in it), at `at` in the window. */
  onOpen(annotation: Annotation, at: { x: number; y: number }): void;
}

/** The highlight under a point of the page (as fractions), the newest on top. */
export function highlightAt(
  annotations: readonly Annotation[],
  x: number,
  y: number,
): Annotation | undefined {
  return annotations.findLast(({ target }) =>
    target.rects.some((rect) => x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom),
  );
}

/**
 * The student's highlights on one page, drawn under the text layer's transparent words as boxes in
 * fractions of the page, so they hold at every zoom. They take no pointer events (the words above them stay
 * selectable): a click on the page that selects nothing opens the highlight under it.
 */
export function HighlightLayer({ annotations, activeId, onOpen }: HighlightLayerProps) {
  const ref = useRef<HTMLDivElement>(null);
  const onClick = useEffectEvent((event: MouseEvent) => {
    const page = ref.current?.closest<HTMLElement>('.pdf-page');
    if (!page || event.button !== 0) return;
    if (!(window.getSelection()?.isCollapsed ?? true)) return;
    if (event.target instanceof Element && event.target.closest('a, button, [role="button"]')) return;
    const box = page.getBoundingClientRect();
    const x = (event.clientX - box.left) / box.width;
    const y = (event.clientY - box.top) / box.height;
    const hit = highlightAt(annotations, x, y);
    if (!hit) return;
    // A defined term under the click does not jump too (terms/PageTermSpans.tsx).
    event.preventDefault();
    onOpen(hit, { x: event.clientX, y: event.clientY });
  });
  useEffect(() => {
    const page = ref.current?.closest<HTMLElement>('.pdf-page');
    if (!page) return;
    page.addEventListener('click', onClick);
    return () => page.removeEventListener('click', onClick);
  }, []);

  return (
    <div ref={ref} className="study-highlights" aria-hidden="true">
      {annotations.map((annotation) =>
        annotation.target.rects.map((rect, index) => (
          <div
            // Rectangles of one highlight never move apart: their order is their identity.
            key={`${annotation.id}-${index}`}
            className={`study-highlight study-highlight--${annotation.colour}${annotation.id === activeId ? ' study-highlight--active' : ''}`}
            data-annotation-id={annotation.id}
            style={{
              left: percent(rect.left),
              top: percent(rect.top),
              width: percent(rect.right - rect.left),
              height: percent(rect.bottom - rect.top),
            }}
          />
        )),
      )}
    </div>
  );
}
