import {
  clearHistory,
  EMPTY_HISTORY,
  paragraphLabel,
  PAGE_FIT,
  pushHistory,
  redoHistory,
  resolveScale,
  sameParagraphId,
  undoHistory,
  zoomByWheel,
  zoomInByFineStep,
  zoomOutByFineStep,
  type HistoryJump,
  type HistoryStep,
  type JumpIndicator,
  type NavigationHistory,
  type ParagraphPlace,
  type SectionTitles,
  type ZoomSetting,
} from '../model/index.ts';

/**
 * The reader's one state (docs/product.md §2 Reader, §4, §5, §9) and the named actions that change it, as a pure
 * reducer. What the reader does to the world (scrolling the pages, timers, the server) is not in here: a
 * navigation is a request the page view carries out (`navigation`), and the page it then shows comes back
 * as `pageChanged`.
 */

export type PanelSide = 'left' | 'right';

/** The left panel's tabs. */
export type SidebarTab = 'contents' | 'bookmarks' | 'notes' | 'search';

/** A scroll the page view is asked to make; a new serial for each, so the same place twice scrolls twice. */
export interface NavigationRequest {
  pageNumber: number;
  /** Where the view's top lands, as a fraction of the page's height (0: the page's top). */
  yStart: number;
  serial: number;
}

export interface ReaderState {
  totalPages: number;
  /** The page shown, as the view reports it. */
  page: number;
  navigation: NavigationRequest | null;
  history: NavigationHistory;
  /** The zoom asked for: page fit or a scale. */
  zoom: ZoomSetting;
  /** The scale the pages are drawn at (page fit resolved by the view). */
  scale: number;
  panels: Record<PanelSide, boolean>;
  sidebarTab: SidebarTab;
  /** The paragraph whose anchor was chosen. */
  selected: ParagraphPlace | null;
  /** The related paragraph last jumped to. */
  highlight: ParagraphPlace | null;
  indicator: JumpIndicator | null;
  /** The anchors have shown once that they can be clicked (or one was used): no introduction any more. */
  anchorsIntroduced: boolean;
  /** The book's own page labels (model/page-labels.ts), once read; null where it has none worth showing. */
  pageLabels: readonly string[] | null;
  /** The titles of the book's sections (model/labels.ts), once its outline is read: what names a section
   * the book gives no number. */
  sectionTitles: SectionTitles | null;
}

/** What a browser remembers of the reader (panels/reader-memory.ts). */
export interface RememberedReader {
  panels: Record<PanelSide, boolean>;
  anchorsIntroduced: boolean;
}

/** A paragraph jumped to lands this far (a fraction of the page) below the top of the view, not against it. */
export const LANDING_MARGIN = 0.04;

export function initialReaderState(
  totalPages: number,
  page = 1,
  remembered: RememberedReader = { panels: { left: false, right: false }, anchorsIntroduced: true },
): ReaderState {
  return {
    totalPages,
    page: Math.min(Math.max(1, page), totalPages),
    navigation: null,
    history: EMPTY_HISTORY,
    zoom: PAGE_FIT,
    scale: 1,
    panels: remembered.panels,
    sidebarTab: 'contents',
    selected: null,
    highlight: null,
    indicator: null,
    anchorsIntroduced: remembered.anchorsIntroduced,
    pageLabels: null,
    sectionTitles: null,
  };
}

export type ReaderAction =
  /** The view shows another page (scrolled by the student or by a navigation). */
  | { type: 'pageChanged'; page: number }
  /** An unrecorded move to a page (the toolbar, the keys); out-of-range pages are ignored. */
  | { type: 'goToPage'; page: number }
  | { type: 'goBy'; delta: number }
  /** A recorded jump (docs/product.md §4): table of contents, bookmarks and the related panel. `at`: Date.now(). */
  | { type: 'jump'; to: HistoryJump; at: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'clearHistory' }
  | { type: 'zoomSet'; zoom: ZoomSetting }
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  | { type: 'zoomByWheel'; deltaY: number }
  | { type: 'scaleChanged'; scale: number }
  | { type: 'togglePanel'; side: PanelSide }
  | { type: 'setPanelOpen'; side: PanelSide; open: boolean }
  | { type: 'sidebarTabSelected'; tab: SidebarTab }
  /** An anchor chosen: its paragraph selected, the highlight cleared, the related panel opened. */
  | { type: 'selectParagraph'; place: ParagraphPlace }
  | { type: 'clearSelection' }
  /** The student has seen the anchors' introduction ("Got it"). */
  | { type: 'anchorsIntroduced' }
  /** The selected paragraph jumped to from the panel, with a source arrow. */
  | { type: 'jumpToSource'; place: ParagraphPlace; at: number }
  /** A related paragraph jumped to and highlighted; the highlighted one again only loses its highlight. */
  | { type: 'jumpToRelated'; place: ParagraphPlace; at: number }
  | { type: 'indicatorFaded'; serial: number }
  | { type: 'indicatorGone'; serial: number }
  /** The PDF's page labels were read (already kept useful ones only, model/page-labels.ts). */
  | { type: 'pageLabelsRead'; labels: readonly string[] | null }
  /** The book's outline was read: its sections' titles (model/labels.ts sectionTitlesOf). */
  | { type: 'sectionTitlesRead'; titles: SectionTitles };

/** The actions that carry the time they were asked for (the history records it), stamped now. */
export const timedActions = {
  jump: (to: HistoryJump): ReaderAction => ({ type: 'jump', to, at: Date.now() }),
  jumpToSource: (place: ParagraphPlace): ReaderAction => ({ type: 'jumpToSource', place, at: Date.now() }),
  jumpToRelated: (place: ParagraphPlace): ReaderAction => ({ type: 'jumpToRelated', place, at: Date.now() }),
};

function navigate(state: ReaderState, pageNumber: number, yStart?: number): ReaderState {
  return {
    ...state,
    navigation: {
      pageNumber,
      yStart: yStart === undefined ? 0 : Math.max(0, yStart - LANDING_MARGIN),
      serial: (state.navigation?.serial ?? 0) + 1,
    },
  };
}

function follow(state: ReaderState, step: HistoryStep): ReaderState {
  if (!step) return state;
  return navigate({ ...state, history: step.history }, step.target.pageNumber, step.target.yStart);
}

function recordJump(state: ReaderState, to: HistoryJump, at: number): ReaderState {
  return navigate(
    { ...state, history: pushHistory(state.history, to, state.page, at) },
    to.pageNumber,
    to.yStart,
  );
}

/** From the zoom asked for last, not the scale drawn: two quick presses make two steps. */
function zoomFrom(state: ReaderState, step: (from: number) => number): ReaderState {
  return { ...state, zoom: step(resolveScale(state.zoom, state.scale)) };
}

function jumpToParagraph(
  state: ReaderState,
  place: ParagraphPlace,
  kind: JumpIndicator['kind'],
  at: number,
): ReaderState {
  const jumped = recordJump(
    state,
    {
      pageNumber: place.page,
      source: 'aiPanel',
      label: paragraphLabel(place.id, state.sectionTitles),
      yStart: place.yStart,
    },
    at,
  );
  const serial = (state.indicator?.serial ?? 0) + 1;
  return { ...jumped, indicator: { page: place.page, yStart: place.yStart, kind, fading: false, serial } };
}

export function readerReducer(state: ReaderState, action: ReaderAction): ReaderState {
  switch (action.type) {
    case 'pageChanged':
      return action.page === state.page ? state : { ...state, page: action.page };
    case 'goToPage':
      return action.page >= 1 && action.page <= state.totalPages ? navigate(state, action.page) : state;
    case 'goBy':
      return readerReducer(state, { type: 'goToPage', page: state.page + action.delta });
    case 'jump':
      return recordJump(state, action.to, action.at);
    case 'undo':
      return follow(state, undoHistory(state.history));
    case 'redo':
      return follow(state, redoHistory(state.history));
    case 'clearHistory':
      return { ...state, history: clearHistory() };
    case 'zoomSet':
      return { ...state, zoom: action.zoom };
    case 'zoomIn':
      return zoomFrom(state, zoomInByFineStep);
    case 'zoomOut':
      return zoomFrom(state, zoomOutByFineStep);
    case 'zoomByWheel':
      return zoomFrom(state, (from) => zoomByWheel(from, action.deltaY));
    case 'scaleChanged':
      return action.scale === state.scale ? state : { ...state, scale: action.scale };
    case 'togglePanel':
      return { ...state, panels: { ...state.panels, [action.side]: !state.panels[action.side] } };
    case 'setPanelOpen':
      return state.panels[action.side] === action.open
        ? state
        : { ...state, panels: { ...state.panels, [action.side]: action.open } };
    case 'pageLabelsRead':
      return { ...state, pageLabels: action.labels };
    case 'sectionTitlesRead':
      return { ...state, sectionTitles: action.titles };
    case 'anchorsIntroduced':
      return state.anchorsIntroduced ? state : { ...state, anchorsIntroduced: true };
    case 'sidebarTabSelected':
      return { ...state, sidebarTab: action.tab };
    case 'selectParagraph':
      return {
        ...state,
        selected: action.place,
        highlight: null,
        panels: { ...state.panels, right: true },
        anchorsIntroduced: true,
      };
    case 'clearSelection':
      return state.selected === null && state.highlight === null
        ? state
        : { ...state, selected: null, highlight: null };
    case 'jumpToSource':
      return jumpToParagraph(state, action.place, 'source', action.at);
    case 'jumpToRelated':
      if (sameParagraphId(state.highlight?.id, action.place.id)) return { ...state, highlight: null };
      return jumpToParagraph({ ...state, highlight: action.place }, action.place, 'target', action.at);
    case 'indicatorFaded':
      return state.indicator?.serial === action.serial
        ? { ...state, indicator: { ...state.indicator, fading: true } }
        : state;
    case 'indicatorGone':
      return state.indicator?.serial === action.serial ? { ...state, indicator: null } : state;
  }
}
