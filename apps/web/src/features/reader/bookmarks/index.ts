export { BookmarkList, BookmarkListText, type BookmarkListProps } from './BookmarkList.tsx';
export { BookmarkMessage, useBookmarks, type BookmarksState, type BookmarksStatus } from './use-bookmarks.ts';
export {
  useSavedReadingPosition,
  useSaveReadingPosition,
  type SavedReadingPosition,
} from './use-reading-position.ts';
export { POSITION_SAVE_DELAY_MS } from './position-saver.ts';
