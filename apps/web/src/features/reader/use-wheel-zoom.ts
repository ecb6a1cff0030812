import { useEffect, useRef } from 'react';
import { WHEEL_ZOOM_DEBOUNCE_MS } from './model/index.ts';

/**
 * Ctrl+wheel zoom, debounced (docs/product.md §9): wheel events closer together than 40 ms make one zoom step, in the
 * direction their movements add up to. A trackpad pinch sends dozens of small events; one step each would
 * race through the whole step table.
 */
export function useWheelZoom(zoomBy: (deltaY: number) => void): (event: WheelEvent) => void {
  const pending = useRef({ deltaY: 0, timer: 0 });
  const zoomByRef = useRef(zoomBy);
  useEffect(() => {
    zoomByRef.current = zoomBy;
  }, [zoomBy]);
  useEffect(() => () => window.clearTimeout(pending.current.timer), []);

  return (event: WheelEvent) => {
    const state = pending.current;
    state.deltaY += event.deltaY;
    window.clearTimeout(state.timer);
    state.timer = window.setTimeout(() => {
      const { deltaY } = state;
      state.deltaY = 0;
      if (deltaY !== 0) zoomByRef.current(deltaY);
    }, WHEEL_ZOOM_DEBOUNCE_MS);
  };
}
