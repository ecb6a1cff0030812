import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithReaderStore } from '../../../test/reader-store.tsx';
import type { ParagraphPlace } from '../model/index.ts';
import { INDICATOR_FADE_MS, INDICATOR_GONE_MS } from '../model/index.ts';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const place = (id: string, page: number, yStart: number): ParagraphPlace => ({
  id,
  page,
  yStart,
  yEnd: yStart + 0.1,
});

/** The reader's store with its provider mounted (which runs the arrow's timers). */
function setup() {
  const view = renderWithReaderStore(<></>, { page: 40 });
  const indicator = () => view.store.getState().indicator;
  const jumpTo = (to: ParagraphPlace, kind: 'source' | 'target') =>
    act(() =>
      view.store.dispatch({ type: kind === 'source' ? 'jumpToSource' : 'jumpToRelated', place: to, at: 0 }),
    );
  return { ...view, indicator, jumpTo };
}

describe('the jump indicator', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows nothing until a jump', () => {
    expect(setup().indicator()).toBeNull();
  });

  it('shows the arrow where the jump landed, fades it at 2 s and removes it at 2.5 s', () => {
    expect([INDICATOR_FADE_MS, INDICATOR_GONE_MS]).toEqual([2000, 2500]);
    const { indicator, jumpTo } = setup();
    jumpTo(place('3.3.1', 41, 0.35), 'target');
    expect(indicator()).toEqual({ page: 41, yStart: 0.35, kind: 'target', fading: false, serial: 1 });

    advance(1999);
    expect(indicator()?.fading).toBe(false);
    advance(1);
    expect(indicator()).toEqual({ page: 41, yStart: 0.35, kind: 'target', fading: true, serial: 1 });
    advance(499);
    expect(indicator()?.fading).toBe(true);
    advance(1);
    expect(indicator()).toBeNull();
  });

  it('starts afresh on a new jump: a new serial, not fading, the full 2 s again', () => {
    const { indicator, jumpTo } = setup();
    jumpTo(place('3.3.1', 41, 0.35), 'target');
    advance(1500);
    jumpTo(place('3.2.4', 42, 0.08), 'source');
    expect(indicator()).toEqual({ page: 42, yStart: 0.08, kind: 'source', fading: false, serial: 2 });

    // The first jump's timers no longer count: nothing happens at its 2 s and 2.5 s.
    advance(1000);
    expect(indicator()).toMatchObject({ page: 42, fading: false });
    advance(1000);
    expect(indicator()).toMatchObject({ page: 42, fading: true });
    advance(500);
    expect(indicator()).toBeNull();
  });

  it('gives a repeated jump to the same place a new serial', () => {
    const { indicator, jumpTo } = setup();
    jumpTo(place('3.2.4', 42, 0.08), 'source');
    jumpTo(place('3.2.4', 42, 0.08), 'source');
    expect(indicator()?.serial).toBe(2);
  });

  it('stops its timers when unmounted', () => {
    const { jumpTo, unmount } = setup();
    jumpTo(place('3.3.1', 41, 0.35), 'target');
    expect(vi.getTimerCount()).toBe(2);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
