import { Link, useParams } from 'react-router';
import { BookOpenText, TriangleAlert } from 'lucide-react';

/** SPEC §5: the document id must be numeric. */
export function docIdError(docId: string | undefined): string | null {
  if (docId === undefined || docId === '') return 'No document ID provided';
  if (!/^\d+$/.test(docId)) return 'Invalid document ID';
  return null;
}

/** SPEC §2 Reader. Placeholder until the reader issue: validates the id and says the reader is coming. */
export function ReaderPage() {
  const { docId } = useParams();
  const error = docIdError(docId);
  return (
    <main className="page" id="main">
      {error ? (
        <div className="empty-state" role="alert">
          <TriangleAlert
            className="empty-state__icon empty-state__icon--danger"
            size={40}
            aria-hidden="true"
          />
          <h1 className="empty-state__title">Error Loading Book</h1>
          <p className="empty-state__text">{error}</p>
          <Link className="link" to="/library">
            Back to Library
          </Link>
        </div>
      ) : (
        <div className="empty-state">
          <BookOpenText className="empty-state__icon" size={40} aria-hidden="true" />
          <h1 className="empty-state__title">Reader</h1>
          <p className="empty-state__text">The reader for book {docId} is coming soon.</p>
          <Link className="link" to="/library">
            Back to Library
          </Link>
        </div>
      )}
    </main>
  );
}
