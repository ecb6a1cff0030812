import { useLayoutEffect, useMemo, useRef } from 'react';
import { fitPageScale, layoutPages, PAGE_GAP, scrollTopFor } from './layout.ts';
import { ReaderMessage } from './load-error.ts';
import { useViewerSize } from './use-viewer-size.ts';

/** A page's image: where it is (a URL) and its size in pixels, whose ratio is the page's. */
export interface PageImage {
  url: string;
  width: number;
  height: number;
}

interface OpeningPageProps {
  /** The view's accessible name (the book's title), as the pages' own. */
  label: string;
  pageCount: number;
  /** The page the reader opens at. */
  page: number;
  /** That page as an image, when it came; nothing is drawn on the page until then. */
  image: PageImage | null;
}

/**
 * The reader's pages while pdf.js opens the book (docs/product.md §2: loading): the page the reader
 * opens at, shown from its image where pdf.js will draw it. It is laid out as PdfView lays the book out,
 * every page the size of this one and the page at the top of the view, so pdf.js's drawing takes its
 * place without a jump.
 */
export function OpeningPage({ label, pageCount, page, image }: OpeningPageProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const viewer = useViewerSize(containerRef);

  const placed = useMemo(() => {
    if (!viewer || !image) return null;
    // The image's size stands for the page's: page fit depends only on its shape.
    const scale = fitPageScale(image, viewer);
    const width = image.width * scale;
    const height = image.height * scale;
    const layout = layoutPages(Array.from({ length: pageCount }, () => height));
    return {
      layout,
      width,
      height,
      contentWidth: Math.max(viewer.width, width + 2 * PAGE_GAP),
      scrollTop: scrollTopFor(layout, { page, yFraction: 0 }),
    };
  }, [viewer, image, pageCount, page]);

  useLayoutEffect(() => {
    if (placed && containerRef.current) containerRef.current.scrollTop = placed.scrollTop;
  }, [placed]);

  return (
    <div ref={containerRef} className="pdf-view" role="region" aria-label={label} aria-busy="true">
      <p className="visually-hidden" role="status">
        {ReaderMessage.loading}
      </p>
      {placed && image && (
        <div
          className="pdf-view__pages"
          style={{ height: placed.layout.totalHeight, width: placed.contentWidth }}
        >
          <div
            className="pdf-page"
            data-page-number={page}
            data-image-shown="true"
            style={{
              top: placed.layout.tops[page - 1],
              left: (placed.contentWidth - placed.width) / 2,
              width: placed.width,
              height: placed.height,
            }}
          >
            <img className="pdf-page__image" src={image.url} alt="" />
          </div>
        </div>
      )}
    </div>
  );
}
