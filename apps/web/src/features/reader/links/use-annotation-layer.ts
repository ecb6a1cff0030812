import { useEffect, type RefObject } from 'react';
import { AnnotationLayer, PixelsPerInch, type PDFPageProxy } from 'pdfjs-dist';
import type { ReaderLinkService } from './link-service.ts';
import './links.css';

/** A link annotation of the page as pdf.js reads it (the little of it the reader uses). */
export interface LinkAnnotation {
  id: string;
  /** An internal link's destination: a name or an explicit array. */
  dest?: unknown;
  /** An external link's address. */
  url?: string;
}

/** What a page needs for its links: where they lead, and who previews them. */
export interface PageLinks {
  linkService: ReaderLinkService;
  /** Called once a page's links are drawn (the previews bind them); answers how to unbind. */
  bindLayer?(
    pageNumber: number,
    layer: HTMLDivElement,
    annotations: ReadonlyMap<string, LinkAnnotation>,
  ): () => void;
}

/**
 * pdf.js's annotation layer (its links only) in `ref`, drawn once the page is painted so it never delays
 * the canvas. Its sections are placed in percentages of the page, so zoom only resizes it.
 */
export function useAnnotationLayer(
  ref: RefObject<HTMLDivElement | null>,
  page: PDFPageProxy | null,
  pageNumber: number,
  painted: boolean,
  links: PageLinks | undefined,
): void {
  useEffect(() => {
    const div = ref.current;
    if (!div || !page || !painted || !links) return;
    let cancelled = false;
    let unbind: (() => void) | undefined;
    const draw = async () => {
      const annotations = (await page.getAnnotations({ intent: 'display' })) as (LinkAnnotation & {
        subtype?: string;
      })[];
      const linkAnnotations = annotations.filter((annotation) => annotation.subtype === 'Link');
      if (cancelled || linkAnnotations.length === 0) return;
      const viewport = page.getViewport({ scale: PixelsPerInch.PDF_TO_CSS_UNITS });
      const layer = new AnnotationLayer({
        div,
        page,
        viewport,
        linkService: links.linkService,
        accessibilityManager: null,
        annotationCanvasMap: null,
        annotationEditorUIManager: null,
        structTreeLayer: null,
        commentManager: null,
        annotationStorage: null,
      });
      await layer.render({
        viewport,
        div,
        annotations: linkAnnotations,
        page,
        linkService: links.linkService as never,
        renderForms: false,
      });
      if (cancelled) return;
      unbind = links.bindLayer?.(
        pageNumber,
        div,
        new Map(linkAnnotations.map((annotation) => [annotation.id, annotation])),
      );
    };
    draw().catch((error: unknown) => {
      if (!cancelled) console.warn(`the links of page ${pageNumber} could not be drawn`, error);
    });
    return () => {
      cancelled = true;
      unbind?.();
      div.replaceChildren();
    };
  }, [ref, page, pageNumber, painted, links]);
}
