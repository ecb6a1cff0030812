/**
 * The reader's keyboard shortcuts (docs/product.md §9), as a pure mapping from a key event to an action. Letters are
 * matched case-insensitively with Shift read from the event, so Caps Lock does not change their meaning.
 *
 * docs/product.md §9's "Cmd/Ctrl+Z undo; Shift+Z or Y redo" reads two ways, and both are honoured: Cmd/Ctrl+Shift+Z
 * and Cmd/Ctrl+Y redo, and so do Shift+Z and Y (with or without Shift) on their own.
 *
 * Bookmarking the current page is M ("mark"): docs/product.md §9 uses B, F, P, Z and Y, and Ctrl/Cmd+D belongs to
 * the browser's own bookmarks. H highlights the words selected on a page (issue 34).
 */

export type ReaderAction =
  | 'nextPage'
  | 'previousPage'
  | 'undo'
  | 'redo'
  | 'zoomIn'
  | 'zoomOut'
  | 'toggleFullscreen'
  | 'toggleToc'
  | 'toggleRelated'
  | 'clearSelection'
  | 'clearHistory'
  | 'bookmark'
  | 'highlight';

/** The parts of a KeyboardEvent the mapping reads. */
export type ShortcutKey = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey'>;

/** The action `event` stands for, or null when it is no reader shortcut. */
export function shortcutAction(event: ShortcutKey): ReaderAction | null {
  const { key, shiftKey: shift, altKey: alt } = event;
  const command = event.ctrlKey || event.metaKey;

  if (command) {
    if (alt) return null;
    const letter = key.toLowerCase();
    if (letter === 'z') return shift ? 'redo' : 'undo';
    if (letter === 'y' && !shift) return 'redo';
    return null;
  }
  if (alt) {
    if (shift) return null;
    if (key === 'ArrowDown') return 'nextPage';
    if (key === 'ArrowUp') return 'previousPage';
    return null;
  }

  switch (key) {
    case 'PageDown':
      return 'nextPage';
    case 'PageUp':
      return 'previousPage';
    case 'ArrowRight':
    case 'ArrowDown':
      return shift ? null : 'nextPage';
    case 'ArrowLeft':
    case 'ArrowUp':
      return shift ? null : 'previousPage';
    case '[':
      return 'undo';
    case ']':
      return 'redo';
    // '=' is '+' without Shift on most layouts.
    case '+':
    case '=':
      return 'zoomIn';
    case '-':
      return 'zoomOut';
    case 'Backspace':
      return shift ? 'clearHistory' : 'clearSelection';
  }

  const letter = key.length === 1 ? key.toLowerCase() : '';
  if (shift) {
    if (letter === 'f') return 'toggleFullscreen';
    if (letter === 'p') return 'toggleRelated';
    if (letter === 'z' || letter === 'y') return 'redo';
    return null;
  }
  if (letter === 'y') return 'redo';
  if (letter === 'b') return 'toggleToc';
  if (letter === 'm') return 'bookmark';
  if (letter === 'h') return 'highlight';
  return null;
}

/** Whether `target` takes typed text, where no shortcut may fire. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return target.closest('[contenteditable]:not([contenteditable="false"])') !== null;
}

/** Inputs that take no typed text: keys pressed on them are still shortcuts. */
const NON_TEXT_INPUTS = new Set([
  'button',
  'checkbox',
  'radio',
  'reset',
  'submit',
  'image',
  'range',
  'color',
  'file',
]);
