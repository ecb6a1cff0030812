import { useState } from 'react';
import { useParams } from 'react-router';
import { useSavedReadingPosition } from './bookmarks/index.ts';
import { docIdError } from './pdf/load-error.ts';
import { showsPageImages } from '@threadbook/contracts';
import { useOpeningImage } from './opening/index.ts';
import { usePdfBook, type PdfBookPrefetch } from './pdf/use-pdf-book.ts';
import { takePrefetched } from './prefetch.ts';
import { useReaderPreferences } from './preferences/index.ts';
import { ReaderError } from './ReaderError.tsx';
import { ReaderLoading } from './ReaderLoading.tsx';
import { ReaderView } from './ReaderView.tsx';
import { useBookOutline } from './use-book-outline.ts';
import './reader.css';

/** What prefetch.ts asked for when the reader's address was opened directly, taken by the parts that use it. */
const prefetched: PdfBookPrefetch = {
  metadata: (bookId) => takePrefetched(bookId, 'metadata'),
  document: (bookId) => takePrefetched(bookId, 'document'),
};
const prefetchedPosition = (bookId: number) => takePrefetched(bookId, 'position');
const prefetchedImage = (bookId: number) => () => takePrefetched(bookId, 'openingImage');

/** docs/product.md §2 Reader: the document id is checked first, then the book loads. */
export function ReaderPage() {
  const { docId } = useParams();
  const error = docIdError(docId);
  if (error) return <ReaderError message={error} />;
  // Keyed by the id: opening another book starts again from 'Loading book...'.
  return <ReaderBook key={docId} bookId={Number(docId)} />;
}

function ReaderBook({ bookId }: { bookId: number }) {
  const book = usePdfBook(bookId, prefetched);
  // What the first page does not need waits until it is drawn.
  const [pageShown, setPageShown] = useState(false);
  const outline = useBookOutline(bookId, pageShown);
  // Asked for beside the book; a position that cannot be had opens the book at page 1.
  const saved = useSavedReadingPosition(bookId, prefetchedPosition);
  // The page colours are known before a page is drawn: a dark page never flashes white.
  const preferences = useReaderPreferences(() => takePrefetched(bookId, 'preferences'));
  // The page it opens at as an image: shown the moment the reader is there, until pdf.js has drawn it.
  const [takeImage] = useState(() => prefetchedImage(bookId));
  const pageCount = book.status === 'loaded' ? book.pdf.numPages : Number.MAX_SAFE_INTEGER;
  const openingPage = Math.min(Math.max(1, (saved.status === 'done' && saved.page) || 1), pageCount);
  const openingImage = useOpeningImage(
    bookId,
    openingPage,
    {
      wanted:
        saved.status === 'done' && preferences.status === 'done' && showsPageImages(preferences.preferences),
      done: pageShown,
    },
    takeImage,
  );
  if (book.status === 'error') return <ReaderError message={book.message} />;
  if (outline.status === 'error') return <ReaderError message={outline.message} />;
  if (book.status === 'loading' || saved.status === 'loading' || preferences.status === 'loading')
    return <ReaderLoading />;
  return (
    <ReaderView
      bookId={bookId}
      pdf={book.pdf}
      firstPage={book.firstPage}
      openingImage={openingImage}
      title={book.metadata.title}
      outline={outline.status === 'loaded' ? outline.outline : null}
      savedPage={saved.page}
      preferences={preferences.preferences}
      onPreferencesChange={preferences.change}
      onFirstPageShown={() => setPageShown(true)}
    />
  );
}
