import {
  memo,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import {
  AbortException,
  PixelsPerInch,
  RenderingCancelledException,
  TextLayer,
  type PDFDocumentProxy,
  type PDFPageProxy,
  type RenderTask,
} from 'pdfjs-dist';
import type { PageColours } from '@threadbook/contracts';
import { pageBackground, recolourCanvas } from './page-colours.ts';
import type { RenderQueue } from './render-queue.ts';
import { END_OF_CONTENT } from './selection-drag.ts';
// Links (issue 15).
import { useAnnotationLayer, type PageLinks } from '../links/index.ts';

/** Most canvas pixels one page may take (16 M, 64 MB): a high zoom on a dense screen stays bounded. */
const MAX_CANVAS_PIXELS = 2 ** 24;

/** The device pixels per CSS pixel for a canvas of `width` × `height` CSS pixels, capped by MAX_CANVAS_PIXELS. */
export function canvasPixelRatio(width: number, height: number, devicePixelRatio: number): number {
  const cap = Math.sqrt(MAX_CANVAS_PIXELS / Math.max(1, width * height));
  return Math.min(devicePixelRatio || 1, cap);
}

export interface PageSize {
  width: number;
  height: number;
}

/** The page's size in CSS pixels at scale 1, rotation applied. */
export function pageSize(page: PDFPageProxy): PageSize {
  const viewport = page.getViewport({ scale: PixelsPerInch.PDF_TO_CSS_UNITS });
  return { width: viewport.width, height: viewport.height };
}

interface PageViewProps {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  /**
   * The page, when it is loaded already (the first page, loaded with the book; a page asked for ahead):
   * drawn without waiting. Taken when the page view is made; a later one is not.
   */
  loadedPage?: PDFPageProxy | undefined;
  /** 1 is 100%: a PDF point is 96/72 CSS pixels, as in the pdf.js viewer. */
  scale: number;
  /** The slot's place and size in CSS pixels (the page's own size once known, else the book's usual one). */
  top: number;
  left: number;
  width: number;
  height: number;
  /** Where the page waits its turn to be drawn. */
  renderQueue: RenderQueue;
  /** Called once the page is drawn (canvas and text layer). */
  onPainted(pageNumber: number): void;
  /** The page's size at scale 1, once pdf.js has it, so the list can size its slot. */
  onSize(pageNumber: number, width: number, height: number): void;
  /** Drawn over the page (the reader's overlays). */
  children?: ReactNode;
  /** The page's links (pdf.js annotation layer) lead through this; none drawn without it. */
  links?: PageLinks;
  /** Drawn in these colours (night reading): the book's own when not given or 'normal'. */
  colours?: PageColours;
  /** An image of the page (the reader's opening/), shown in the canvas's place until pdf.js has drawn it. */
  placeholder?: string | undefined;
  /** Called once the placeholder is shown (its picture decoded and in place). */
  onPlaceholderShown?(): void;
}

/**
 * One page near the view: a blank page of the right size until its turn comes, then a canvas at the zoom
 * scale with a pdf.js text layer above it for selection. Released (canvas emptied, text removed,
 * page.cleanup()) when it leaves the list, so memory follows the pages near the view only. Memoised: only
 * the pages whose slot or overlay changed render again.
 */
export const PageView = memo(function PageView(props: PageViewProps) {
  const { pdf, pageNumber, scale, top, left, width, height } = props;
  // A proxy that comes while the page view is waiting for its own would only start the page over.
  const [loadedPage] = useState(props.loadedPage);
  const { renderQueue, onPainted, onSize, children, colours = 'normal' } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [page, setPage] = useState<PDFPageProxy | null>(loadedPage ?? null);
  const [painted, setPainted] = useState(false);
  // Links (issue 15): pdf.js's annotation layer, once the page is painted.
  const annotationRef = useRef<HTMLDivElement>(null);
  useAnnotationLayer(annotationRef, page, pageNumber, painted, props.links);
  const placeholderRef = useRef<HTMLImageElement>(null);
  const { onPlaceholderShown } = props;
  // Before the frame is painted: what showed the same picture in the same place (the opening overlay) may
  // go in that frame.
  useLayoutEffect(() => {
    const image = placeholderRef.current;
    if (!image || !onPlaceholderShown) return;
    if (image.complete) return onPlaceholderShown();
    image.addEventListener('load', onPlaceholderShown, { once: true });
    return () => image.removeEventListener('load', onPlaceholderShown);
  }, [props.placeholder, onPlaceholderShown]);

  // The page proxy lives while the page is shown; releasing it frees its operator list and images.
  useEffect(() => {
    let current = true;
    let loaded: PDFPageProxy | undefined;
    const take = (proxy: PDFPageProxy) => {
      loaded = proxy;
      if (!current) return void proxy.cleanup();
      const size = pageSize(proxy);
      onSize(pageNumber, size.width, size.height);
      setPage(proxy);
    };
    if (loadedPage) take(loadedPage);
    else {
      pdf
        .getPage(pageNumber)
        .then(take, (error: unknown) => console.error(`page ${pageNumber} could not be loaded`, error));
    }
    return () => {
      current = false;
      setPage(null);
      // pdf.js defers the cleanup until a render being cancelled has stopped.
      loaded?.cleanup();
    };
  }, [pdf, pageNumber, loadedPage, onSize]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const textContainer = textRef.current;
    if (!page || !canvas || !textContainer) return;
    const viewport = page.getViewport({ scale: scale * PixelsPerInch.PDF_TO_CSS_UNITS });
    let renderTask: RenderTask | undefined;
    let textLayer: TextLayer | undefined;
    let cancelled = false;
    const draw = async () => {
      if (cancelled) return;
      const ratio = canvasPixelRatio(viewport.width, viewport.height, window.devicePixelRatio);
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      renderTask = page.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
        // Night reading leaves the page's images as they are: pdf.js says where it drew them.
        recordImages: colours !== 'normal',
      });
      // The page's words stream in from the worker while this thread draws, and the text layer takes
      // each part as it comes: no one long task lays them all out as the drawing ends.
      textContainer.replaceChildren();
      textLayer = new TextLayer({
        textContentSource: page.streamTextContent(),
        container: textContainer,
        viewport,
      });
      const wordsLaidOut = textLayer.render();
      wordsLaidOut.catch(() => undefined);
      try {
        await renderTask.promise;
        if (cancelled) return;
        if (colours !== 'normal') {
          const images: unknown = renderTask.imageCoordinates ?? page.imageCoordinates;
          recolourCanvas(canvas, colours, images as ArrayLike<number> | null);
        }
        canvas.dataset.drawn = 'true';
        await wordsLaidOut;
        if (cancelled) return;
        const endOfContent = document.createElement('div');
        endOfContent.className = END_OF_CONTENT;
        textContainer.append(endOfContent);
        setPainted(true);
        onPainted(pageNumber);
      } catch (error) {
        // A page scrolled away or zoomed cancels its drawing: that is not a failure.
        if (!(error instanceof RenderingCancelledException) && !(error instanceof AbortException)) {
          console.error(`page ${pageNumber} could not be drawn`, error);
        }
      }
    };
    const dequeue = renderQueue.enqueue(pageNumber, draw);
    return () => {
      cancelled = true;
      dequeue();
      renderTask?.cancel();
      textLayer?.cancel();
      setPainted(false);
      delete canvas.dataset.drawn;
      textContainer.replaceChildren();
      // A zero-sized canvas gives its pixel memory back at once.
      canvas.width = 0;
      canvas.height = 0;
    };
  }, [page, scale, pageNumber, renderQueue, onPainted, colours]);

  return (
    <div
      className={`pdf-page pdf-page--${colours}`}
      data-page-number={pageNumber}
      data-painted={painted ? 'true' : undefined}
      style={
        {
          top,
          left,
          width,
          height,
          '--total-scale-factor': scale * PixelsPerInch.PDF_TO_CSS_UNITS,
          background: pageBackground(colours) ?? undefined,
        } as CSSProperties
      }
    >
      {props.placeholder && !painted && (
        <img ref={placeholderRef} className="pdf-page__image" src={props.placeholder} alt="" />
      )}
      {page ? (
        <>
          <canvas ref={canvasRef} className="pdf-page__canvas" aria-hidden="true" />
          <div ref={textRef} className="textLayer" />
          <div ref={annotationRef} className="annotationLayer" />
        </>
      ) : null}
      {children}
    </div>
  );
});
