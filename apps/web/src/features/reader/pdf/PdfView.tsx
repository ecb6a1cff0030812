import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import type { PageColours } from '@threadbook/contracts';
import {
  fitPageScale,
  jumpScrollTop,
  layoutPages,
  mostVisiblePage,
  nextDrawnPages,
  PAGE_GAP,
  positionAt,
  sameSet,
  scrollTopFor,
  visiblePages,
  type ReadingPosition,
} from './layout.ts';
import { pageSize, PageView, type PageSize } from './PageView.tsx';
import { createPageProxies } from './page-proxies.ts';
import { afterNextPaint } from '../../../lib/after-paint.ts';
import { createRenderQueue } from './render-queue.ts';
import { useSelectionDrag } from './selection-drag.ts';
import type { PageLinks } from '../links/index.ts';
import './pdf.css';

export interface PdfViewHandle {
  /**
   * Shows page `page` as the current page, with `yFraction` of it (0 top, 1 bottom) at the top of the
   * viewer as far as the page allows (see jumpScrollTop).
   */
  scrollToPage(page: number, yFraction?: number): void;
}

interface PdfViewProps {
  pdf: PDFDocumentProxy;
  /** Page 1, loaded: its size stands for every page not loaded yet (a textbook's pages are all alike). */
  firstPage: PDFPageProxy;
  /** Accessible name of the scrolled pages (the book's title). */
  label: string;
  /** Zoom, 1 = 100%; page fit (the whole first page fits in the viewer) when not given. */
  scale?: number;
  /** The page shown first, at its top (the place the student left the book). */
  initialPage?: number;
  /** What to draw over a page while it is drawn (anchors, highlights), placed in fractions of the page. */
  renderOverlay?: (pageNumber: number) => ReactNode;
  /** A wheel turn with Ctrl (or Cmd) held: zoom instead of scrolling. */
  onCtrlWheel?: (event: WheelEvent) => void;
  /** Called with the page most in view whenever it changes. */
  onPageChange?(page: number): void;
  /** Called each time a page has been drawn. */
  onPagePainted?(page: number): void;
  /** Called with the scale the pages are drawn at (page fit resolved to its number) whenever it changes. */
  onScaleChange?(scale: number): void;
  /** Where the pages' links lead (issue 15); stable, or every page renders again. */
  links?: PageLinks;
  /** The page colours the pages are drawn in (issue 34: night reading); the book's own when not given. */
  pageColours?: PageColours;
  /** A page's image, shown on it until pdf.js has drawn it (the page the reader opens at, opening/). */
  placeholder?: { page: number; url: string } | null;
  /** Called once the placeholder is shown on its page. */
  onPlaceholderShown?(): void;
  /** Called with the scrolled view each time its size is measured (the reader's layout changed). */
  onMeasured?(view: HTMLElement): void;
  ref?: Ref<PdfViewHandle>;
}

const EMPTY: ReadonlySet<number> = new Set();

/**
 * The book's pages in one scrolled column as tall as all of them. Only the pages in view and their
 * neighbours are in the document and drawn; pages far from the view are released, so a 1,000-page book
 * costs what a short one does. The reading position is kept across zoom and resize.
 */
export function PdfView(props: PdfViewProps) {
  const {
    pdf,
    firstPage,
    label,
    scale,
    initialPage = 1,
    renderOverlay,
    onPageChange,
    onScaleChange,
    ref,
  } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  useSelectionDrag(containerRef);
  const usualSize = useMemo(() => pageSize(firstPage), [firstPage]);
  const [ownSizes, setOwnSizes] = useState<ReadonlyMap<number, PageSize>>(new Map());
  // Null until measured (the first layout effect): no page is laid out, or asked for, at a made-up size.
  const [viewerSize, setViewerSize] = useState<PageSize | null>(null);
  // The view's height as last measured, for a jump to place the page without laying the page out first.
  const viewerHeightRef = useRef(0);
  const [drawn, setDrawn] = useState<ReadonlySet<number>>(EMPTY);
  const drawnRef = useRef(drawn);
  useLayoutEffect(() => {
    drawnRef.current = drawn;
  }, [drawn]);
  const positionRef = useRef<ReadingPosition>({ page: initialPage, yFraction: 0 });
  const [renderQueue] = useState(createRenderQueue);
  const currentPageRef = useRef(0);
  const onPageChangeRef = useRef(onPageChange);
  const onPagePaintedRef = useRef(props.onPagePainted);
  const onPlaceholderShownRef = useRef(props.onPlaceholderShown);
  const onMeasuredRef = useRef(props.onMeasured);
  useEffect(() => {
    onPageChangeRef.current = onPageChange;
    onPagePaintedRef.current = props.onPagePainted;
    onPlaceholderShownRef.current = props.onPlaceholderShown;
    onMeasuredRef.current = props.onMeasured;
  }, [onPageChange, props.onPagePainted, props.onPlaceholderShown, props.onMeasured]);
  const proxies = useMemo(() => createPageProxies(pdf), [pdf]);
  useEffect(() => () => proxies.stop(), [proxies]);
  // Stable, so the memoised pages do not render again for a new callback. The first page drawn, the
  // others' proxies are asked for.
  const onPainted = useCallback(
    (page: number) => {
      proxies.fetchAll();
      onPagePaintedRef.current?.(page);
    },
    [proxies],
  );
  const onPlaceholderShown = useCallback(() => onPlaceholderShownRef.current?.(), []);

  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const measure = () => {
      viewerHeightRef.current = container.clientHeight;
      setViewerSize({ width: container.clientWidth, height: viewerHeightRef.current });
      onMeasuredRef.current?.(container);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(container);
    return () => observer.disconnect();
  }, []);

  // Ctrl+wheel must be caught before the browser zooms the whole page: a listener that may prevent it.
  const onCtrlWheelRef = useRef(props.onCtrlWheel);
  useEffect(() => {
    onCtrlWheelRef.current = props.onCtrlWheel;
  }, [props.onCtrlWheel]);
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const onWheel = (event: WheelEvent) => {
      if (!(event.ctrlKey || event.metaKey) || !onCtrlWheelRef.current) return;
      event.preventDefault();
      onCtrlWheelRef.current(event);
    };
    container.addEventListener('wheel', onWheel, { passive: false });
    return () => container.removeEventListener('wheel', onWheel);
  }, []);

  // A page of the usual size is not kept: the pages are laid out again only for a page of another size.
  const onSize = useCallback(
    (page: number, width: number, height: number) => {
      setOwnSizes((sizes) => {
        const known = sizes.get(page) ?? usualSize;
        if (known.width === width && known.height === height) return sizes;
        return new Map(sizes).set(page, { width, height });
      });
    },
    [usualSize],
  );

  const measured = viewerSize !== null;
  const effectiveScale = scale ?? (viewerSize ? fitPageScale(usualSize, viewerSize) : 1);
  useEffect(() => {
    if (measured) onScaleChange?.(effectiveScale);
  }, [measured, effectiveScale, onScaleChange]);
  const sizes = useMemo(() => {
    if (!measured) return [];
    return Array.from({ length: pdf.numPages }, (_, index) => {
      const size = ownSizes.get(index + 1) ?? usualSize;
      return { width: size.width * effectiveScale, height: size.height * effectiveScale };
    });
  }, [measured, pdf.numPages, usualSize, ownSizes, effectiveScale]);
  const layout = useMemo(() => layoutPages(sizes.map((size) => size.height)), [sizes]);
  const contentWidth = Math.max(viewerSize?.width ?? 0, ...sizes.map((size) => size.width + 2 * PAGE_GAP));
  const layoutRef = useRef(layout);

  /**
   * What the view shows now: the pages it draws and the current page. A jump gives the place it scrolled
   * to and the height it measured, so the view is not asked for them (which would lay the page out again).
   */
  const update = useCallback(
    (jumped?: { scrollTop: number; clientHeight: number }) => {
      const container = containerRef.current;
      const current = layoutRef.current;
      if (!container || current.tops.length === 0) return;
      const { scrollTop, clientHeight } = jumped ?? container;
      const visible = visiblePages(current, scrollTop, clientHeight);
      renderQueue.setVisible(visible.first, visible.last);
      const drawPages = () =>
        setDrawn((previous) => {
          const next = nextDrawnPages(previous, visible, current.tops.length);
          return sameSet(previous, next) ? previous : next;
        });
      // A jump to pages drawn ahead already (a page turn): the pages that come and go are rendered after
      // the frame that shows them, so the click's task only scrolls. A page not there yet comes at once.
      const alreadyThere = (page: number) => drawnRef.current.has(page);
      const shown = Array.from({ length: visible.last - visible.first + 1 }, (_, i) => visible.first + i);
      if (jumped && shown.every(alreadyThere)) afterNextPaint(drawPages);
      else drawPages();
      positionRef.current = positionAt(current, scrollTop);
      const page = mostVisiblePage(current, scrollTop, clientHeight);
      if (page !== currentPageRef.current) {
        currentPageRef.current = page;
        onPageChangeRef.current?.(page);
      }
    },
    [renderQueue],
  );

  // A new layout (zoom, resize, a page of another size) keeps the page and the place in it at the top.
  useLayoutEffect(() => {
    layoutRef.current = layout;
    const container = containerRef.current;
    if (!container || layout.tops.length === 0) return;
    container.scrollTop = scrollTopFor(layout, positionRef.current);
    update();
  }, [layout, update]);

  const frame = useRef(0);
  const onScroll = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      update();
    });
  }, [update]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  useImperativeHandle(
    ref,
    () => ({
      scrollToPage(page, yFraction = 0) {
        const container = containerRef.current;
        if (!container || layoutRef.current.tops.length === 0) return;
        const clientHeight = viewerHeightRef.current || container.clientHeight;
        const scrollTop = jumpScrollTop(layoutRef.current, { page, yFraction }, clientHeight);
        container.scrollTop = scrollTop;
        update({ scrollTop, clientHeight });
      },
    }),
    [update],
  );

  return (
    <div
      ref={containerRef}
      className="pdf-view"
      role="region"
      aria-label={label}
      // Scrolled content must be reachable from the keyboard.
      tabIndex={0}
      onScroll={onScroll}
    >
      <div className="pdf-view__pages" style={{ height: layout.totalHeight, width: contentWidth }}>
        {[...drawn]
          .sort((a, b) => a - b)
          .map((pageNumber) => {
            const size = sizes[pageNumber - 1];
            if (!size) return null;
            return (
              <PageView
                key={pageNumber}
                pdf={pdf}
                pageNumber={pageNumber}
                loadedPage={pageNumber === firstPage.pageNumber ? firstPage : proxies.get(pageNumber)}
                scale={effectiveScale}
                top={layout.tops[pageNumber - 1]!}
                left={(contentWidth - size.width) / 2}
                width={size.width}
                height={size.height}
                renderQueue={renderQueue}
                onPainted={onPainted}
                onSize={onSize}
                links={props.links}
                colours={props.pageColours}
                placeholder={props.placeholder?.page === pageNumber ? props.placeholder.url : undefined}
                onPlaceholderShown={onPlaceholderShown}
              >
                {renderOverlay?.(pageNumber)}
              </PageView>
            );
          })}
      </div>
    </div>
  );
}
