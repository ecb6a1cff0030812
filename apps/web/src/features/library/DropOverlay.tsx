import { FileUp } from 'lucide-react';

/** Shown while files are dragged over the Library: dropping a PDF adds it. */
export function DropOverlay() {
  return (
    <div className="drop-overlay" data-testid="drop-overlay" aria-hidden="true">
      <div className="drop-overlay__panel">
        <FileUp size={40} strokeWidth={1.5} />
        <p className="drop-overlay__text">Drop a PDF to add it to your library</p>
      </div>
    </div>
  );
}
