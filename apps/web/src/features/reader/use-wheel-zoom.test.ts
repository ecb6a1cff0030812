import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWheelZoom } from './use-wheel-zoom.ts';

const wheel = (deltaY: number) => new WheelEvent('wheel', { deltaY, ctrlKey: true });

/** The hook's wheel handler, with the zoom callback it reports to. */
function setup() {
  const zoomBy = vi.fn<(deltaY: number) => void>();
  const hook = renderHook(({ onZoom }) => useWheelZoom(onZoom), { initialProps: { onZoom: zoomBy } });
  const turn = (deltaY: number) => hook.result.current(wheel(deltaY));
  return { zoomBy, turn, hook };
}

describe('useWheelZoom', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('makes one zoom step, with the summed movement, of events closer together than 40 ms', () => {
    const { zoomBy, turn } = setup();
    turn(-30);
    vi.advanceTimersByTime(10);
    turn(-20);
    vi.advanceTimersByTime(39);
    turn(-50);
    vi.advanceTimersByTime(39);
    expect(zoomBy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(zoomBy).toHaveBeenCalledTimes(1);
    expect(zoomBy).toHaveBeenCalledWith(-100);
  });

  it('zooms 40 ms after a single event', () => {
    const { zoomBy, turn } = setup();
    turn(120);
    vi.advanceTimersByTime(39);
    expect(zoomBy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(zoomBy.mock.calls).toEqual([[120]]);
  });

  it('makes separate steps of separate bursts, each with its own movement', () => {
    const { zoomBy, turn } = setup();
    turn(40);
    turn(60);
    vi.advanceTimersByTime(40);
    turn(-25);
    vi.advanceTimersByTime(40);
    expect(zoomBy.mock.calls).toEqual([[100], [-25]]);
  });

  it('makes no step when the movements of a burst cancel out', () => {
    const { zoomBy, turn } = setup();
    turn(50);
    turn(-50);
    vi.advanceTimersByTime(100);
    expect(zoomBy).not.toHaveBeenCalled();
  });

  it('reports a burst to the latest zoom callback', () => {
    const { zoomBy, turn, hook } = setup();
    const latest = vi.fn<(deltaY: number) => void>();
    turn(-10);
    hook.rerender({ onZoom: latest });
    turn(-15);
    vi.advanceTimersByTime(40);
    expect(zoomBy).not.toHaveBeenCalled();
    expect(latest.mock.calls).toEqual([[-25]]);
  });

  it('makes no step after it is unmounted', () => {
    const { zoomBy, turn, hook } = setup();
    turn(80);
    hook.unmount();
    vi.advanceTimersByTime(100);
    expect(zoomBy).not.toHaveBeenCalled();
  });
});
