export {
  initialReaderState,
  LANDING_MARGIN,
  readerReducer,
  type NavigationRequest,
  type PanelSide,
  type ReaderAction,
  type ReaderState,
  type RememberedReader,
  type SidebarTab,
  timedActions,
} from './reader-state.ts';
export {
  createReaderStore,
  ReaderStoreProvider,
  useReaderDispatch,
  useReaderState,
  useReaderStateAfterPaint,
  useReaderStore,
  type ReaderStore,
} from './store.tsx';
export {
  usePageLabelOf,
  useParagraphLabelOf,
  useReadSectionTitles,
  useSectionLabelOf,
} from './use-labels.ts';
