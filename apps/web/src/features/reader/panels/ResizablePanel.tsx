import { useEffect, useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { clampPanelWidth, PANEL_BOUNDS, type PanelSide } from './panel-size.ts';
import './panels.css';

/** One arrow key press on the handle moves the edge this far; with Shift, five times as far. */
const RESIZE_KEY_STEP = 10;

interface ResizablePanelProps {
  side: PanelSide;
  /** Names the panel's region, and its handle as 'Resize {label}'. */
  label: string;
  /** A closed panel is hidden but stays mounted, so its content keeps its state (expanded chapters). */
  open: boolean;
  width: number;
  /** Called with the new width, already clamped to the side's bounds. */
  onResize: (width: number) => void;
  children: ReactNode;
}

/**
 * A side column of the reader with a handle on its inner edge: drag it with the pointer, or focus it and use
 * the arrow keys (Home and End for the narrowest and widest). Widths stay inside docs/product.md §9's bounds.
 */
export function ResizablePanel({ side, label, open, width, onResize, children }: ResizablePanelProps) {
  const { min, max } = PANEL_BOUNDS[side];
  // The handle sits on the inner edge, so moving right widens the left panel and narrows the right one.
  const outward = side === 'left' ? 1 : -1;
  const stopDrag = useRef<(() => void) | null>(null);
  useEffect(() => () => stopDrag.current?.(), []);

  function startDrag(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    event.preventDefault();
    stopDrag.current?.();
    const startX = event.clientX;
    const startWidth = width;
    const move = (moved: globalThis.PointerEvent) =>
      onResize(clampPanelWidth(side, startWidth + outward * (moved.clientX - startX)));
    const stop = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', stop);
      window.removeEventListener('pointercancel', stop);
      stopDrag.current = null;
    };
    // On the window, not the handle: the pointer outruns a 6 px handle during a fast drag.
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', stop);
    window.addEventListener('pointercancel', stop);
    stopDrag.current = stop;
  }

  function resizeByKey(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? RESIZE_KEY_STEP * 5 : RESIZE_KEY_STEP;
    let next: number;
    if (event.key === 'ArrowRight') next = width + outward * step;
    else if (event.key === 'ArrowLeft') next = width - outward * step;
    else if (event.key === 'Home') next = min;
    else if (event.key === 'End') next = max;
    else return;
    // Handled here: the reader's arrow-key page turns must not fire as well.
    event.preventDefault();
    onResize(clampPanelWidth(side, next));
  }

  return (
    <aside
      className={`reader-panel reader-panel--${side}`}
      aria-label={label}
      hidden={!open}
      style={{ width: `${width}px` }}
    >
      <div className="reader-panel__content">{children}</div>
      <div
        className="reader-panel__handle"
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize ${label}`}
        aria-valuenow={width}
        aria-valuemin={min}
        aria-valuemax={max}
        tabIndex={0}
        onPointerDown={startDrag}
        onKeyDown={resizeByKey}
      />
    </aside>
  );
}
