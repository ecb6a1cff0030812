import { useEffect } from 'react';
import { Link } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { removeOpeningOverlay } from './opening-handoff.ts';
import { ReaderMessage } from './pdf/load-error.ts';

/**
 * docs/product.md §2: 'Error Loading Book' with the message, or 'An unexpected error occurred' without one. Light (no
 * pdf.js), so the route can show it when the reader's code itself cannot be loaded.
 */
export function ReaderError({ message }: { message: string }) {
  // The page that was shown as the book opened is not the book's any more.
  useEffect(removeOpeningOverlay, []);
  return (
    <main className="page" id="main">
      <div className="empty-state" role="alert">
        <TriangleAlert className="empty-state__icon empty-state__icon--danger" size={40} aria-hidden="true" />
        <h1 className="empty-state__title">{ReaderMessage.errorTitle}</h1>
        <p className="empty-state__text">{message || ReaderMessage.unexpected}</p>
        <Link className="link" to="/library">
          Back to Library
        </Link>
      </div>
    </main>
  );
}
