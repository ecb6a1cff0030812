import { LoaderCircle } from 'lucide-react';
import { ReaderMessage } from './pdf/load-error.ts';
import './reader.css';

/** docs/product.md §2 reader loading state; light (no pdf.js), so the route can show it while the reader's code loads. */
export function ReaderLoading() {
  return (
    <main className="page" id="main">
      <div className="reader-status" role="status">
        <LoaderCircle className="spinner__icon reader-status__icon" size={28} aria-hidden="true" />
        <p>{ReaderMessage.loading}</p>
      </div>
    </main>
  );
}
