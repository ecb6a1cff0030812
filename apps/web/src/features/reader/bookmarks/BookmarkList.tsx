import { useRef, type MouseEvent } from 'react';
import { X } from 'lucide-react';
import type { Bookmark } from '@threadbook/contracts';
import { SidebarSection } from '../panels/index.ts';
import { timedActions, usePageLabelOf, useReaderDispatch, useReaderState } from '../state/index.ts';
import type { BookmarksStatus } from './use-bookmarks.ts';
import './bookmarks.css';

export const BookmarkListText = {
  title: 'Bookmarks',
  loading: 'Loading bookmarks...',
  empty: 'No bookmarks yet. Press M or use the bookmark button to mark a page.',
} as const;

export interface BookmarkListProps {
  bookmarks: readonly Bookmark[];
  status: BookmarksStatus;
  error: string | null;
  onRemove: (page: number) => void;
}

/**
 * The sidebar's bookmarks (docs/design.md decision 4, docs/product.md §1 "bookmark jumps"): each one jumps to its page, the
 * one of the current page marked, and each has its own remove button. A failure shows as an alert above the
 * list, which stays usable.
 */
export function BookmarkList({ bookmarks, status, error, onRemove }: BookmarkListProps) {
  const currentPage = useReaderState((state) => state.page);
  const labelOf = usePageLabelOf();
  const dispatch = useReaderDispatch();
  // A bookmark is a table of contents of the student's own: its jumps are recorded the same way.
  const onNavigate = (bookmark: Bookmark) =>
    dispatch(
      timedActions.jump({
        pageNumber: bookmark.page,
        source: 'toc',
        label: bookmark.label ?? `Page ${labelOf(bookmark.page)}`,
      }),
    );
  const titleRef = useRef<HTMLHeadingElement>(null);

  // The removed row's button goes away with it: focus moves to a neighbour's, or to the title when it was
  // the last one, instead of falling back to the page body.
  function removeFrom(event: MouseEvent<HTMLButtonElement>, page: number) {
    const row = event.currentTarget.closest('li');
    const neighbour = row?.nextElementSibling ?? row?.previousElementSibling;
    const next = neighbour?.querySelector<HTMLButtonElement>('.bookmarks__remove') ?? titleRef.current;
    onRemove(page);
    next?.focus();
  }

  return (
    <SidebarSection
      title={BookmarkListText.title}
      titleRef={titleRef}
      error={error}
      status={status}
      loading={BookmarkListText.loading}
      empty={BookmarkListText.empty}
      filled={bookmarks.length > 0}
    >
      <ul className="sidebar-section__list">
        {bookmarks.map((bookmark) => {
          const current = bookmark.page === currentPage;
          return (
            <li key={bookmark.page} className="sidebar-section__item">
              <button
                type="button"
                className={
                  current ? 'sidebar-section__entry bookmarks__entry--current' : 'sidebar-section__entry'
                }
                aria-current={current ? 'location' : undefined}
                onClick={() => onNavigate(bookmark)}
              >
                <span className="bookmarks__page">Page {labelOf(bookmark.page)}</span>{' '}
                {bookmark.label && <span className="bookmarks__label">{bookmark.label}</span>}
              </button>
              <button
                type="button"
                className="bookmarks__remove"
                aria-label={`Remove bookmark for page ${labelOf(bookmark.page)}`}
                title={`Remove bookmark for page ${labelOf(bookmark.page)}`}
                onClick={(event) => removeFrom(event, bookmark.page)}
              >
                <X size={16} aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ul>
    </SidebarSection>
  );
}
