import { useEffect, useId, useRef, useState } from 'react';
import { Trash2, X } from 'lucide-react';
import {
  ANNOTATION_LIMITS,
  HIGHLIGHT_COLOURS,
  type Annotation,
  type AnnotationPatch,
} from '@threadbook/contracts';
import { truncateText } from '../model/index.ts';

export const NoteEditorText = {
  title: 'Highlight',
  note: 'Note',
  save: 'Save note',
  remove: 'Delete highlight',
  close: 'Close',
  colour: (colour: string) => `Make it ${colour}`,
  left: (count: number) => `${count} characters left`,
} as const;

interface NoteEditorProps {
  annotation: Annotation;
  /** Where it was opened, in the window: the editor stands below it. */
  at: { x: number; y: number };
  /** Focus the note at once ("Add note"). */
  focusNote: boolean;
  onChange(patch: AnnotationPatch): void;
  onRemove(): void;
  onClose(): void;
}

const WIDTH = 320;
const HEIGHT = 300;

/**
 * A highlight's note, colour and removal (issue 34), in a small dialog beside the highlight. The note is
 * plain text up to 10,000 characters, saved with its button (or Ctrl/Cmd+Enter); Escape closes it unsaved.
 */
export function NoteEditor({ annotation, at, focusNote, onChange, onRemove, onClose }: NoteEditorProps) {
  const titleId = useId();
  const noteId = useId();
  const [note, setNote] = useState(annotation.note ?? '');
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    (focusNote ? noteRef.current : dialogRef.current)?.focus();
  }, [focusNote]);
  const left = Math.max(8, Math.min(at.x - WIDTH / 2, window.innerWidth - WIDTH - 8));
  const top = at.y + 12 + HEIGHT < window.innerHeight ? at.y + 12 : Math.max(8, at.y - HEIGHT - 12);
  const save = () => {
    onChange({ note });
    onClose();
  };
  const remaining = ANNOTATION_LIMITS.noteLength - note.trim().length;
  return (
    <div
      ref={dialogRef}
      className="note-editor"
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      style={{ left, top, width: WIDTH }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
        // The reader's own keys do not fire from here.
        event.nativeEvent.stopImmediatePropagation();
      }}
    >
      <div className="note-editor__head">
        <h2 className="note-editor__title" id={titleId}>
          {NoteEditorText.title}
        </h2>
        <button
          type="button"
          className="note-editor__close"
          aria-label={NoteEditorText.close}
          onClick={onClose}
        >
          <X size={16} aria-hidden="true" />
        </button>
      </div>
      <blockquote className="note-editor__quote">
        {truncateText(annotation.target.quote.exact, false).text}
      </blockquote>
      <div className="note-editor__colours" role="group" aria-label="Colour">
        {HIGHLIGHT_COLOURS.map((colour) => (
          <button
            key={colour}
            type="button"
            className={`study-swatch study-swatch--${colour}`}
            aria-label={NoteEditorText.colour(colour)}
            title={NoteEditorText.colour(colour)}
            aria-pressed={annotation.colour === colour}
            onClick={() => onChange({ colour })}
          />
        ))}
      </div>
      <label className="note-editor__label" htmlFor={noteId}>
        {NoteEditorText.note}
      </label>
      <textarea
        ref={noteRef}
        id={noteId}
        className="note-editor__note"
        value={note}
        maxLength={ANNOTATION_LIMITS.noteLength}
        rows={5}
        onChange={(event) => setNote(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) save();
        }}
      />
      {remaining < 500 && <p className="note-editor__left">{NoteEditorText.left(remaining)}</p>}
      <div className="note-editor__actions">
        <button type="button" className="note-editor__remove" onClick={onRemove}>
          <Trash2 size={16} aria-hidden="true" />
          {NoteEditorText.remove}
        </button>
        <button type="button" className="note-editor__save" onClick={save}>
          {NoteEditorText.save}
        </button>
      </div>
    </div>
  );
}
