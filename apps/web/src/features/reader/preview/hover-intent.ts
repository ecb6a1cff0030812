/**
 * Hover intent for the previews: one open at a time, opened after the pointer (or focus) rests on a
 * reference for `openDelay`, closed `closeDelay` after it leaves, unless it moves into the preview or
 * onto another reference first. Pure timing: what is shown is the caller's.
 */
export interface HoverIntent<T> {
  /** The pointer (or focus) came onto a reference: shown after the open delay (at once when one is open). */
  enter(value: T): void;
  /** It left a reference or the preview: closed after the close delay unless it comes back. */
  leave(): void;
  /** It came into the preview: the close waiting is called off. */
  hold(): void;
  /** Shown now (a tap). */
  show(value: T): void;
  /** Closed now (Escape, scroll, a jump). */
  close(): void;
  current(): T | null;
  dispose(): void;
}

export function createHoverIntent<T>(options: {
  openDelay: number;
  closeDelay: number;
  onChange(value: T | null): void;
}): HoverIntent<T> {
  let shown: T | null = null;
  let openTimer: ReturnType<typeof setTimeout> | undefined;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  const clearTimers = () => {
    clearTimeout(openTimer);
    clearTimeout(closeTimer);
    openTimer = undefined;
    closeTimer = undefined;
  };
  const set = (value: T | null) => {
    clearTimers();
    if (value === shown) return;
    shown = value;
    options.onChange(value);
  };
  return {
    enter(value) {
      clearTimers();
      if (shown !== null) return set(value);
      openTimer = setTimeout(() => set(value), options.openDelay);
    },
    leave() {
      clearTimeout(openTimer);
      openTimer = undefined;
      if (shown === null || closeTimer !== undefined) return;
      closeTimer = setTimeout(() => set(null), options.closeDelay);
    },
    hold() {
      clearTimeout(closeTimer);
      closeTimer = undefined;
    },
    show: (value) => set(value),
    close: () => set(null),
    current: () => shown,
    dispose: clearTimers,
  };
}
