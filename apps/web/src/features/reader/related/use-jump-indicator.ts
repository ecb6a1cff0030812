import { useCallback, useEffect, useRef, useState } from 'react';

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
  const timers = useRef<number[]>([]);
  const serial = useRef(0);
  const stopTimers = () => {
    for (const timer of timers.current) window.clearTimeout(timer);
    timers.current = [];
  };
  useEffect(() => stopTimers, []);

  const show = useCallback((at: { page: number; yStart: number; kind: 'source' | 'target' }) => {
    stopTimers();
    serial.current += 1;
    setIndicator({ ...at, fading: false, serial: serial.current });
    timers.current = [
      window.setTimeout(
        () => setIndicator((shown) => shown && { ...shown, fading: true }),
        INDICATOR_FADE_MS,
      ),
      window.setTimeout(() => setIndicator(null), INDICATOR_GONE_MS),
    ];
  }, []);
  return [indicator, show];
}
