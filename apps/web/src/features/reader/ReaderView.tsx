import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import type { BookOutlineChapter } from '@threadbook/book';
import {
  DEFAULT_READER_PREFERENCES,
  type Annotation,
  type ReaderPreferences,
  type ReaderPreferencesPatch,
} from '@threadbook/contracts';
import { useStudyNotes } from './annotations/index.ts';
import { BookmarkList, useBookmarks, useSaveReadingPosition } from './bookmarks/index.ts';
import { FindBar, FindHighlight, SearchResults, useFind } from './find/index.ts';
import { useReaderShortcuts } from './keyboard/index.ts';
import { PAGE_FIT, usefulPageLabels } from './model/index.ts';
import { rememberReaderChrome, type OpeningImage } from './opening/index.ts';
import { removeOpeningOverlay } from './opening-handoff.ts';
import { readReaderMemory, ResizablePanel, usePanelWidth, writeReaderMemory } from './panels/index.ts';
import { PdfView, type PdfViewHandle } from './pdf/PdfView.tsx';
import { DarkPageSuggestion } from './preferences/index.ts';
import { PageReferenceSpans, ReferencePreview, useReferencePreviews } from './preview/index.ts';
import { PageTermSpans, useTermStore } from './terms/index.ts';
import { AnchorIntroduction, RelatedPanel, useAnchorIndex, usePageOverlays } from './related/index.ts';
import { ReaderNotice } from './ReaderNotice.tsx';
import { ReaderSidebar } from './ReaderSidebar.tsx';
import {
  createReaderStore,
  initialReaderState,
  ReaderStoreProvider,
  timedActions,
  type ReaderStore,
  useReadSectionTitles,
  useReaderDispatch,
  useReaderState,
  useReaderStore,
  usePageLabelOf,
} from './state/index.ts';
import { currentOutlineTitle, TocPanel } from './toc/index.ts';
import { Toolbar } from './toolbar/index.ts';
import { useFullscreen } from './use-fullscreen.ts';
import { useWheelZoom } from './use-wheel-zoom.ts';

interface ReaderViewProps {
  bookId: number;
  pdf: PDFDocumentProxy;
  /** The book's first page, loaded with it. */
  firstPage: PDFPageProxy;
  /** The page it opens at as an image (opening/), shown until pdf.js has drawn that page. */
  openingImage?: OpeningImage | null;
  title: string;
  /** Null while the XML is still fetched and nothing was cached. */
  outline: readonly BookOutlineChapter[] | null;
  /** The page the student left the book at (it opens there); null before the first visit. */
  savedPage: number | null;
  /** A page is drawn: what the first page does not need may load now. */
  onFirstPageShown?(): void;
  /** The user's reader preferences (page colours), kept on the server. */
  preferences?: ReaderPreferences;
  onPreferencesChange?(patch: ReaderPreferencesPatch): void;
}

/**
 * The loaded reader (docs/product.md §2 Reader): toolbar, table of contents, pages with their paragraph anchors, and
 * the Related Paragraphs panel, with the navigation history (docs/product.md §4) and the keys (docs/product.md §9). Its state is
 * one store (state/), which the parts read and change themselves.
 */
export function ReaderView(props: ReaderViewProps) {
  const [store] = useState(() =>
    createReaderStore(
      initialReaderState(
        props.pdf.numPages,
        props.savedPage ?? 1,
        readReaderMemory(window.localStorage, window.innerWidth),
      ),
    ),
  );
  useRememberReader(store);
  return (
    <ReaderStoreProvider store={store}>
      <ReaderLayout {...props} initialPage={store.getState().page} />
    </ReaderStoreProvider>
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

/** Remembers in this browser which panels are open and whether the anchors have introduced themselves. */
function useRememberReader(store: ReaderStore): void {
  useEffect(() => {
    let last = store.getState();
    return store.subscribe(() => {
      const state = store.getState();
      if (state.panels === last.panels && state.anchorsIntroduced === last.anchorsIntroduced) return;
      last = state;
      writeReaderMemory(window.localStorage, state);
    });
  }, [store]);
}

/**
 * Carries out the store's navigation requests: the view scrolls, and reports the page it then shows. It
 * listens to the store itself, so the view scrolls within the dispatch (the click or key that asked for
 * it), and the page scrolled to is drawn in the same render as what the jump changed (its highlight and
 * arrow), not one render later.
 */
function useNavigationRequests(viewRef: RefObject<PdfViewHandle | null>): void {
  const store = useReaderStore();
  useEffect(() => {
    let carriedOut = store.getState().navigation;
    return store.subscribe(() => {
      const { navigation } = store.getState();
      if (navigation === carriedOut) return;
      carriedOut = navigation;
      if (navigation) viewRef.current?.scrollToPage(navigation.pageNumber, navigation.yStart);
    });
  }, [store, viewRef]);
}

/** Saves the reading position as the pages turn: rendered alone, at each turn. */
function ReadingPositionSaver({ bookId, savedPage }: { bookId: number; savedPage: number | null }) {
  useSaveReadingPosition(
    bookId,
    useReaderState((state) => state.page),
    savedPage,
  );
  return null;
}

function ReaderLayout(props: ReaderViewProps & { initialPage: number }) {
  const { bookId, pdf, firstPage, title, outline, savedPage, initialPage, onFirstPageShown } = props;
  const preferences = props.preferences ?? DEFAULT_READER_PREFERENCES;
  const viewRef = useRef<PdfViewHandle>(null);
  const dispatch = useReaderDispatch();
  // Not the current page: a page turn renders what shows it, not the whole reader.
  const store = useReaderStore();
  const currentPage = () => store.getState().page;
  const zoom = useReaderState((state) => state.zoom);
  const tocOpen = useReaderState((state) => state.panels.left);
  const relatedOpen = useReaderState((state) => state.panels.right);
  const [leftWidth, setLeftWidth] = usePanelWidth('left');
  const [rightWidth, setRightWidth] = usePanelWidth('right');
  const [fullscreen, toggleFullscreen] = useFullscreen();
  // The book's first page is drawn: what it does not need may load now.
  const [shown, setShown] = useState(false);
  // The page view, measured: the chrome about it is remembered when the book opens (opening/).
  const pageViewRef = useRef<HTMLElement | null>(null);
  const pageShown = () => {
    removeOpeningOverlay();
    if (pageViewRef.current && !document.fullscreenElement) {
      rememberReaderChrome(window.localStorage, pageViewRef.current, window.innerHeight);
    }
  };
  const anchors = useAnchorIndex(bookId, shown);
  const bookmarks = useBookmarks(bookId);
  useNavigationRequests(viewRef);
  const relatedOverlay = usePageOverlays(anchors);
  useReadPageLabels(pdf);
  useReadSectionTitles(outline);

  // Links and reference previews: their jumps are recorded like the table of contents'.
  const previews = useReferencePreviews(pdf, bookId, (to) =>
    dispatch(timedActions.jump({ ...to, source: 'toc' })),
  );
  const previewId = useId();
  // Defined terms on the pages (issue 34): their cards are previews of their definitions.
  const termStore = useTermStore(bookId);
  const pageLabelOf = usePageLabelOf();
  // Highlights and notes (issue 34): a jump to one is recorded like a bookmark's.
  const jumpToNote = ({ target }: Annotation) =>
    dispatch(
      timedActions.jump({
        pageNumber: target.page,
        yStart: target.rects[0]?.top,
        source: 'toc',
        label: `Page ${pageLabelOf(target.page)}`,
      }),
    );
  const study = useStudyNotes({
    bookId,
    paragraphAt: (pageNumber, y) => anchors.paragraphAt(pageNumber, y),
    pageLabelOf,
    jump: jumpToNote,
  });
  /** Bookmarks the page shown, named after the section it is in; or removes its bookmark. */
  const toggleBookmark = () =>
    bookmarks.toggle(
      currentPage(),
      outline ? (currentOutlineTitle(outline, currentPage()) ?? undefined) : undefined,
    );
  const zoomByWheelTurn = useWheelZoom((deltaY) => dispatch({ type: 'zoomByWheel', deltaY }));
  // Find in the book: the find bar, its results in the sidebar, the marks on the pages.
  const find = useFind({
    bookId,
    currentPage,
    jump: (to) => dispatch(timedActions.jump(to)),
    sidebarOpen: tocOpen,
    setSidebarOpen: (open) => dispatch({ type: 'setPanelOpen', side: 'left', open }),
    ownNotes: study.all,
    onChooseNote: jumpToNote,
  });
  const renderOverlay = (pageNumber: number) => {
    const highlights = study.renderPage(pageNumber);
    const found = find.highlightOn(pageNumber);
    const marks = found && <FindHighlight key="find" {...found} />;
    const overlay = relatedOverlay(pageNumber);
    // A page with nothing to draw gets null, so it does not render again.
    if (!highlights && !marks) return overlay;
    return (
      <>
        {highlights}
        {marks}
        {overlay}
      </>
    );
  };

  useReaderShortcuts({
    nextPage: () => dispatch({ type: 'goBy', delta: 1 }),
    previousPage: () => dispatch({ type: 'goBy', delta: -1 }),
    undo: () => dispatch({ type: 'undo' }),
    redo: () => dispatch({ type: 'redo' }),
    clearHistory: () => dispatch({ type: 'clearHistory' }),
    zoomIn: () => dispatch({ type: 'zoomIn' }),
    zoomOut: () => dispatch({ type: 'zoomOut' }),
    toggleFullscreen,
    toggleToc: () => dispatch({ type: 'togglePanel', side: 'left' }),
    toggleRelated: () => dispatch({ type: 'togglePanel', side: 'right' }),
    clearSelection: () => dispatch({ type: 'clearSelection' }),
    bookmark: toggleBookmark,
    highlight: study.highlightSelection,
  });

  return (
    <main className={fullscreen ? 'reader reader--fullscreen' : 'reader'} id="main">
      <Toolbar
        title={title}
        isBookmarked={bookmarks.isBookmarked}
        fullscreen={fullscreen}
        onToggleBookmark={toggleBookmark}
        onToggleFullscreen={toggleFullscreen}
        findOpen={find.open}
        onToggleFind={find.toggle}
        display={props.onPreferencesChange && preferences}
        onDisplayChange={props.onPreferencesChange}
      />
      {find.bar && <FindBar {...find.bar} />}
      {props.onPreferencesChange && (
        <DarkPageSuggestion preferences={preferences} onChange={props.onPreferencesChange} />
      )}
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
            contents={outline && <TocPanel outline={outline} />}
            bookmarkCount={bookmarks.bookmarks.length}
            noteCount={study.count}
            notes={study.tab}
            bookmarks={
              <BookmarkList
                bookmarks={bookmarks.bookmarks}
                status={bookmarks.status}
                error={bookmarks.error}
                onRemove={bookmarks.remove}
              />
            }
            search={find.results && <SearchResults {...find.results} />}
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
              {preferences.definedTerms && (
                <PageTermSpans pageNumber={pageNumber} store={termStore} previews={previews} />
              )}
            </>
          )}
          links={previews.pageLinks}
          pageColours={preferences.pageColours}
          placeholder={props.openingImage}
          onPlaceholderShown={pageShown}
          onMeasured={(view) => (pageViewRef.current = view)}
          onCtrlWheel={zoomByWheelTurn}
          onPageChange={(next) => dispatch({ type: 'pageChanged', page: next })}
          onPagePainted={() => {
            if (!shown) pageShown();
            setShown(true);
            onFirstPageShown?.();
          }}
          onScaleChange={(scale) => dispatch({ type: 'scaleChanged', scale })}
        />
        <AnchorIntroduction pageHasAnchors={(page) => anchors.anchorsOn(page).length > 0} />
        <ReadingPositionSaver bookId={bookId} savedPage={savedPage} />
        <ResizablePanel
          side="right"
          label="Related paragraphs"
          open={relatedOpen}
          width={rightWidth}
          onResize={setRightWidth}
        >
          <RelatedPanel bookId={bookId} pdf={pdf} anchors={anchors} notesOn={study.notesOn} />
        </ResizablePanel>
      </div>
      <ReferencePreview previews={previews} id={previewId} />
      {study.floating}
    </main>
  );
}
