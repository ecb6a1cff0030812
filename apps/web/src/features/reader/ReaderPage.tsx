import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { BookOutlineChapter } from '@threadbook/book';
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
  undoHistory,
  zoomInByFineStep,
  zoomOutByFineStep,
  type HistoryStep,
  type ZoomSetting,
} from './model/index.ts';
import { ResizablePanel, usePanelWidth } from './panels/index.ts';
import { docIdError, ReaderMessage } from './pdf/load-error.ts';
import { PdfView, type PdfViewHandle } from './pdf/PdfView.tsx';
import { usePdfBook } from './pdf/use-pdf-book.ts';
import { ReaderLoading } from './ReaderLoading.tsx';
import { TocPanel, type TocJump } from './toc/index.ts';
import { Toolbar } from './toolbar/index.ts';
import { useBookOutline } from './use-book-outline.ts';
import { useFullscreen } from './use-fullscreen.ts';
import './reader.css';

/** SPEC §2 Related panel, before an anchor is chosen (the panel's content is a later part). */
const NOTHING_SELECTED = 'Click on a paragraph anchor in the PDF to view its relationships.';

/** SPEC §2 Reader: the document id is checked first, then the book loads. */
export function ReaderPage() {
  const { docId } = useParams();
  const error = docIdError(docId);
  if (error) return <ReaderError message={error} />;
  // Keyed by the id: opening another book starts again from 'Loading book...'.
  return <ReaderBook key={docId} bookId={Number(docId)} />;
}

function ReaderBook({ bookId }: { bookId: number }) {
  const book = usePdfBook(bookId);
  const outline = useBookOutline(bookId);
  if (book.status === 'error') return <ReaderError message={book.message} />;
  if (outline.status === 'error') return <ReaderError message={outline.message} />;
  if (book.status === 'loading') return <ReaderLoading />;
  return (
    <ReaderView
      pdf={book.pdf}
      title={book.metadata.title}
      outline={outline.status === 'loaded' ? outline.outline : null}
    />
  );
}

interface ReaderViewProps {
  pdf: PDFDocumentProxy;
  title: string;
  /** Null while the XML is still fetched and nothing was cached. */
  outline: readonly BookOutlineChapter[] | null;
}

/** The loaded reader: toolbar, table of contents, pages and the related panel, with history and keys. */
function ReaderView({ pdf, title, outline }: ReaderViewProps) {
  const viewRef = useRef<PdfViewHandle>(null);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState<ZoomSetting>(PAGE_FIT);
  // The scale the pages are drawn at; page fit is resolved by the view.
  const [scale, setScale] = useState(1);
  const [history, setHistory] = useState(EMPTY_HISTORY);
  const [tocOpen, setTocOpen] = useState(false);
  const [relatedOpen, setRelatedOpen] = useState(false);
  const [leftWidth, setLeftWidth] = usePanelWidth('left');
  const [rightWidth, setRightWidth] = usePanelWidth('right');
  const [fullscreen, toggleFullscreen] = useFullscreen();
  const totalPages = pdf.numPages;

  const goToPage = (target: number, yFraction = 0) => viewRef.current?.scrollToPage(target, yFraction);
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
  const jumpFromToc = ({ pageNumber, label }: TocJump) => {
    setHistory(pushHistory(history, { pageNumber, source: 'toc', label }, page, Date.now()));
    goToPage(pageNumber);
  };

  useReaderShortcuts({
    nextPage: () => goBy(1),
    previousPage: () => goBy(-1),
    undo,
    redo,
    clearHistory: clear,
    zoomIn: () => setZoom(zoomInByFineStep(scale)),
    zoomOut: () => setZoom(zoomOutByFineStep(scale)),
    toggleFullscreen,
    toggleToc: () => setTocOpen((open) => !open),
    toggleRelated: () => setRelatedOpen((open) => !open),
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
        onZoomChange={setZoom}
        onToggleFullscreen={toggleFullscreen}
        onToggleRelated={() => setRelatedOpen((open) => !open)}
      />
      <div className="reader__body">
        <ResizablePanel
          side="left"
          label="Table of contents"
          open={tocOpen}
          width={leftWidth}
          onResize={setLeftWidth}
        >
          {outline && <TocPanel outline={outline} currentPage={page} onNavigate={jumpFromToc} />}
        </ResizablePanel>
        <PdfView
          ref={viewRef}
          pdf={pdf}
          label={title}
          scale={zoom === PAGE_FIT ? undefined : zoom}
          onPageChange={setPage}
          onScaleChange={setScale}
        />
        <ResizablePanel
          side="right"
          label="Related paragraphs"
          open={relatedOpen}
          width={rightWidth}
          onResize={setRightWidth}
        >
          <div className="reader__related">
            <p className="reader__related-empty">{NOTHING_SELECTED}</p>
          </div>
        </ResizablePanel>
      </div>
    </main>
  );
}

/** SPEC §2: 'Error Loading Book' with the message, or 'An unexpected error occurred' without one. */
function ReaderError({ message }: { message: string }) {
  return (
    <main className="page" id="main">
      <div className="empty-state" role="alert">
        <TriangleAlert className="empty-state__icon empty-state__icon--danger" size={40} aria-hidden="true" />
        <h1 className="empty-state__title">{ReaderMessage.errorTitle}</h1>
        <p className="empty-state__text">{message || ReaderMessage.unexpected}</p>
        <Link className="link" to="/library">
          Back to Library
        </Link>
      </div>
    </main>
  );
}
