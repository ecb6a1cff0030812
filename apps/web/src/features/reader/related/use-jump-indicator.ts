import { useCallback, useEffect, useState } from 'react';

/** SPEC §4, §9: the jump indicator fades at 2 s and is gone at 2.5 s. */
export const INDICATOR_FADE_MS = 2000;
export const INDICATOR_GONE_MS = 2500;

/** The arrow shown beside the paragraph a related-panel jump landed on. */
export interface JumpIndicator {
  page: number;
  yStart: number;
  /** A jump to the selected paragraph itself, or to one of its related paragraphs. */
  kind: 'source' | 'target';
  fading: boolean;
  /** Changes with every jump, so a repeated jump to the same place starts the arrow afresh. */
  serial: number;
}

export function useJumpIndicator(): [
  JumpIndicator | null,
  (at: { page: number; yStart: number; kind: 'source' | 'target' }) => void,
] {
  const [indicator, setIndicator] = useState<JumpIndicator | null>(null);
  const shownSerial = indicator?.serial;

  // The clock starts when the arrow is on screen (after the commit), not when the jump was asked for: on a
  // busy main thread the render can lag the click, and the reader must still see it for the full 2 s.
  useEffect(() => {
    if (shownSerial === undefined) return;
    const fade = window.setTimeout(
      () => setIndicator((shown) => (shown?.serial === shownSerial ? { ...shown, fading: true } : shown)),
      INDICATOR_FADE_MS,
    );
    const gone = window.setTimeout(
      () => setIndicator((shown) => (shown?.serial === shownSerial ? null : shown)),
      INDICATOR_GONE_MS,
    );
    return () => {
      window.clearTimeout(fade);
      window.clearTimeout(gone);
    };
  }, [shownSerial]);

  const show = useCallback((at: { page: number; yStart: number; kind: 'source' | 'target' }) => {
    setIndicator((shown) => ({ ...at, fading: false, serial: (shown?.serial ?? 0) + 1 }));
  }, []);
  return [indicator, show];
}
