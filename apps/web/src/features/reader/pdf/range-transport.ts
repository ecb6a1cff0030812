import { PDFDataRangeTransport } from 'pdfjs-dist';
import { fetchRange } from './range-fetch.ts';

/**
 * Feeds pdf.js the ranges it asks for with our own requests (decision 3): each carries the current ID token,
 * so a book read for longer than a token lives keeps loading pages. Failures go to `onFailure`, since
 * pdf.js itself would only wait for the missing bytes.
 */
export class BookRangeTransport extends PDFDataRangeTransport {
  readonly #path: string;
  readonly #onFailure: (error: unknown) => void;
  readonly #controller = new AbortController();

  constructor(path: string, length: number, initialData: Uint8Array, onFailure: (error: unknown) => void) {
    super(length, initialData);
    this.#path = path;
    this.#onFailure = onFailure;
  }

  override requestDataRange(begin: number, end: number): void {
    fetchRange(this.#path, begin, end, this.#controller.signal).then(
      ({ bytes }) => this.onDataRange(begin, bytes),
      (error: unknown) => {
        if (!this.#controller.signal.aborted) this.#onFailure(error);
      },
    );
  }

  override abort(): void {
    this.#controller.abort();
  }
}
