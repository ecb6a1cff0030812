import { useId } from 'react';
import { Link } from 'react-router';
import { FileText } from 'lucide-react';
import type { BookListItem } from '@threadbook/contracts';
import { BookCover } from './BookCover.tsx';

/** One book of the library: cover, title, author and the 'Open PDF' link to the reader. */
export function BookTile({ book }: { book: BookListItem }) {
  const titleId = useId();
  return (
    <article className="book-tile" aria-labelledby={titleId} data-testid="book-tile">
      <BookCover id={book.id} title={book.title} />
      <div className="book-tile__body">
        <div className="book-tile__text">
          <h2 className="book-tile__title" id={titleId}>
            {book.title}
          </h2>
          {book.author ? <p className="book-tile__author">{book.author}</p> : null}
        </div>
        <Link
          className="button button--secondary book-tile__open"
          to={`/reader/${book.id}`}
          aria-describedby={titleId}
        >
          <FileText size={18} aria-hidden="true" />
          Open PDF
        </Link>
      </div>
    </article>
  );
}
