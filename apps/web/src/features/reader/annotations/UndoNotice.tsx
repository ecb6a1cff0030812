import { useEffect } from 'react';

export const UndoNoticeText = {
  removed: 'Highlight deleted',
  undo: 'Undo',
} as const;

/** How long a deleted highlight can be brought back. */
export const UNDO_MS = 8000;

interface UndoNoticeProps {
  onUndo(): void;
  /** The time is up, or the notice was dismissed. */
  onDone(): void;
}

/** "Highlight deleted. Undo", for a few seconds after a highlight is deleted. */
export function UndoNotice({ onUndo, onDone }: UndoNoticeProps) {
  useEffect(() => {
    const timer = setTimeout(onDone, UNDO_MS);
    return () => clearTimeout(timer);
  }, [onDone]);
  return (
    <div className="undo-notice" role="status">
      <span>{UndoNoticeText.removed}</span>
      <button type="button" className="undo-notice__undo" onClick={onUndo}>
        {UndoNoticeText.undo}
      </button>
    </div>
  );
}
