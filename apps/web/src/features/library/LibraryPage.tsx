import { Suspense, useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BookOpen, CircleCheck, LoaderCircle, TriangleAlert, X } from 'lucide-react';
import type { BookListItem, Upload, UploadsResponse } from '@threadbook/contracts';
import { AddBookDialog } from './dialogs.ts';
import { AddBookTile } from './AddBookTile.tsx';
import { BookTile } from './BookTile.tsx';
import { DropOverlay } from './DropOverlay.tsx';
import { SendingTile, UploadTile } from './UploadTile.tsx';
import { useAddBook, type LibraryNotice } from './use-add-book.ts';
import { useBooks } from './use-books.ts';
import { useFileDrop } from './use-file-drop.ts';
import { uploadsQueryKey, useUploads } from './use-uploads.ts';
import './library.css';

/** The sentence a screen reader hears when an upload moves on (a polite live region). */
function useAnnouncer() {
  const [message, setMessage] = useState('');
  const announce = useCallback((next: string) => setMessage(next), []);
  return { message, announce };
}

function Notice({ notice, onClose }: { notice: LibraryNotice; onClose: () => void }) {
  const error = notice.kind === 'error';
  return (
    <div
      className={`form-message library-notice ${error ? 'form-message--error' : 'library-notice--info'}`}
      role={error ? 'alert' : 'status'}
      data-testid="library-notice"
    >
      {error ? <TriangleAlert size={18} aria-hidden="true" /> : <CircleCheck size={18} aria-hidden="true" />}
      <span className="library-notice__text">{notice.text}</span>
      <button
        type="button"
        className="icon-button library-notice__close"
        aria-label="Dismiss"
        onClick={onClose}
      >
        <X size={16} aria-hidden="true" />
      </button>
    </div>
  );
}

/** docs/product.md §2 Library: 'My Books', then loading, an error, or the grid of book tiles (and the user's uploads). */
export function LibraryPage() {
  const state = useBooks();
  const { message, announce } = useAnnouncer();
  const [arrivalNotice, setArrivalNotice] = useState<LibraryNotice | null>(null);
  const arrived = useCallback(
    (_upload: Upload, already: boolean) =>
      setArrivalNotice(already ? { kind: 'info', text: 'Already in your library' } : null),
    [],
  );
  const uploads = useUploads(announce, arrived);
  const settings: Pick<UploadsResponse, 'enabled' | 'maxBookMb'> = uploads.data ?? {
    enabled: false,
    maxBookMb: 1,
  };
  const adding = useAddBook(settings.maxBookMb, announce, uploads.track);
  const dragging = useFileDrop(
    settings.enabled && adding.chosen === null,
    (file) => void adding.choose(file),
  );
  const client = useQueryClient();
  const uploadList = uploads.data?.uploads ?? [];
  const hasUploads = uploadList.length > 0 || adding.sending.length > 0;

  const uploadChanged = (removedId?: number) => {
    if (removedId !== undefined) uploads.forget(removedId);
    void client.invalidateQueries({ queryKey: uploadsQueryKey });
  };

  const grid = (books: BookListItem[]) => (
    <ul className="book-grid" aria-label="Books">
      {uploadList.map((upload) => (
        <li key={`upload-${upload.id}`} className="book-grid__item">
          <UploadTile upload={upload} onChanged={uploadChanged} />
        </li>
      ))}
      {adding.sending.map((item) => (
        <li key={`sending-${item.key}`} className="book-grid__item">
          <SendingTile item={item} onDismiss={() => adding.dismiss(item.key)} />
        </li>
      ))}
      {books.map((book) => (
        <li key={book.id} className="book-grid__item">
          <BookTile book={book} />
        </li>
      ))}
      {settings.enabled ? (
        <li className="book-grid__item">
          <AddBookTile onFile={(file) => void adding.choose(file)} />
        </li>
      ) : null}
    </ul>
  );

  return (
    <main className="page" id="main">
      <header className="page__header">
        <h1 className="page__title">My Books</h1>
      </header>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="upload-announcer">
        {message}
      </p>
      {adding.notice ? (
        <Notice notice={adding.notice} onClose={adding.clearNotice} />
      ) : arrivalNotice ? (
        <Notice notice={arrivalNotice} onClose={() => setArrivalNotice(null)} />
      ) : null}
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
      ) : state.books.length === 0 && !hasUploads ? (
        <>
          <div className="empty-state">
            <BookOpen className="empty-state__icon" size={40} aria-hidden="true" />
            <p className="empty-state__title">No books yet</p>
            <p className="empty-state__text library-empty__text">
              {settings.enabled ? 'Add a PDF of your own below. ' : null}Textbooks appear here once they are
              imported. Add one with <code className="library-empty__code">npm run import -- book.pdf</code>,
              or put PDFs in the library folder (<code className="library-empty__code">LIBRARY_DIR</code>) and
              restart the server.
            </p>
          </div>
          {settings.enabled ? grid([]) : null}
        </>
      ) : (
        grid(state.books)
      )}
      {settings.enabled ? (
        <Suspense fallback={null}>
          <AddBookDialog
            chosen={adding.chosen}
            onCancel={adding.cancel}
            onAdd={(t, a) => void adding.send(t, a)}
          />
        </Suspense>
      ) : null}
      {dragging ? <DropOverlay /> : null}
    </main>
  );
}
