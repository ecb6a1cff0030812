import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  clampPanelWidth,
  panelWidthKey,
  readPanelWidth,
  writePanelWidth,
  type PanelSide,
} from './panel-size.ts';
import { ResizablePanel } from './ResizablePanel.tsx';
import { usePanelWidth } from './use-panel-width.ts';

const LABELS = { left: 'Table of contents panel', right: 'Related paragraphs panel' } as const;

/** A panel wired to its remembered width, as the reader wires it. */
function Panel({ side, open = true }: { side: PanelSide; open?: boolean }) {
  const [width, setWidth] = usePanelWidth(side);
  return (
    <ResizablePanel side={side} label={LABELS[side]} open={open} width={width} onResize={setWidth}>
      <p>content of {side}</p>
    </ResizablePanel>
  );
}

const handle = (side: PanelSide) => screen.getByRole('separator', { name: `Resize ${LABELS[side]}` });
const width = (side: PanelSide) => Number(handle(side).getAttribute('aria-valuenow'));
const shownWidth = (side: PanelSide) => screen.getByRole('complementary', { name: LABELS[side] }).style.width;

/** Drags `side`'s handle from x=1000 through each position, then lets go. */
function drag(side: PanelSide, ...positions: number[]) {
  fireEvent.pointerDown(handle(side), { button: 0, clientX: 1000 });
  for (const clientX of positions) fireEvent.pointerMove(window, { clientX });
  fireEvent.pointerUp(window, { clientX: positions.at(-1) });
}

describe('side panels', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('open at 280 px on the left and 400 px on the right, with their bounds', () => {
    render(
      <>
        <Panel side="left" />
        <Panel side="right" />
      </>,
    );
    expect(width('left')).toBe(280);
    expect(shownWidth('left')).toBe('280px');
    expect(handle('left')).toHaveAttribute('aria-valuemin', '200');
    expect(handle('left')).toHaveAttribute('aria-valuemax', '500');
    expect(width('right')).toBe(400);
    expect(shownWidth('right')).toBe('400px');
    expect(handle('right')).toHaveAttribute('aria-valuemin', '250');
    expect(handle('right')).toHaveAttribute('aria-valuemax', '600');
  });

  it('resize by pointer drag, outward from their inner edge, clamped, until the pointer is released', () => {
    render(
      <>
        <Panel side="left" />
        <Panel side="right" />
      </>,
    );
    drag('left', 1050, 1120);
    expect(width('left')).toBe(400);
    drag('left', 3000);
    expect(width('left')).toBe(500);
    drag('left', 0);
    expect(width('left')).toBe(200);
    fireEvent.pointerMove(window, { clientX: 1300 });
    expect(width('left')).toBe(200);

    // The right panel's handle is on its left: moving left widens it.
    drag('right', 900);
    expect(width('right')).toBe(500);
    drag('right', 0);
    expect(width('right')).toBe(600);
    drag('right', 3000);
    expect(width('right')).toBe(250);
    expect(shownWidth('right')).toBe('250px');

    // Only the primary button drags.
    fireEvent.pointerDown(handle('left'), { button: 2, clientX: 1000 });
    fireEvent.pointerMove(window, { clientX: 1100 });
    expect(width('left')).toBe(200);
  });

  it('resize with the arrow keys on the focused handle, Shift for bigger steps, Home and End to the bounds', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Panel side="left" />
        <Panel side="right" />
      </>,
    );
    handle('left').focus();
    await user.keyboard('{ArrowRight}');
    expect(width('left')).toBe(290);
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(width('left')).toBe(240);
    await user.keyboard('{End}');
    expect(width('left')).toBe(500);
    await user.keyboard('{ArrowRight}');
    expect(width('left')).toBe(500);
    await user.keyboard('{Home}{ArrowLeft}');
    expect(width('left')).toBe(200);

    handle('right').focus();
    await user.keyboard('{ArrowLeft}');
    expect(width('right')).toBe(410);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(width('right')).toBe(390);
    await user.keyboard('{Home}');
    expect(width('right')).toBe(250);

    // The keys it takes are not left for the reader's page-turning shortcuts.
    expect(fireEvent.keyDown(handle('right'), { key: 'ArrowLeft' })).toBe(false);
    expect(fireEvent.keyDown(handle('right'), { key: 'PageDown' })).toBe(true);
  });

  it('remember their widths across visits', () => {
    const first = render(<Panel side="left" />);
    drag('left', 1100);
    expect(localStorage.getItem(panelWidthKey('left'))).toBe('380');
    first.unmount();

    render(
      <>
        <Panel side="left" />
        <Panel side="right" />
      </>,
    );
    expect(width('left')).toBe(380);
    expect(width('right')).toBe(400);
  });

  it('hide when closed and keep their content', () => {
    const view = render(<Panel side="left" />);
    expect(screen.getByText('content of left')).toBeVisible();
    view.rerender(<Panel side="left" open={false} />);
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(screen.getByText('content of left')).not.toBeVisible();
  });
});

describe('panel widths', () => {
  it('are whole pixels inside each side’s bounds', () => {
    expect(clampPanelWidth('left', 199)).toBe(200);
    expect(clampPanelWidth('left', 333.6)).toBe(334);
    expect(clampPanelWidth('left', 501)).toBe(500);
    expect(clampPanelWidth('right', 249)).toBe(250);
    expect(clampPanelWidth('right', 601)).toBe(600);
    expect(() => clampPanelWidth('right', Number.NaN)).toThrow(
      'A panel width must be a finite number, got NaN',
    );
  });

  it('read back as stored, clamped, or the default when the stored value is no number', () => {
    const storage = window.localStorage;
    storage.setItem(panelWidthKey('right'), '450');
    expect(readPanelWidth(storage, 'right')).toBe(450);
    storage.setItem(panelWidthKey('right'), '9000');
    expect(readPanelWidth(storage, 'right')).toBe(600);
    for (const bad of ['', ' ', 'wide', 'NaN', 'Infinity']) {
      storage.setItem(panelWidthKey('left'), bad);
      expect(readPanelWidth(storage, 'left'), bad).toBe(280);
    }
    storage.clear();
  });

  it('survive storage that refuses to be read or written', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(readPanelWidth(refusing, 'left')).toBe(280);
    expect(() => writePanelWidth(refusing, 'left', 300)).not.toThrow();
  });
});
