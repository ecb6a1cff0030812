import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHoverIntent } from './hover-intent.ts';

describe('createHoverIntent', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const make = () => {
    const onChange = vi.fn();
    return { onChange, intent: createHoverIntent<string>({ openDelay: 100, closeDelay: 250, onChange }) };
  };

  it('opens only once the pointer has rested for the open delay', () => {
    const { intent, onChange } = make();
    intent.enter('a');
    vi.advanceTimersByTime(99);
    expect(onChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onChange).toHaveBeenLastCalledWith('a');
    expect(intent.current()).toBe('a');
  });

  it('does not open for a pointer passing over', () => {
    const { intent, onChange } = make();
    intent.enter('a');
    vi.advanceTimersByTime(50);
    intent.leave();
    vi.advanceTimersByTime(1000);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('closes after the grace period, unless the pointer moves into the preview', () => {
    const { intent, onChange } = make();
    intent.enter('a');
    vi.advanceTimersByTime(100);
    intent.leave();
    vi.advanceTimersByTime(200);
    intent.hold();
    vi.advanceTimersByTime(1000);
    expect(intent.current()).toBe('a');
    intent.leave();
    vi.advanceTimersByTime(250);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('switches at once to another reference while one is open', () => {
    const { intent, onChange } = make();
    intent.show('a');
    intent.leave();
    intent.enter('b');
    expect(onChange).toHaveBeenLastCalledWith('b');
    vi.advanceTimersByTime(1000);
    expect(intent.current()).toBe('b');
  });

  it('shows and closes at once for a tap or Escape', () => {
    const { intent, onChange } = make();
    intent.show('a');
    expect(onChange).toHaveBeenLastCalledWith('a');
    intent.close();
    expect(onChange).toHaveBeenLastCalledWith(null);
    intent.close();
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
