import { useEffect, useEffectEvent, useRef, useSyncExternalStore } from 'react';
import type { PageTerm } from '@threadbook/contracts';
import type { PageStore, PreviewTarget, ReferencePreviews } from '../preview/index.ts';
import { useSectionLabelOf } from '../state/index.ts';
import { termAt } from './term-at.ts';
import './terms.css';
import { pageBoxStyle } from '../model/index.ts';

interface PageTermSpansProps {
  pageNumber: number;
  store: PageStore<PageTerm>;
  /** The reader's one popover: a term's card opens and jumps as a reference's preview does. */
  previews: ReferencePreviews;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * The defined terms a page uses, each under a dotted line (docs/relationship-graph.md "Defined terms on
 * the page"). The lines take no pointer events, so the words over them stay selectable: the page's
 * pointer is followed instead, and resting on a term opens its card (the term, its definition drawn from
 * the PDF, "Defined in" and the page), a click on it (not one ending a selection) jumps to the definition,
 * and on a touch screen a first tap opens the card. Mounting asks for the page's terms.
 */
export function PageTermSpans({ pageNumber, store, previews }: PageTermSpansProps) {
  const terms = useSyncExternalStore(store.subscribe, () => store.get(pageNumber));
  useEffect(() => {
    void store.load(pageNumber);
  }, [store, pageNumber]);
  const sectionLabelOf = useSectionLabelOf();
  const layerRef = useRef<HTMLDivElement>(null);
  const pointed = useRef<string | null>(null);
  const pointerType = useRef('');

  const cardAt = (page: HTMLElement, event: MouseEvent) => {
    const box = page.getBoundingClientRect();
    const index = termAt(
      terms,
      (event.clientX - box.left) / box.width,
      (event.clientY - box.top) / box.height,
    );
    const term = terms[index];
    const anchor = layerRef.current?.children[index];
    if (term === undefined || anchor === undefined) return null;
    const target: PreviewTarget = {
      paragraphId: term.definition,
      page: term.definition_page,
      yStart: clamp01(term.definition_y_start),
      label: term.term,
      term: { name: term.term, definedIn: sectionLabelOf(term.definition_section) },
    };
    return { key: `term:${pageNumber}:${index}`, anchor, target };
  };
  const point = (page: HTMLElement, card: ReturnType<typeof cardAt>) => {
    const key = card?.key ?? null;
    if (key === pointed.current) return;
    if (pointed.current !== null) previews.leave();
    pointed.current = key;
    page.classList.toggle('pdf-page--on-term', card !== null);
    if (card) previews.pointAt(card);
  };
  const onPointerMove = useEffectEvent((page: HTMLElement, event: PointerEvent) => {
    // Touch has no hover; a drag selecting words opens nothing.
    if (event.pointerType === 'touch' || event.buttons !== 0) return;
    point(page, cardAt(page, event));
  });
  const onClick = useEffectEvent((page: HTMLElement, event: MouseEvent) => {
    const touch = pointerType.current === 'touch';
    pointerType.current = '';
    if (event.button !== 0 || !(window.getSelection()?.isCollapsed ?? true)) return;
    if (event.target instanceof Element && event.target.closest('a, button, [role="button"]')) return;
    const card = cardAt(page, event);
    if (!card) return;
    // After the page's other listeners: a highlight under the click opens its note instead (it prevents
    // the default), and a first tap shows the card.
    setTimeout(() => {
      if (event.defaultPrevented) return;
      if (touch && previews.open?.key !== card.key) previews.showNow(card);
      else previews.jumpTo(card.target);
    });
  });

  const hasTerms = terms.length > 0;
  useEffect(() => {
    const page = layerRef.current?.closest<HTMLElement>('.pdf-page');
    if (!page) return;
    const move = (event: PointerEvent) => onPointerMove(page, event);
    const leave = () => point(page, null);
    const down = (event: PointerEvent) => {
      pointerType.current = event.pointerType;
    };
    const click = (event: MouseEvent) => onClick(page, event);
    page.addEventListener('pointermove', move);
    page.addEventListener('pointerleave', leave);
    page.addEventListener('pointerdown', down);
    page.addEventListener('click', click);
    return () => {
      page.removeEventListener('pointermove', move);
      page.removeEventListener('pointerleave', leave);
      page.removeEventListener('pointerdown', down);
      page.removeEventListener('click', click);
      leave();
    };
    // point() reads only refs and the previews' stable controller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasTerms]);

  if (!hasTerms) return null;
  return (
    <div ref={layerRef} className="term-spans" aria-hidden="true">
      {terms.map((term, index) => (
        <div
          key={index}
          className="term-span"
          data-term={term.term}
          data-definition={term.definition}
          style={pageBoxStyle(term.rect)}
        />
      ))}
    </div>
  );
}
