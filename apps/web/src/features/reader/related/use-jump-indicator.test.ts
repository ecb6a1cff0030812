import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INDICATOR_FADE_MS, INDICATOR_GONE_MS, useJumpIndicator } from './use-jump-indicator.ts';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('useJumpIndicator', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows nothing until a jump', () => {
    const { result } = renderHook(() => useJumpIndicator());
    expect(result.current[0]).toBeNull();
  });

  it('shows the arrow where the jump landed, fades it at 2 s and removes it at 2.5 s', () => {
    expect([INDICATOR_FADE_MS, INDICATOR_GONE_MS]).toEqual([2000, 2500]);
    const { result } = renderHook(() => useJumpIndicator());
    act(() => result.current[1]({ page: 41, yStart: 0.35, kind: 'target' }));
    expect(result.current[0]).toEqual({ page: 41, yStart: 0.35, kind: 'target', fading: false, serial: 1 });

    advance(1999);
    expect(result.current[0]?.fading).toBe(false);
    advance(1);
    expect(result.current[0]).toEqual({ page: 41, yStart: 0.35, kind: 'target', fading: true, serial: 1 });
    advance(499);
    expect(result.current[0]?.fading).toBe(true);
    advance(1);
    expect(result.current[0]).toBeNull();
  });

  it('starts afresh on a new jump: a new serial, not fading, the full 2 s again', () => {
    const { result } = renderHook(() => useJumpIndicator());
    act(() => result.current[1]({ page: 41, yStart: 0.35, kind: 'target' }));
    advance(1500);
    act(() => result.current[1]({ page: 42, yStart: 0.08, kind: 'source' }));
    expect(result.current[0]).toEqual({ page: 42, yStart: 0.08, kind: 'source', fading: false, serial: 2 });

    // The first jump's timers no longer count: nothing happens at its 2 s and 2.5 s.
    advance(1000);
    expect(result.current[0]).toMatchObject({ page: 42, fading: false });
    advance(1000);
    expect(result.current[0]).toMatchObject({ page: 42, fading: true });
    advance(500);
    expect(result.current[0]).toBeNull();
  });

  it('gives a repeated jump to the same place a new serial', () => {
    const { result } = renderHook(() => useJumpIndicator());
    act(() => result.current[1]({ page: 41, yStart: 0.35, kind: 'target' }));
    act(() => result.current[1]({ page: 41, yStart: 0.35, kind: 'target' }));
    expect(result.current[0]?.serial).toBe(2);
  });

  it('stops its timers when unmounted', () => {
    const { result, unmount } = renderHook(() => useJumpIndicator());
    act(() => result.current[1]({ page: 41, yStart: 0.35, kind: 'target' }));
    expect(vi.getTimerCount()).toBe(2);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
