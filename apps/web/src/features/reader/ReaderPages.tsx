import { useEffect, useId, useState, type ReactNode, type RefObject } from 'react';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import type { PageColours } from '@threadbook/contracts';
import { PAGE_FIT, usefulPageLabels } from './model/index.ts';
import type { OpeningImage } from './opening/index.ts';
import { PdfView, type PdfViewHandle } from './pdf/PdfView.tsx';
import { PageReferenceSpans, ReferencePreview, useReferencePreviews } from './preview/index.ts';
import { PageTermSpans, useTermStore } from './terms/index.ts';
import { timedActions, useReaderDispatch, useReaderState, useReaderStore } from './state/index.ts';
import { useWheelZoom } from './use-wheel-zoom.ts';

interface ReaderPagesProps {
  bookId: number;
  pdf: PDFDocumentProxy;
  firstPage: PDFPageProxy;
  title: string;
  viewRef: RefObject<PdfViewHandle | null>;
  /** The reader's own overlays of a page (highlights, find, anchors). */
  renderOverlay(pageNumber: number): ReactNode;
  definedTerms: boolean;
  pageColours: PageColours;
  /** The page shown as an image until pdf.js has drawn it (opening/). */
  openingImage: OpeningImage | null;
  onPagePainted(): void;
}

/**
 * The book's pages as pdf.js draws them, with what needs the open PDF: links and reference previews,
 * defined terms, the book's page labels. Mounted once pdf.js has opened the book; the reader around it
 * is there before. It opens at the page the reader stands at then (a page asked for meanwhile included).
 */
export function ReaderPages(props: ReaderPagesProps) {
  const { bookId, pdf, viewRef } = props;
  const store = useReaderStore();
  const dispatch = useReaderDispatch();
  const zoom = useReaderState((state) => state.zoom);
  const [initialPage] = useState(() => {
    const { navigation, page } = store.getState();
    return navigation?.pageNumber ?? page;
  });
  useReadPageLabels(pdf);
  // Links and reference previews: their jumps are recorded like the table of contents'.
  const previews = useReferencePreviews(pdf, bookId, (to) =>
    dispatch(timedActions.jump({ ...to, source: 'toc' })),
  );
  const previewId = useId();
  // Defined terms on the pages (issue 34): their cards are previews of their definitions.
  const termStore = useTermStore(bookId);
  const zoomByWheelTurn = useWheelZoom((deltaY) => dispatch({ type: 'zoomByWheel', deltaY }));
  return (
    <>
      <PdfView
        ref={viewRef}
        pdf={pdf}
        firstPage={props.firstPage}
        label={props.title}
        scale={zoom === PAGE_FIT ? undefined : zoom}
        initialPage={initialPage}
        placeholder={props.openingImage}
        renderOverlay={(pageNumber) => (
          <>
            {props.renderOverlay(pageNumber)}
            <PageReferenceSpans pageNumber={pageNumber} previews={previews} previewId={previewId} />
            {props.definedTerms && (
              <PageTermSpans pageNumber={pageNumber} store={termStore} previews={previews} />
            )}
          </>
        )}
        links={previews.pageLinks}
        pageColours={props.pageColours}
        onCtrlWheel={zoomByWheelTurn}
        onPageChange={(next) => dispatch({ type: 'pageChanged', page: next })}
        onPagePainted={props.onPagePainted}
        onScaleChange={(scale) => dispatch({ type: 'scaleChanged', scale })}
      />
      <ReferencePreview previews={previews} id={previewId} />
    </>
  );
}

/** Gives the reader the book's own page labels once pdf.js has read them (none when it cannot). */
function useReadPageLabels(pdf: PDFDocumentProxy): void {
  const dispatch = useReaderDispatch();
  useEffect(() => {
    let current = true;
    pdf.getPageLabels().then(
      (read) => current && dispatch({ type: 'pageLabelsRead', labels: usefulPageLabels(read, pdf.numPages) }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [pdf, dispatch]);
}
