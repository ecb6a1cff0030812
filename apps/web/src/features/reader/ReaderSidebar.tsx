import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useReaderDispatch, useReaderState, useReaderStore, type SidebarTab } from './state/index.ts';
import './reader-sidebar.css';

interface ReaderSidebarProps {
  /** The table of contents (docs/product.md §2). */
  contents: ReactNode;
  bookmarks: ReactNode;
  bookmarkCount: number;
  /** The student's highlights and notes (issue 34). */
  notes: ReactNode;
  noteCount: number;
  /** Find in the book's results: a third tab while a search is open, chosen when it appears. */
  search?: ReactNode;
}

/**
 * The left panel: the table of contents and, beside it, the bookmarks (decision 4) and the student's notes
 * (issue 34), as tabs so that a long table of contents does not push the others out of sight. All stay
 * mounted, keeping their state.
 */
export function ReaderSidebar({
  contents,
  bookmarks,
  bookmarkCount,
  notes,
  noteCount,
  search,
}: ReaderSidebarProps) {
  const tab = useReaderState((state) => state.sidebarTab);
  const dispatch = useReaderDispatch();
  const store = useReaderStore();
  const setTab = (next: SidebarTab) => dispatch({ type: 'sidebarTabSelected', tab: next });
  const id = useId();
  const tabRefs = useRef<Record<SidebarTab, HTMLButtonElement | null>>({
    contents: null,
    bookmarks: null,
    notes: null,
    search: null,
  });
  const tabs: { key: SidebarTab; label: string }[] = [
    { key: 'contents', label: 'Contents' },
    { key: 'bookmarks', label: `Bookmarks (${bookmarkCount})` },
    { key: 'notes', label: `Notes (${noteCount})` },
  ];
  // Find in the book: the search tab comes (chosen) with a search and goes with it.
  const searching = search !== undefined && search !== null;
  useEffect(() => {
    if (searching) dispatch({ type: 'sidebarTabSelected', tab: 'search' });
    else if (store.getState().sidebarTab === 'search') {
      dispatch({ type: 'sidebarTabSelected', tab: 'contents' });
    }
  }, [searching, dispatch, store]);
  if (searching) tabs.push({ key: 'search', label: 'Search' });

  // The ARIA tabs pattern: arrow keys move between the tabs and choose them.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const at = tabs.findIndex(({ key }) => key === tab);
    const next = tabs[(at + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]!.key;
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="reader-sidebar">
      <div className="reader-sidebar__tabs" role="tablist" aria-label="Sidebar" onKeyDown={onKeyDown}>
        {tabs.map(({ key, label }) => (
          <button
            key={key}
            ref={(element) => {
              tabRefs.current[key] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-${key}-tab`}
            className="reader-sidebar__tab"
            aria-selected={tab === key}
            aria-controls={`${id}-${key}`}
            tabIndex={tab === key ? 0 : -1}
            onClick={() => setTab(key)}
          >
            {label}
          </button>
        ))}
      </div>
      {tabs.map(({ key }) => (
        <div
          key={key}
          role="tabpanel"
          id={`${id}-${key}`}
          aria-labelledby={`${id}-${key}-tab`}
          className="reader-sidebar__panel"
          hidden={tab !== key}
        >
          {{ contents, bookmarks, notes, search }[key]}
        </div>
      ))}
    </div>
  );
}
