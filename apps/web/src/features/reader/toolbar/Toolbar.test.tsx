import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Toolbar, type ToolbarProps } from './Toolbar.tsx';

type Callbacks = Pick<
  ToolbarProps,
  | 'onToggleToc'
  | 'onUndo'
  | 'onRedo'
  | 'onClearHistory'
  | 'onPageChange'
  | 'onZoomChange'
  | 'onToggleFullscreen'
  | 'onToggleRelated'
>;

/** The toolbar as the reader holds it: page and scale follow what the toolbar reports. */
function Reader(props: Partial<ToolbarProps> & { calls: Callbacks }) {
  const [page, setPage] = useState(props.page ?? 5);
  const [scale, setScale] = useState(props.scale ?? 1);
  return (
    <Toolbar
      title="Abstract Algebra"
      totalPages={350}
      canUndo={false}
      canRedo={false}
      canClearHistory={false}
      tocOpen={false}
      relatedOpen={false}
      fullscreen={false}
      {...props.calls}
      {...props}
      page={page}
      scale={scale}
      onPageChange={(next) => {
        props.calls.onPageChange(next);
        setPage(next);
      }}
      onZoomChange={(next) => {
        props.calls.onZoomChange(next);
        setScale(next);
      }}
    />
  );
}

function setup(props: Partial<ToolbarProps> = {}) {
  const calls = {
    onToggleToc: vi.fn(),
    onUndo: vi.fn(),
    onRedo: vi.fn(),
    onClearHistory: vi.fn(),
    onPageChange: vi.fn(),
    onZoomChange: vi.fn(),
    onToggleFullscreen: vi.fn(),
    onToggleRelated: vi.fn(),
  };
  const user = userEvent.setup();
  const view = render(<Reader {...props} calls={calls} />);
  return { calls, user, view };
}

const button = (name: string) => screen.getByRole('button', { name });
const pageInput = () => screen.getByRole('textbox', { name: 'Page number' });
const zoomInput = () => screen.getByRole('textbox', { name: 'Zoom percentage' });

describe('Toolbar', () => {
  it("holds SPEC §2's items in order, each named", () => {
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
      'Zoom out',
      'Zoom percentage',
      '%',
      'Zoom in',
      'Toggle fullscreen',
      'Toggle related panel',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Abstract Algebra' })).toBeInTheDocument();
    expect(button('Zoom out')).toHaveTextContent('−');
    expect(button('Zoom in')).toHaveTextContent('+');
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
