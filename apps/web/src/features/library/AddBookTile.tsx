import { useRef } from 'react';
import { Plus } from 'lucide-react';

/** The "Add a book" tile: a button opening the file picker for a PDF. */
export function AddBookTile({ onFile }: { onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="add-book-tile">
      <button type="button" className="add-book-tile__button" onClick={() => input.current?.click()}>
        <Plus size={32} strokeWidth={1.5} aria-hidden="true" />
        <span className="add-book-tile__label">Add a book</span>
        <span className="add-book-tile__hint">Choose a PDF, or drop one here</span>
      </button>
      <input
        ref={input}
        type="file"
        accept="application/pdf,.pdf"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="add-book-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file may be chosen again later.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
