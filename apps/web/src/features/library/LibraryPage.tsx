import { BookOpen, LoaderCircle, TriangleAlert } from 'lucide-react';
import { BookTile } from './BookTile.tsx';
import { useBooks } from './use-books.ts';
import './library.css';

/** SPEC §2 Library: 'My Books', then loading, an error, or the grid of book tiles. */
export function LibraryPage() {
  const state = useBooks();
  return (
    <main className="page" id="main">
      <header className="page__header">
        <h1 className="page__title">My Books</h1>
      </header>
      {state.status === 'loading' ? (
        <div className="library-status" role="status">
          <LoaderCircle className="spinner__icon library-status__icon" size={28} aria-hidden="true" />
          <p>Loading books...</p>
        </div>
      ) : state.status === 'error' ? (
        <div className="empty-state" role="alert">
          <TriangleAlert
            className="empty-state__icon empty-state__icon--danger"
            size={40}
            aria-hidden="true"
          />
          <p className="empty-state__title">Error: {state.message}</p>
        </div>
      ) : state.books.length === 0 ? (
        <div className="empty-state">
          <BookOpen className="empty-state__icon" size={40} aria-hidden="true" />
          <p className="empty-state__title">No books yet</p>
          <p className="empty-state__text library-empty__text">
            Textbooks appear here once they are imported. Add one with{' '}
            <code className="library-empty__code">npm run import -- book.pdf</code>, or put PDFs in the
            library folder (<code className="library-empty__code">LIBRARY_DIR</code>) and restart the server.
          </p>
        </div>
      ) : (
        <ul className="book-grid" aria-label="Books">
          {state.books.map((book) => (
            <li key={book.id} className="book-grid__item">
              <BookTile book={book} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
