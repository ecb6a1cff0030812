import { PDFDataRangeTransport } from 'pdfjs-dist';
import type { OpeningRanges } from './book-requests.ts';
import { fetchRange } from './range-fetch.ts';

/**
 * Feeds pdf.js the ranges it asks for with our own requests (decision 3): each carries the current ID token,
 * so a book read for longer than a token lives keeps loading pages. The file's start and end, fetched
 * before pdf.js asked (book-requests.ts), are given from memory. Failures go to `onFailure`, since pdf.js
 * itself would only wait for the missing bytes.
 */
export class BookRangeTransport extends PDFDataRangeTransport {
  readonly #path: string;
  readonly #onFailure: (error: unknown) => void;
  #tail: OpeningRanges['tail'] | null;
  readonly #controller = new AbortController();

  constructor(path: string, opening: OpeningRanges, onFailure: (error: unknown) => void) {
    super(opening.total, opening.head);
    this.#path = path;
    this.#tail = opening.tail;
    this.#onFailure = onFailure;
  }

  override requestDataRange(begin: number, end: number): void {
    const tail = this.#tail;
    if (tail && begin >= tail.begin && end <= tail.begin + tail.bytes.length) {
      // A copy: pdf.js may hand the buffer it gets over to its worker.
      this.onDataRange(begin, tail.bytes.slice(begin - tail.begin, end - tail.begin));
      return;
    }
    fetchRange(this.#path, begin, end, this.#controller.signal).then(
      ({ bytes }) => this.onDataRange(begin, bytes),
      (error: unknown) => {
        if (!this.#controller.signal.aborted) this.#onFailure(error);
      },
    );
  }

  /** Once the document is open, pdf.js keeps what it read: the end fetched ahead need not stay in memory. */
  releaseOpeningBytes(): void {
    this.#tail = null;
  }

  override abort(): void {
    this.#controller.abort();
  }
}
