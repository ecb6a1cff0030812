import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The inner size of the scrolled page view in `ref` (CSS pixels), measured before the first paint and
 * again whenever it changes; null until measured, so nothing is laid out at a made-up size.
 */
export function useViewerSize(ref: RefObject<HTMLElement | null>): { width: number; height: number } | null {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const container = ref.current;
    if (!container) return;
    const measure = () => setSize({ width: container.clientWidth, height: container.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(container);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
