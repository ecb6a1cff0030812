import { Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { FileText, Lock, Pencil, Trash2 } from 'lucide-react';
import type { BookListItem } from '@threadbook/contracts';
import { BookCover } from './BookCover.tsx';
import { RemoveBookDialog, RenameBookDialog } from './dialogs.ts';

/**
 * One book of the library: cover, title, author and the 'Open PDF' link to the reader. A book the user
 * added (private) is marked so, and can be renamed and removed.
 */
export function BookTile({ book }: { book: BookListItem }) {
  const titleId = useId();
  const [dialog, setDialog] = useState<'rename' | 'remove' | null>(null);
  return (
    <article className="book-tile" aria-labelledby={titleId} data-testid="book-tile">
      <BookCover id={book.id} title={book.title} />
      <div className="book-tile__body">
        <div className="book-tile__text">
          {book.private ? (
            <span className="book-tile__badge">
              <Lock size={12} aria-hidden="true" />
              Private
            </span>
          ) : null}
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
        {book.private ? (
          <div className="book-tile__actions">
            <button
              type="button"
              className="button button--ghost book-tile__action"
              aria-describedby={titleId}
              onClick={() => setDialog('rename')}
            >
              <Pencil size={14} aria-hidden="true" />
              Rename
            </button>
            <button
              type="button"
              className="button button--ghost book-tile__action"
              aria-describedby={titleId}
              onClick={() => setDialog('remove')}
            >
              <Trash2 size={14} aria-hidden="true" />
              Remove
            </button>
            <Suspense fallback={null}>
              <RenameBookDialog
                book={book}
                open={dialog === 'rename'}
                onOpenChange={(open) => setDialog(open ? 'rename' : null)}
              />
              <RemoveBookDialog
                book={book}
                open={dialog === 'remove'}
                onOpenChange={(open) => setDialog(open ? 'remove' : null)}
              />
            </Suspense>
          </div>
        ) : null}
      </div>
    </article>
  );
}
