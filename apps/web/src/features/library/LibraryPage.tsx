import { BookOpen } from 'lucide-react';
import './library.css';

/** SPEC §2 Library. Placeholder until the books API lands: the heading and a short note. */
export function LibraryPage() {
  return (
    <main className="page" id="main">
      <header className="page__header">
        <h1 className="page__title">My Books</h1>
      </header>
      <div className="empty-state">
        <BookOpen className="empty-state__icon" size={40} aria-hidden="true" />
        <p className="empty-state__title">Your library is coming soon.</p>
        <p className="empty-state__text">Textbooks you can open and study will appear here.</p>
      </div>
    </main>
  );
}
