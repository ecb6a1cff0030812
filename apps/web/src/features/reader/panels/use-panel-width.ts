import { useCallback, useState } from 'react';
import { clampPanelWidth, readPanelWidth, writePanelWidth, type PanelSide } from './panel-size.ts';

/** A side panel's width, remembered in local storage across visits; every width set is clamped first. */
export function usePanelWidth(side: PanelSide): [width: number, setWidth: (width: number) => void] {
  const [width, setStoredWidth] = useState(() => readPanelWidth(window.localStorage, side));
  const setWidth = useCallback(
    (next: number) => {
      const clamped = clampPanelWidth(side, next);
      setStoredWidth(clamped);
      writePanelWidth(window.localStorage, side, clamped);
    },
    [side],
  );
  return [width, setWidth];
}
