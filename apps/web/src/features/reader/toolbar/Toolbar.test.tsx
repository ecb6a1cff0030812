import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { followNavigation, renderWithReaderStore } from '../../../test/reader-store.tsx';
import { EMPTY_HISTORY, PAGE_FIT, type NavigationHistory, type ZoomSetting } from '../model/index.ts';
import type { ReaderAction, ReaderStore } from '../state/index.ts';
import { Toolbar } from './Toolbar.tsx';

/** The scale page fit stands for in these tests, as if the view had measured it. */
const FIT_SCALE = 0.8;

interface Setup {
  page?: number;
  scale?: number;
  zoomSetting?: ZoomSetting;
  canUndo?: boolean;
  canRedo?: boolean;
  canClearHistory?: boolean;
  tocOpen?: boolean;
  relatedOpen?: boolean;
  fullscreen?: boolean;
  bookmarked?: boolean;
}

/** A history that allows what `setup` asks for: jumps 5 -> 9 -> 12, standing where that allows it. */
function historyAllowing({ canUndo, canRedo, canClearHistory }: Setup): NavigationHistory {
  if (!canUndo && !canRedo && !canClearHistory) return EMPTY_HISTORY;
  const entry = (pageNumber: number) => ({
    pageNumber,
    source: 'toc' as const,
    label: `Page ${pageNumber}`,
    timestamp: 0,
  });
  const index = canUndo && canRedo ? 1 : canRedo ? 0 : 2;
  return { entries: [entry(5), entry(9), entry(12)], index };
}

/** Plays the view's part for zoom: the scale drawn follows the zoom asked for (page fit at FIT_SCALE). */
function followZoom(store: ReaderStore): void {
  let last = store.getState().zoom;
  store.subscribe(() => {
    const { zoom } = store.getState();
    if (zoom === last) return;
    last = zoom;
    store.dispatch({ type: 'scaleChanged', scale: zoom === PAGE_FIT ? FIT_SCALE : zoom });
  });
}

/** The toolbar's bookmark and fullscreen toggles, as the reader holds them. */
function Reader(props: Setup & { onToggleBookmark: () => void; onToggleFullscreen: () => void }) {
  const [bookmarked, setBookmarked] = useState(props.bookmarked ?? false);
  return (
    <Toolbar
      title="Abstract Algebra"
      isBookmarked={() => bookmarked}
      fullscreen={props.fullscreen ?? false}
      onToggleFullscreen={props.onToggleFullscreen}
      onToggleBookmark={() => {
        props.onToggleBookmark();
        setBookmarked((marked) => !marked);
      }}
    />
  );
}

function setup(options: Setup = {}) {
  const calls = {
    onToggleToc: vi.fn(),
    onUndo: vi.fn(),
    onRedo: vi.fn(),
    onClearHistory: vi.fn(),
    onPageChange: vi.fn(),
    onZoomChange: vi.fn(),
    onToggleFullscreen: vi.fn(),
    onToggleRelated: vi.fn(),
    onToggleBookmark: vi.fn(),
  };
  // What the toolbar dispatched, told apart by kind (the fake view's own reports are left out).
  const heard = (action: ReaderAction) => {
    if (action.type === 'goToPage') calls.onPageChange(action.page);
    else if (action.type === 'zoomSet') calls.onZoomChange(action.zoom);
    else if (action.type === 'togglePanel')
      (action.side === 'left' ? calls.onToggleToc : calls.onToggleRelated)();
    else if (action.type === 'undo') calls.onUndo();
    else if (action.type === 'redo') calls.onRedo();
    else if (action.type === 'clearHistory') calls.onClearHistory();
  };
  const user = userEvent.setup();
  const zoom = options.zoomSetting ?? options.scale ?? 1;
  const view = renderWithReaderStore(
    <Reader
      {...options}
      onToggleBookmark={calls.onToggleBookmark}
      onToggleFullscreen={calls.onToggleFullscreen}
    />,
    {
      page: options.page ?? 5,
      zoom,
      scale: zoom === PAGE_FIT ? FIT_SCALE : zoom,
      history: historyAllowing(options),
      panels: { left: options.tocOpen ?? false, right: options.relatedOpen ?? false },
    },
    heard,
  );
  followNavigation(view.store);
  followZoom(view.store);
  return { calls, user, view };
}

const button = (name: string) => screen.getByRole('button', { name });
const pageInput = () => screen.getByRole('textbox', { name: 'Page number' });
const zoomInput = () => screen.getByRole('textbox', { name: 'Zoom percentage' });

describe('Toolbar', () => {
  it("holds docs/product.md §2's items in order, each named", () => {
    setup({ canClearHistory: true });
    const toolbar = screen.getByRole('toolbar', { name: 'Reader toolbar' });
    const items = [...toolbar.querySelectorAll('button, input, h1, span')].map(
      (item) => item.getAttribute('aria-label') ?? item.textContent,
    );
    expect(items).toEqual([
      'Toggle table of contents',
      'Undo navigation',
      'Redo navigation',
      'Clear navigation history',
      'Abstract Algebra',
      'Previous page',
      'Page number',
      '/ 350',
      'Next page',
      'Bookmark this page',
      'Zoom out',
      'Zoom percentage',
      '%',
      'Zoom presets',
      'Zoom in',
      'Toggle fullscreen',
      'Toggle related panel',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Abstract Algebra' })).toBeInTheDocument();
    expect(button('Zoom out')).toHaveTextContent('−');
    expect(button('Zoom in')).toHaveTextContent('+');
    // The bookmark toggle sits with the page controls.
    expect(button('Next page').parentElement).toContainElement(button('Bookmark this page'));
  });

  it('shows the clear-history button only when there is history, and clears with it', async () => {
    const { view, calls, user } = setup();
    expect(screen.queryByRole('button', { name: 'Clear navigation history' })).not.toBeInTheDocument();
    view.unmount();

    const shown = setup({ canClearHistory: true });
    await user.click(button('Clear navigation history'));
    expect(shown.calls.onClearHistory).toHaveBeenCalledTimes(1);
    expect(calls.onClearHistory).not.toHaveBeenCalled();
  });

  it('enables undo and redo as the history allows', async () => {
    const { view, user } = setup();
    expect(button('Undo navigation')).toBeDisabled();
    expect(button('Redo navigation')).toBeDisabled();
    view.unmount();

    const { calls } = setup({ canUndo: true, canRedo: true });
    await user.click(button('Undo navigation'));
    expect(calls.onUndo).toHaveBeenCalledTimes(1);
    await user.click(button('Redo navigation'));
    expect(calls.onRedo).toHaveBeenCalledTimes(1);
  });

  it('reports the panel and fullscreen toggles, showing their state as pressed', async () => {
    const { view, calls, user } = setup();
    for (const name of ['Toggle table of contents', 'Toggle fullscreen', 'Toggle related panel']) {
      expect(button(name)).toHaveAttribute('aria-pressed', 'false');
    }
    await user.click(button('Toggle table of contents'));
    await user.click(button('Toggle fullscreen'));
    await user.click(button('Toggle related panel'));
    expect(calls.onToggleToc).toHaveBeenCalledTimes(1);
    expect(calls.onToggleFullscreen).toHaveBeenCalledTimes(1);
    expect(calls.onToggleRelated).toHaveBeenCalledTimes(1);
    view.unmount();

    setup({ tocOpen: true, fullscreen: true, relatedOpen: true });
    for (const name of ['Toggle table of contents', 'Toggle fullscreen', 'Toggle related panel']) {
      expect(button(name)).toHaveAttribute('aria-pressed', 'true');
    }
  });

  it('turns pages with the buttons, disabled at the first and the last page', async () => {
    const { view, calls, user } = setup({ page: 2 });
    await user.click(button('Next page'));
    expect(pageInput()).toHaveValue('3');
    await user.click(button('Previous page'));
    await user.click(button('Previous page'));
    expect(calls.onPageChange.mock.calls).toEqual([[3], [2], [1]]);
    expect(pageInput()).toHaveValue('1');
    expect(button('Previous page')).toBeDisabled();
    expect(button('Next page')).toBeEnabled();
    view.unmount();

    setup({ page: 350 });
    expect(button('Next page')).toBeDisabled();
    expect(button('Previous page')).toBeEnabled();
  });

  it('goes to a page typed in the page input on Enter or blur', async () => {
    const { calls, user } = setup();
    await user.clear(pageInput());
    await user.type(pageInput(), '120{Enter}');
    expect(calls.onPageChange).toHaveBeenLastCalledWith(120);
    expect(pageInput()).toHaveValue('120');

    await user.clear(pageInput());
    await user.type(pageInput(), ' 350 ');
    await user.tab();
    expect(calls.onPageChange).toHaveBeenLastCalledWith(350);
    expect(pageInput()).toHaveValue('350');
    expect(calls.onPageChange).toHaveBeenCalledTimes(2);
  });

  it('puts the current page back for anything but a whole number from 1 to the total', async () => {
    const { calls, user } = setup({ page: 7 });
    for (const typed of ['0', '351', '-3', '2.5', '1e2', 'abc', '']) {
      await user.clear(pageInput());
      if (typed !== '') await user.type(pageInput(), typed);
      await user.keyboard('{Enter}');
      expect(pageInput(), typed).toHaveValue('7');
    }
    await user.clear(pageInput());
    await user.type(pageInput(), '40{Escape}');
    expect(pageInput()).toHaveValue('7');
    await user.tab();
    // The current page again is no change either.
    await user.clear(pageInput());
    await user.type(pageInput(), '7{Enter}');
    expect(calls.onPageChange).not.toHaveBeenCalled();
  });

  it('zooms by 0.25 with the buttons, never below 0.25', async () => {
    const { view, calls, user } = setup({ scale: 0.75 });
    expect(zoomInput()).toHaveValue('75');
    await user.click(button('Zoom in'));
    expect(zoomInput()).toHaveValue('100');
    await user.click(button('Zoom out'));
    await user.click(button('Zoom out'));
    await user.click(button('Zoom out'));
    expect(calls.onZoomChange.mock.calls).toEqual([[1], [0.75], [0.5], [0.25]]);
    expect(zoomInput()).toHaveValue('25');
    expect(button('Zoom out')).toBeDisabled();
    view.unmount();

    // A page-fit scale between steps comes down to the floor, not past it.
    const between = setup({ scale: 0.3 });
    await user.click(button('Zoom out'));
    expect(between.calls.onZoomChange).toHaveBeenCalledWith(0.25);
    between.view.unmount();

    // At the largest scale there is nothing to zoom in to.
    setup({ scale: 10 });
    expect(button('Zoom in')).toBeDisabled();
    expect(button('Zoom out')).toBeEnabled();
  });

  it('shows the scale as whole percents and takes 25 to 500 from the zoom input', async () => {
    const { calls, user } = setup({ scale: 0.873 });
    expect(zoomInput()).toHaveValue('87');
    expect(within(screen.getByRole('toolbar')).getByText('%')).toBeInTheDocument();

    await user.clear(zoomInput());
    await user.type(zoomInput(), '150{Enter}');
    expect(calls.onZoomChange).toHaveBeenLastCalledWith(1.5);
    expect(zoomInput()).toHaveValue('150');

    await user.clear(zoomInput());
    await user.type(zoomInput(), '25');
    await user.tab();
    expect(calls.onZoomChange).toHaveBeenLastCalledWith(0.25);

    await user.clear(zoomInput());
    await user.type(zoomInput(), '500%{Enter}');
    expect(calls.onZoomChange).toHaveBeenLastCalledWith(5);
    expect(calls.onZoomChange).toHaveBeenCalledTimes(3);
  });

  it('puts the zoom back for anything but a whole percent from 25 to 500', async () => {
    const { calls, user } = setup({ scale: 1.25 });
    for (const typed of ['24', '501', '0', '-50', '12.5', 'abc', '']) {
      await user.clear(zoomInput());
      if (typed !== '') await user.type(zoomInput(), typed);
      await user.tab();
      expect(zoomInput(), typed).toHaveValue('125');
    }
    await user.clear(zoomInput());
    await user.type(zoomInput(), '300{Escape}');
    expect(zoomInput()).toHaveValue('125');
    expect(calls.onZoomChange).not.toHaveBeenCalled();
  });
});

describe('Toolbar bookmark toggle', () => {
  it('bookmarks the page shown and removes the bookmark, showing it as pressed', async () => {
    const { calls, user } = setup();
    const toggle = button('Bookmark this page');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);
    expect(calls.onToggleBookmark).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Bookmark this page' })).not.toBeInTheDocument();
    expect(button('Remove bookmark')).toHaveAttribute('aria-pressed', 'true');

    await user.click(button('Remove bookmark'));
    expect(calls.onToggleBookmark).toHaveBeenCalledTimes(2);
    expect(button('Bookmark this page')).toHaveAttribute('aria-pressed', 'false');
  });

  it('starts as Remove bookmark on a bookmarked page', () => {
    setup({ bookmarked: true });
    expect(button('Remove bookmark')).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('Toolbar zoom presets', () => {
  const presetsButton = () => button('Zoom presets');
  const menu = () => screen.getByRole('menu', { name: 'Zoom presets' });
  const item = (name: string) => screen.getByRole('menuitemradio', { name });
  const checkedItems = () =>
    screen
      .getAllByRole('menuitemradio')
      .filter((entry) => entry.getAttribute('aria-checked') === 'true')
      .map((entry) => entry.textContent);

  it("lists 'Page fit' and docs/product.md §9's levels, with page fit checked at first and focused", async () => {
    const { user } = setup({ zoomSetting: PAGE_FIT });
    expect(presetsButton()).toHaveAttribute('aria-haspopup', 'menu');
    expect(presetsButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(zoomInput()).toHaveValue('80');

    await user.click(presetsButton());
    expect(presetsButton()).toHaveAttribute('aria-expanded', 'true');
    expect(presetsButton()).toHaveAttribute('aria-controls', menu().id);
    expect(
      within(menu())
        .getAllByRole('menuitemradio')
        .map((entry) => entry.textContent),
    ).toEqual(['Page fit', '50%', '75%', '100%', '125%', '150%', '200%', '300%', '400%']);
    expect(checkedItems()).toEqual(['Page fit']);
    expect(item('Page fit')).toHaveFocus();
  });

  it('zooms to the chosen level, closes and gives focus back to its button', async () => {
    const { calls, user } = setup({ zoomSetting: PAGE_FIT });
    await user.click(presetsButton());
    await user.click(item('200%'));
    expect(calls.onZoomChange.mock.calls).toEqual([[2]]);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(presetsButton()).toHaveAttribute('aria-expanded', 'false');
    expect(presetsButton()).toHaveFocus();
    expect(zoomInput()).toHaveValue('200');

    await user.click(presetsButton());
    expect(checkedItems()).toEqual(['200%']);
    expect(item('200%')).toHaveFocus();
    // Page fit can be chosen again, which the − and + buttons and the input cannot do.
    await user.click(item('Page fit'));
    expect(calls.onZoomChange).toHaveBeenLastCalledWith(PAGE_FIT);
    expect(zoomInput()).toHaveValue('80');
  });

  it('checks no item at a scale between the presets, and the level typed into the input', async () => {
    const { user } = setup({ zoomSetting: 1.1 });
    await user.click(presetsButton());
    expect(checkedItems()).toEqual([]);
    expect(item('Page fit')).toHaveFocus();
    await user.keyboard('{Escape}');

    await user.clear(zoomInput());
    await user.type(zoomInput(), '75{Enter}');
    await user.click(presetsButton());
    expect(checkedItems()).toEqual(['75%']);
  });

  it('moves between items with the arrow keys, Home and End, and chooses with Enter', async () => {
    const { calls, user } = setup({ zoomSetting: 1 });
    presetsButton().focus();
    await user.keyboard('{ArrowDown}');
    expect(item('100%')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(item('150%')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('400%')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Page fit')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item('400%')).toHaveFocus();
    await user.keyboard('{Home}{ArrowDown}');
    expect(item('50%')).toHaveFocus();
    expect(calls.onZoomChange).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    expect(calls.onZoomChange.mock.calls).toEqual([[0.5]]);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(presetsButton()).toHaveFocus();

    // ArrowUp on the button opens the menu at its last item.
    await user.keyboard('{ArrowUp}');
    expect(item('400%')).toHaveFocus();
  });

  it('marks the keys it takes as handled, so the reader does not also turn pages with them', async () => {
    const { user } = setup();
    expect(fireEvent.keyDown(presetsButton(), { key: 'ArrowDown' })).toBe(false);
    await waitFor(() => expect(item('100%')).toHaveFocus());
    for (const key of ['ArrowDown', 'ArrowUp', 'Home', 'End']) {
      expect(fireEvent.keyDown(document.activeElement as Element, { key }), key).toBe(false);
    }
    // Other keys are left alone.
    expect(fireEvent.keyDown(document.activeElement as Element, { key: 'b' })).toBe(true);
    await user.keyboard('{Escape}');
  });

  it('closes on Escape, giving focus back to its button without zooming', async () => {
    const { calls, user } = setup();
    await user.click(presetsButton());
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(presetsButton()).toHaveFocus();
    expect(calls.onZoomChange).not.toHaveBeenCalled();
  });

  it('closes on a click elsewhere: focus back on its button, unless the click focused a control', async () => {
    const { calls, user } = setup();
    await user.click(presetsButton());
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(presetsButton()).toHaveFocus());

    await user.click(presetsButton());
    expect(menu()).toBeInTheDocument();
    await user.click(pageInput());
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pageInput()).toHaveFocus();
    expect(calls.onZoomChange).not.toHaveBeenCalled();
  });

  it('opens on Enter or Space at the checked item; Escape gives focus back each time', async () => {
    const { calls, user } = setup({ zoomSetting: 1.5 });
    presetsButton().focus();
    await user.keyboard('{Enter}');
    expect(menu()).toBeInTheDocument();
    expect(item('150%')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(presetsButton()).toHaveFocus();

    await user.keyboard(' ');
    expect(item('150%')).toHaveFocus();
    await user.keyboard('{ArrowDown} ');
    expect(calls.onZoomChange.mock.calls).toEqual([[2]]);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(presetsButton()).toHaveFocus();
  });

  it('closes on Shift+Tab, focus going back to its button', async () => {
    const { user } = setup();
    await user.click(presetsButton());
    await user.keyboard('{ArrowDown}');
    await user.tab({ shift: true });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(presetsButton()).toHaveFocus();
    expect(presetsButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when focus tabs away, and toggles with its button', async () => {
    const { user } = setup();
    await user.click(presetsButton());
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button('Zoom in')).toHaveFocus();

    await user.click(presetsButton());
    expect(menu()).toBeInTheDocument();
    await user.click(presetsButton());
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

describe('Toolbar with the book’s own page labels', () => {
  // Eight sheets of front matter (i..viii), then the text from page 1, as in aata.
  const labels = [
    ...['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii'],
    ...Array.from({ length: 342 }, (_, i) => String(i + 1)),
  ];
  const renderLabelled = (page: number) => {
    const view = renderWithReaderStore(
      <Toolbar
        title="Abstract Algebra"
        isBookmarked={() => false}
        fullscreen={false}
        onToggleBookmark={() => undefined}
        onToggleFullscreen={() => undefined}
      />,
      { page, pageLabels: labels },
    );
    followNavigation(view.store);
    return view;
  };

  it('shows the number printed on the page, and the physical page beside the total', () => {
    renderLabelled(13);
    expect(screen.getByRole('textbox', { name: 'Page number' })).toHaveValue('5');
    expect(screen.getByText('(13 / 350)')).toBeInTheDocument();
  });

  it('goes to the page a label names, or to a physical page no label names; reverts on anything else', async () => {
    const user = userEvent.setup();
    const { store } = renderLabelled(13);
    const input = screen.getByRole('textbox', { name: 'Page number' });
    await user.clear(input);
    await user.type(input, 'iv{Enter}');
    expect(store.getState().page).toBe(4);
    expect(input).toHaveValue('iv');
    await user.clear(input);
    await user.type(input, '1{Enter}');
    expect(store.getState().page).toBe(9);
    await user.clear(input);
    await user.type(input, '345{Enter}');
    expect(store.getState().page).toBe(345);
    expect(input).toHaveValue('337');
    await user.clear(input);
    await user.type(input, 'xx{Enter}');
    expect(store.getState().page).toBe(345);
    expect(input).toHaveValue('337');
  });
});
