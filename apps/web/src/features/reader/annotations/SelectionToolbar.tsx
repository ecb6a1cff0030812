import { useEffect, useState } from 'react';
import { NotebookPen } from 'lucide-react';
import { HIGHLIGHT_COLOURS, type HighlightColour } from '@threadbook/contracts';
import { pageOfSelection } from './anchor.ts';

export const SelectionToolbarText = {
  label: 'Highlight the selection',
  addNote: 'Add note',
  colour: (colour: HighlightColour) => `Highlight ${colour}`,
} as const;

interface SelectionToolbarProps {
  /** The colour H gives (the last one chosen). */
  keyColour: HighlightColour;
  onHighlight(colour: HighlightColour): void;
  onAddNote(): void;
}

/** Where the toolbar stands: under the selection's last line, in the window. */
interface Place {
  left: number;
  top: number;
}

/** The toolbar's place for the window's selection, or null when no words of a page are selected. */
function placeOfSelection(): Place | null {
  const selected = pageOfSelection(window.getSelection());
  if (!selected) return null;
  const boxes = [...selected.range.getClientRects()].filter((box) => box.width > 0 && box.height > 0);
  const last = boxes.at(-1);
  if (!last) return null;
  return {
    left: Math.min(Math.max(8, last.right - 120), window.innerWidth - 260),
    top: Math.min(last.bottom + 6, window.innerHeight - 48),
  };
}

/**
 * The small toolbar a selection of a page's words brings (issue 34): four highlight colours and "Add note".
 * It shows once the mouse button is up (not while a drag is still choosing the words), follows the words
 * when the pages scroll, and keeps the selection: its buttons do not take focus from it on press.
 */
export function SelectionToolbar({ keyColour, onHighlight, onAddNote }: SelectionToolbarProps) {
  const [place, setPlace] = useState<Place | null>(null);
  useEffect(() => {
    let dragging = false;
    let shown = false;
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = dragging ? null : placeOfSelection();
      shown = next !== null;
      setPlace(next);
    };
    // Asking where the selection is lays the page out: done once a frame at most, when the frame lays it
    // out anyway, not in the middle of a page turn's scroll.
    const updateNextFrame = () => {
      frame ||= requestAnimationFrame(update);
    };
    // A scroll moves a toolbar that is shown; it never brings one.
    const scrolled = () => {
      if (shown) updateNextFrame();
    };
    const down = (event: PointerEvent) => {
      if (event.target instanceof Element && event.target.closest('.selection-toolbar')) return;
      dragging = true;
      shown = false;
      setPlace(null);
    };
    const up = () => {
      dragging = false;
      // The selection is final once the browser has handled the release.
      updateNextFrame();
    };
    document.addEventListener('selectionchange', updateNextFrame);
    document.addEventListener('pointerdown', down);
    document.addEventListener('pointerup', up);
    document.addEventListener('scroll', scrolled, true);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('selectionchange', updateNextFrame);
      document.removeEventListener('pointerdown', down);
      document.removeEventListener('pointerup', up);
      document.removeEventListener('scroll', scrolled, true);
    };
  }, []);
  if (!place) return null;
  return (
    <div
      className="selection-toolbar"
      role="toolbar"
      aria-label={SelectionToolbarText.label}
      style={{ left: place.left, top: place.top }}
      onMouseDown={(event) => event.preventDefault()}
    >
      {HIGHLIGHT_COLOURS.map((colour) => (
        <button
          key={colour}
          type="button"
          className={`selection-toolbar__colour study-swatch study-swatch--${colour}`}
          aria-label={SelectionToolbarText.colour(colour)}
          title={SelectionToolbarText.colour(colour) + (colour === keyColour ? ' (H)' : '')}
          aria-keyshortcuts={colour === keyColour ? 'H' : undefined}
          onClick={() => onHighlight(colour)}
        />
      ))}
      <button type="button" className="selection-toolbar__note" onClick={onAddNote}>
        <NotebookPen size={16} aria-hidden="true" />
        {SelectionToolbarText.addNote}
      </button>
    </div>
  );
}
