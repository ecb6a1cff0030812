import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Bookmark } from '@threadbook/contracts';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithReaderStore } from '../../../test/reader-store.tsx';
import type { ReaderAction } from '../state/index.ts';
import { BookmarkList, BookmarkListText, type BookmarkListProps } from './BookmarkList.tsx';

const BOOKMARKS: Bookmark[] = [
  { page: 3, label: 'Groups', createdAt: '2025-09-01T10:00:00.000Z' },
  { page: 12, label: null, createdAt: '2025-09-02T10:00:00.000Z' },
  { page: 40, label: 'Lagrange’s theorem', createdAt: '2025-09-03T10:00:00.000Z' },
];

function renderList(props: Partial<BookmarkListProps> = {}, currentPage = 1) {
  const onNavigate = vi.fn();
  const onRemove = vi.fn();
  // The recorded jumps it makes.
  const heard = (action: ReaderAction) => {
    if (action.type === 'jump') onNavigate(action.to);
  };
  const view = renderWithReaderStore(
    <BookmarkList bookmarks={BOOKMARKS} status="loaded" error={null} onRemove={onRemove} {...props} />,
    { page: currentPage },
    heard,
  );
  const showPage = (page: number) => act(() => view.store.dispatch({ type: 'pageChanged', page }));
  return { onNavigate, onRemove, view, showPage, user: userEvent.setup() };
}

/** The list as the reader holds it: a removal takes the bookmark out. */
function Removable({ initial }: { initial: Bookmark[] }) {
  const [bookmarks, setBookmarks] = useState(initial);
  return (
    <BookmarkList
      bookmarks={bookmarks}
      status="loaded"
      error={null}
      onRemove={(page) => setBookmarks((list) => list.filter((item) => item.page !== page))}
    />
  );
}

const region = () => screen.getByRole('region', { name: 'Bookmarks' });
const entries = () => within(region()).getAllByRole('listitem');

describe('BookmarkList', () => {
  it("is a 'Bookmarks' section with a button per bookmark showing its page and label", () => {
    renderList();
    expect(within(region()).getByRole('heading', { level: 2, name: 'Bookmarks' })).toBeInTheDocument();
    const names = entries().map((entry) =>
      within(entry)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    );
    expect(names).toEqual([
      ['Page 3 Groups', 'Remove bookmark for page 3'],
      ['Page 12 ', 'Remove bookmark for page 12'],
      ['Page 40 Lagrange’s theorem', 'Remove bookmark for page 40'],
    ]);
    expect(screen.getByRole('button', { name: 'Page 12' })).toBeInTheDocument();
    expect(screen.queryByText(BookmarkListText.empty)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names pages by the label printed on them where the book has page labels', async () => {
    // Ten sheets of front matter (i..x), then the text from page 1.
    const romans = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x'];
    const pageLabels = [...romans, ...Array.from({ length: 340 }, (_, i) => String(i + 1))];
    const onNavigate = vi.fn();
    renderWithReaderStore(
      <BookmarkList bookmarks={BOOKMARKS} status="loaded" error={null} onRemove={vi.fn()} />,
      { pageLabels },
      (action) => action.type === 'jump' && onNavigate(action.to),
    );
    expect(entries().map((entry) => within(entry).getAllByRole('button')[0]!.textContent)).toEqual([
      'Page iii Groups',
      'Page 2 ',
      'Page 30 Lagrange’s theorem',
    ]);
    expect(screen.getByRole('button', { name: 'Remove bookmark for page 30' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onNavigate).toHaveBeenCalledWith(expect.objectContaining({ pageNumber: 12, label: 'Page 2' }));
  });

  it('marks the bookmark of the current page, and only that one', () => {
    const { showPage } = renderList({}, 12);
    expect(screen.getByRole('button', { name: 'Page 12' })).toHaveAttribute('aria-current', 'location');
    expect(screen.getAllByRole('button', { current: 'location' })).toHaveLength(1);

    showPage(13);
    expect(screen.queryAllByRole('button', { current: 'location' })).toHaveLength(0);
  });

  it('jumps to a bookmark and removes one with its own button', async () => {
    const { onNavigate, onRemove, user } = renderList();
    await user.click(screen.getByRole('button', { name: 'Page 40 Lagrange’s theorem' }));
    expect(onNavigate.mock.calls).toEqual([[{ pageNumber: 40, source: 'toc', label: 'Lagrange’s theorem' }]]);
    expect(onRemove).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Remove bookmark for page 3' }));
    expect(onRemove.mock.calls).toEqual([[3]]);
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });

  it('keeps focus in the list when a bookmark is removed', async () => {
    const user = userEvent.setup();
    renderWithReaderStore(<Removable initial={BOOKMARKS} />);
    await user.click(screen.getByRole('button', { name: 'Remove bookmark for page 12' }));
    expect(screen.getByRole('button', { name: 'Remove bookmark for page 40' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove bookmark for page 40' }));
    expect(screen.getByRole('button', { name: 'Remove bookmark for page 3' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove bookmark for page 3' }));
    expect(screen.getByRole('heading', { name: 'Bookmarks' })).toHaveFocus();
    expect(screen.getByText(BookmarkListText.empty)).toBeInTheDocument();
  });

  it('says how to add one when there is none', () => {
    renderList({ bookmarks: [] });
    expect(within(region()).getByText(BookmarkListText.empty)).toBeInTheDocument();
    expect(BookmarkListText.empty).toBe(
      'No bookmarks yet. Press M or use the bookmark button to mark a page.',
    );
    expect(within(region()).queryByRole('list')).not.toBeInTheDocument();
  });

  it("shows 'Loading bookmarks...' while loading", () => {
    renderList({ bookmarks: [], status: 'loading' });
    expect(within(region()).getByRole('status')).toHaveTextContent('Loading bookmarks...');
    expect(screen.queryByText(BookmarkListText.empty)).not.toBeInTheDocument();
  });

  it('shows a failure as an alert: alone after a failed load, above the list after a failed change', () => {
    const { view } = renderList({
      bookmarks: [],
      status: 'error',
      error: 'Your bookmarks could not be loaded',
    });
    expect(within(region()).getByRole('alert')).toHaveTextContent('Your bookmarks could not be loaded');
    expect(screen.queryByText(BookmarkListText.empty)).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    view.rerender(
      <BookmarkList
        bookmarks={BOOKMARKS}
        status="loaded"
        error="The bookmark could not be removed"
        onRemove={() => {}}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The bookmark could not be removed');
    expect(entries()).toHaveLength(3);
  });
});
