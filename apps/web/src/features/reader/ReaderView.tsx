import { useId, useRef, useState } from 'react';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import type { BookOutlineChapter } from '@threadbook/book';
import type { Bookmark } from '@threadbook/contracts';
import { BookmarkList, useBookmarks, useSaveReadingPosition } from './bookmarks/index.ts';
import { useReaderShortcuts } from './keyboard/index.ts';
import {
  canClearHistory,
  canRedo,
  canUndo,
  clearHistory,
  EMPTY_HISTORY,
  PAGE_FIT,
  pushHistory,
  redoHistory,
  resolveScale,
  undoHistory,
  zoomByWheel,
  zoomInByFineStep,
  zoomOutByFineStep,
  type HistoryJump,
  type HistoryStep,
  type ZoomSetting,
} from './model/index.ts';
import { ResizablePanel, usePanelWidth } from './panels/index.ts';
import { PdfView, type PdfViewHandle } from './pdf/PdfView.tsx';
import { PageReferenceSpans, ReferencePreview, useReferencePreviews } from './preview/index.ts';
import { PageOverlay, RelatedPanel, useAnchorIndex, useParagraphSelection } from './related/index.ts';
import { ReaderNotice } from './ReaderNotice.tsx';
import { ReaderSidebar } from './ReaderSidebar.tsx';
import { currentOutlineTitle, TocPanel, type TocJump } from './toc/index.ts';
import { Toolbar } from './toolbar/index.ts';
import { useFullscreen } from './use-fullscreen.ts';
import { useWheelZoom } from './use-wheel-zoom.ts';

/** A paragraph jumped to lands this far (a fraction of the page) below the top of the view, not against it. */
const LANDING_MARGIN = 0.04;

interface ReaderViewProps {
  bookId: number;
  pdf: PDFDocumentProxy;
  /** The book's first page, loaded with it. */
  firstPage: PDFPageProxy;
  title: string;
  /** Null while the XML is still fetched and nothing was cached. */
  outline: readonly BookOutlineChapter[] | null;
  /** The page the student left the book at (it opens there); null before the first visit. */
  savedPage: number | null;
  /** A page is drawn: what the first page does not need may load now. */
  onFirstPageShown?(): void;
}

/**
 * The loaded reader (SPEC §2 Reader): toolbar, table of contents, pages with their paragraph anchors, and
 * the Related Paragraphs panel, with the navigation history (SPEC §4) and the keys (SPEC §9).
 */
export function ReaderView(props: ReaderViewProps) {
  const { bookId, pdf, firstPage, title, outline, savedPage, onFirstPageShown } = props;
  const viewRef = useRef<PdfViewHandle>(null);
  const initialPage = Math.min(savedPage ?? 1, pdf.numPages);
  const [page, setPage] = useState(initialPage);
  const [zoom, setZoom] = useState<ZoomSetting>(PAGE_FIT);
  // The scale the pages are drawn at; page fit is resolved by the view.
  const [scale, setScale] = useState(1);
  const [history, setHistory] = useState(EMPTY_HISTORY);
  const [tocOpen, setTocOpen] = useState(false);
  const [relatedOpen, setRelatedOpen] = useState(false);
  const [leftWidth, setLeftWidth] = usePanelWidth('left');
  const [rightWidth, setRightWidth] = usePanelWidth('right');
  const [fullscreen, toggleFullscreen] = useFullscreen();
  // The book's first page is drawn: what it does not need may load now.
  const [shown, setShown] = useState(false);
  const anchors = useAnchorIndex(bookId, shown);
  const bookmarks = useBookmarks(bookId);
  useSaveReadingPosition(bookId, page, savedPage);
  const totalPages = pdf.numPages;

  const goToPage = (target: number, yStart?: number) =>
    viewRef.current?.scrollToPage(target, yStart === undefined ? 0 : Math.max(0, yStart - LANDING_MARGIN));
  const goBy = (delta: number) => {
    const target = page + delta;
    if (target >= 1 && target <= totalPages) goToPage(target);
  };
  const followStep = (step: HistoryStep) => {
    if (!step) return;
    setHistory(step.history);
    goToPage(step.target.pageNumber, step.target.yStart);
  };
  const undo = () => followStep(undoHistory(history));
  const redo = () => followStep(redoHistory(history));
  const clear = () => setHistory(clearHistory());
  /** A recorded jump (SPEC §4): table of contents and related panel only. */
  const jump = (to: HistoryJump) => {
    setHistory(pushHistory(history, to, page, Date.now()));
    goToPage(to.pageNumber, to.yStart);
  };
  const jumpFromToc = ({ pageNumber, label }: TocJump) => jump({ pageNumber, source: 'toc', label });
  // A bookmark is a table of contents of the student's own: its jumps are recorded the same way.
  const jumpToBookmark = (bookmark: Bookmark) =>
    jump({ pageNumber: bookmark.page, source: 'toc', label: bookmark.label ?? `Page ${bookmark.page}` });
  // Links and reference previews (issue 15): their jumps are recorded like the table of contents'.
  const previews = useReferencePreviews(pdf, bookId, (to) => jump({ ...to, source: 'toc' }));
  const previewId = useId();
  const { selected, highlight, indicator, selectAnchor, clearSelection, jumpToSource, jumpToRelated } =
    useParagraphSelection(anchors, jump, () => setRelatedOpen(true));
  /** Bookmarks the page shown, named after the section it is in; or removes its bookmark. */
  const toggleBookmark = () =>
    bookmarks.toggle(page, outline ? (currentOutlineTitle(outline, page) ?? undefined) : undefined);

  // From the zoom asked for last, not the scale drawn: two quick presses make two steps.
  const zoomFrom = (step: (from: number) => number) =>
    setZoom((current) => step(resolveScale(current, scale)));
  const zoomByWheelTurn = useWheelZoom((deltaY) => zoomFrom((from) => zoomByWheel(from, deltaY)));
  const renderOverlay = (pageNumber: number) => {
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
        onSelect={selectAnchor}
      />
    );
  };

  useReaderShortcuts({
    nextPage: () => goBy(1),
    previousPage: () => goBy(-1),
    undo,
    redo,
    clearHistory: clear,
    zoomIn: () => zoomFrom(zoomInByFineStep),
    zoomOut: () => zoomFrom(zoomOutByFineStep),
    toggleFullscreen,
    toggleToc: () => setTocOpen((open) => !open),
    toggleRelated: () => setRelatedOpen((open) => !open),
    clearSelection,
    bookmark: toggleBookmark,
  });

  return (
    <main className={fullscreen ? 'reader reader--fullscreen' : 'reader'} id="main">
      <Toolbar
        title={title}
        page={page}
        totalPages={totalPages}
        scale={scale}
        canUndo={canUndo(history)}
        canRedo={canRedo(history)}
        canClearHistory={canClearHistory(history)}
        tocOpen={tocOpen}
        relatedOpen={relatedOpen}
        fullscreen={fullscreen}
        onToggleToc={() => setTocOpen((open) => !open)}
        onUndo={undo}
        onRedo={redo}
        onClearHistory={clear}
        onPageChange={(target) => goToPage(target)}
        zoomSetting={zoom}
        onZoomChange={setZoom}
        bookmarked={bookmarks.isBookmarked(page)}
        onToggleBookmark={toggleBookmark}
        onToggleFullscreen={toggleFullscreen}
        onToggleRelated={() => setRelatedOpen((open) => !open)}
      />
      <div className="reader__body">
        {bookmarks.error && !tocOpen && <ReaderNotice message={bookmarks.error} />}
        <ResizablePanel
          side="left"
          label="Table of contents"
          open={tocOpen}
          width={leftWidth}
          onResize={setLeftWidth}
        >
          <ReaderSidebar
            contents={outline && <TocPanel outline={outline} currentPage={page} onNavigate={jumpFromToc} />}
            bookmarkCount={bookmarks.bookmarks.length}
            bookmarks={
              <BookmarkList
                bookmarks={bookmarks.bookmarks}
                currentPage={page}
                status={bookmarks.status}
                error={bookmarks.error}
                onNavigate={jumpToBookmark}
                onRemove={bookmarks.remove}
              />
            }
          />
        </ResizablePanel>
        <PdfView
          ref={viewRef}
          pdf={pdf}
          firstPage={firstPage}
          label={title}
          scale={zoom === PAGE_FIT ? undefined : zoom}
          initialPage={initialPage}
          renderOverlay={(pageNumber) => (
            <>
              {renderOverlay(pageNumber)}
              <PageReferenceSpans pageNumber={pageNumber} previews={previews} previewId={previewId} />
            </>
          )}
          links={previews.pageLinks}
          onCtrlWheel={zoomByWheelTurn}
          onPageChange={setPage}
          onPagePainted={() => {
            setShown(true);
            onFirstPageShown?.();
          }}
          onScaleChange={setScale}
        />
        <ResizablePanel
          side="right"
          label="Related paragraphs"
          open={relatedOpen}
          width={rightWidth}
          onResize={setRightWidth}
        >
          <RelatedPanel
            bookId={bookId}
            selectedId={selected?.id ?? null}
            highlightedId={highlight?.id ?? null}
            onClearSelection={clearSelection}
            onJumpToSource={jumpToSource}
            onJumpToRelated={jumpToRelated}
          />
        </ResizablePanel>
      </div>
      <ReferencePreview previews={previews} id={previewId} />
    </main>
  );
}
