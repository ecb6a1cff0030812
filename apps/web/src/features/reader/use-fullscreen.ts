import { useCallback, useEffect, useState } from 'react';
import { useShell } from '../../lib/shell.tsx';

/**
 * The reader's fullscreen (docs/product.md §2): the Fullscreen API fills the screen and the shell hides its navigation
 * bar. The state follows the browser, so leaving with Escape shows the bar again.
 */
export function useFullscreen(): [fullscreen: boolean, toggle: () => void] {
  const { setNavHidden } = useShell();
  const [fullscreen, setFullscreen] = useState(() => document.fullscreenElement !== null);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  useEffect(() => {
    setNavHidden(fullscreen);
  }, [fullscreen, setNavHidden]);

  // Leaving the reader leaves fullscreen and gives the shell its bar back.
  useEffect(
    () => () => {
      setNavHidden(false);
      if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
    },
    [setNavHidden],
  );

  const toggle = useCallback(() => {
    const change = document.fullscreenElement
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    change.catch((error: unknown) => console.error('fullscreen could not be changed', error));
  }, []);

  return [fullscreen, toggle];
}
