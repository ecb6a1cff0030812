import type { BookOutline } from '@threadbook/book';

export type ParsedOutline = Pick<BookOutline, 'bookTitle' | 'outline'>;
export type OutlineAnswer = ({ ok: true } & ParsedOutline) | { ok: false; message: string };

/** The XML could not be parsed into an outline. */
export class OutlineParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutlineParseError';
  }
}

/**
 * The outline of a book's XML, parsed in a worker thread (outline.worker.ts) so the main thread stays free
 * for the pages; where there are no workers (a test's DOM), on this thread. Rejects with an
 * OutlineParseError when the XML does not parse, and with the signal's reason when aborted.
 */
export function parseOutline(xml: string, signal: AbortSignal): Promise<ParsedOutline> {
  if (typeof Worker === 'undefined') {
    // Loaded only here: the XML parser is not part of the reader's code, which has the worker.
    return import('./build-outline.ts').then(({ buildBookOutline }) => {
      try {
        return buildBookOutline(xml);
      } catch (error) {
        throw new OutlineParseError(error instanceof Error ? error.message : String(error));
      }
    });
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./outline.worker.ts', import.meta.url), { type: 'module' });
    const finish = () => {
      worker.terminate();
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event: MessageEvent<OutlineAnswer>) => {
      finish();
      const answer = event.data;
      if (answer.ok) resolve({ bookTitle: answer.bookTitle, outline: answer.outline });
      else reject(new OutlineParseError(answer.message));
    };
    worker.onerror = (event) => {
      finish();
      reject(new OutlineParseError(event.message || 'the outline worker failed'));
    };
    worker.postMessage(xml);
  });
}
