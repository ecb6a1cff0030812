import { useEffect, useEffectEvent } from 'react';
import { isTypingTarget, shortcutAction, type ReaderAction } from './shortcuts.ts';

/** What each shortcut does; an action left out is not taken, and its key keeps its browser meaning. */
export type ReaderShortcutHandlers = Partial<Record<ReaderAction, () => void>>;

/**
 * Listens on the window for the reader's shortcuts (docs/product.md §9) while `enabled`. Nothing fires while the
 * student types in an input, textarea or editable element, nor for a key a focused control already handled
 * (a panel's resize handle takes its own arrow keys).
 */
export function useReaderShortcuts(handlers: ReaderShortcutHandlers, enabled = true): void {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing || isTypingTarget(event.target)) return;
    const action = shortcutAction(event);
    const handler = action === null ? undefined : handlers[action];
    if (!handler) return;
    // The keys' own meanings (scrolling, the browser's undo, going back) would fight the reader's.
    event.preventDefault();
    handler();
  });

  useEffect(() => {
    if (!enabled) return;
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
