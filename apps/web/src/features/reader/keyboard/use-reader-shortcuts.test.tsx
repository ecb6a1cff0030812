import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { ReaderAction } from './shortcuts.ts';
import { useReaderShortcuts, type ReaderShortcutHandlers } from './use-reader-shortcuts.ts';

type Key = { key: string; shiftKey?: boolean; altKey?: boolean; ctrlKey?: boolean; metaKey?: boolean };

/** Every shortcut of docs/product.md §9 (and the bookmark key), with the action it must take. */
const SHORTCUTS: [string, Key, ReaderAction][] = [
  ['PageDown', { key: 'PageDown' }, 'nextPage'],
  ['PageUp', { key: 'PageUp' }, 'previousPage'],
  ['Alt+Down', { key: 'ArrowDown', altKey: true }, 'nextPage'],
  ['Alt+Up', { key: 'ArrowUp', altKey: true }, 'previousPage'],
  ['ArrowRight', { key: 'ArrowRight' }, 'nextPage'],
  ['ArrowDown', { key: 'ArrowDown' }, 'nextPage'],
  ['ArrowLeft', { key: 'ArrowLeft' }, 'previousPage'],
  ['ArrowUp', { key: 'ArrowUp' }, 'previousPage'],
  ['Ctrl+Z', { key: 'z', ctrlKey: true }, 'undo'],
  ['Cmd+Z', { key: 'z', metaKey: true }, 'undo'],
  ['Ctrl+Shift+Z', { key: 'Z', ctrlKey: true, shiftKey: true }, 'redo'],
  ['Cmd+Shift+Z', { key: 'Z', metaKey: true, shiftKey: true }, 'redo'],
  ['Ctrl+Y', { key: 'y', ctrlKey: true }, 'redo'],
  ['Cmd+Y', { key: 'y', metaKey: true }, 'redo'],
  ['Shift+Z', { key: 'Z', shiftKey: true }, 'redo'],
  ['Y', { key: 'y' }, 'redo'],
  ['[', { key: '[' }, 'undo'],
  [']', { key: ']' }, 'redo'],
  ['+', { key: '+', shiftKey: true }, 'zoomIn'],
  ['= (the + key unshifted)', { key: '=' }, 'zoomIn'],
  ['-', { key: '-' }, 'zoomOut'],
  ['Shift+F', { key: 'F', shiftKey: true }, 'toggleFullscreen'],
  ['B', { key: 'b' }, 'toggleToc'],
  ['B with Caps Lock', { key: 'B' }, 'toggleToc'],
  ['Shift+P', { key: 'P', shiftKey: true }, 'toggleRelated'],
  ['Backspace', { key: 'Backspace' }, 'clearSelection'],
  ['Shift+Backspace', { key: 'Backspace', shiftKey: true }, 'clearHistory'],
  ['M', { key: 'm' }, 'bookmark'],
  ['H', { key: 'h' }, 'highlight'],
];

/** Keys that look close to a shortcut but are none (several belong to the browser). */
const NOT_SHORTCUTS: [string, Key][] = [
  ['F', { key: 'f' }],
  ['P', { key: 'p' }],
  ['Z', { key: 'z' }],
  ['Shift+B', { key: 'B', shiftKey: true }],
  ['Shift+M', { key: 'M', shiftKey: true }],
  ['Ctrl+B', { key: 'b', ctrlKey: true }],
  ['Ctrl+F', { key: 'f', ctrlKey: true }],
  ['Ctrl+D', { key: 'd', ctrlKey: true }],
  ['Ctrl+Alt+Z', { key: 'z', ctrlKey: true, altKey: true }],
  ['Alt+Left (browser back)', { key: 'ArrowLeft', altKey: true }],
  ['Shift+ArrowDown (text selection)', { key: 'ArrowDown', shiftKey: true }],
  ['Enter', { key: 'Enter' }],
  ['Space', { key: ' ' }],
];

const ACTIONS: ReaderAction[] = [...new Set(SHORTCUTS.map(([, , action]) => action))];

function allHandlers() {
  return Object.fromEntries(ACTIONS.map((action) => [action, vi.fn<() => void>()])) as Record<
    ReaderAction,
    Mock<() => void>
  >;
}

function Reader({ handlers, enabled }: { handlers: ReaderShortcutHandlers; enabled?: boolean }) {
  useReaderShortcuts(handlers, enabled);
  return (
    <div>
      <input aria-label="Page number" />
      <input aria-label="Search" type="search" />
      <textarea aria-label="Notes" />
      <select aria-label="Preset">
        <option>100%</option>
      </select>
      <div aria-label="Editor" contentEditable suppressContentEditableWarning>
        <p>editable text</p>
      </div>
      <input aria-label="Remember" type="checkbox" />
      <button type="button">Next page</button>
    </div>
  );
}

function called(handlers: Record<ReaderAction, Mock<() => void>>): ReaderAction[] {
  return ACTIONS.filter((action) => handlers[action].mock.calls.length > 0);
}

describe('useReaderShortcuts', () => {
  it.each(SHORTCUTS)('%s takes its action, once, instead of the key’s own meaning', (_, key, action) => {
    const handlers = allHandlers();
    render(<Reader handlers={handlers} />);
    const notPrevented = fireEvent.keyDown(document.body, key);
    expect(notPrevented).toBe(false);
    expect(called(handlers)).toEqual([action]);
    expect(handlers[action]).toHaveBeenCalledTimes(1);
  });

  it.each(NOT_SHORTCUTS)('%s is no shortcut', (_, key) => {
    const handlers = allHandlers();
    render(<Reader handlers={handlers} />);
    expect(fireEvent.keyDown(document.body, key)).toBe(true);
    expect(called(handlers)).toEqual([]);
  });

  it('fires from a focused button or checkbox, which take no text', () => {
    const handlers = allHandlers();
    render(<Reader handlers={handlers} />);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Next page' }), { key: 'PageDown' });
    fireEvent.keyDown(screen.getByRole('checkbox', { name: 'Remember' }), { key: 'b' });
    expect(called(handlers)).toEqual(['nextPage', 'toggleToc']);
  });

  it('never fires while the student types in an input, textarea, select or editable element', () => {
    const handlers = allHandlers();
    render(<Reader handlers={handlers} />);
    const typingTargets = [
      screen.getByRole('textbox', { name: 'Page number' }),
      screen.getByRole('searchbox', { name: 'Search' }),
      screen.getByRole('textbox', { name: 'Notes' }),
      screen.getByRole('combobox', { name: 'Preset' }),
      screen.getByText('editable text'),
    ];
    for (const target of typingTargets) {
      for (const [name, key] of SHORTCUTS) {
        expect(fireEvent.keyDown(target, key), `${name} in ${target.tagName}`).toBe(true);
      }
    }
    expect(called(handlers)).toEqual([]);
  });

  it('leaves a key a control already handled, and a key with no handler, alone', () => {
    const handlers = allHandlers();
    render(<Reader handlers={{ nextPage: handlers.nextPage }} />);
    const button = screen.getByRole('button', { name: 'Next page' });
    button.addEventListener('keydown', (event) => event.preventDefault());
    fireEvent.keyDown(button, { key: 'ArrowRight' });
    expect(handlers.nextPage).not.toHaveBeenCalled();
    // No handler: the browser keeps Backspace and Ctrl+Z.
    expect(fireEvent.keyDown(document.body, { key: 'Backspace' })).toBe(true);
    expect(fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true })).toBe(true);
  });

  it('uses the latest handlers, and listens only while enabled', () => {
    const first = allHandlers();
    const second = allHandlers();
    const view = render(<Reader handlers={first} />);
    view.rerender(<Reader handlers={second} />);
    fireEvent.keyDown(document.body, { key: ']' });
    expect(called(first)).toEqual([]);
    expect(called(second)).toEqual(['redo']);

    view.rerender(<Reader handlers={second} enabled={false} />);
    fireEvent.keyDown(document.body, { key: '[' });
    expect(second.undo).not.toHaveBeenCalled();
    view.rerender(<Reader handlers={second} enabled />);
    fireEvent.keyDown(document.body, { key: '[' });
    expect(second.undo).toHaveBeenCalledTimes(1);

    view.unmount();
    fireEvent.keyDown(document.body, { key: '[' });
    expect(second.undo).toHaveBeenCalledTimes(1);
  });
});
