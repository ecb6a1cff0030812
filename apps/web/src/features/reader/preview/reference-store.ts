import type { PageReferences } from '@threadbook/contracts';

const NONE: PageReferences = [];

/** The reference spans of a book's pages, each page asked for once, kept for the reading session. */
export interface ReferenceStore {
  /** The page's spans when they are here ([] until then, or when the call failed). */
  get(page: number): PageReferences;
  /** Asks for the page's spans unless they are here or on their way. */
  load(page: number): Promise<PageReferences>;
  subscribe(listener: () => void): () => void;
}

export function createReferenceStore(
  fetchPage: (page: number) => Promise<PageReferences | null>,
  onLoaded?: (page: number, spans: PageReferences) => void,
): ReferenceStore {
  const loaded = new Map<number, PageReferences>();
  const pending = new Map<number, Promise<PageReferences>>();
  const listeners = new Set<() => void>();
  return {
    get: (page) => loaded.get(page) ?? NONE,
    load(page) {
      const known = loaded.get(page);
      if (known) return Promise.resolve(known);
      const waiting = pending.get(page);
      if (waiting) return waiting;
      const request = fetchPage(page)
        .catch((error: unknown) => {
          console.warn(`the references of page ${page} could not be fetched`, error);
          return null;
        })
        .then((spans) => {
          pending.delete(page);
          // A failure is not remembered: the page asks again the next time it is drawn.
          if (!spans) return NONE;
          loaded.set(page, spans);
          onLoaded?.(page, spans);
          for (const listener of listeners) listener();
          return spans;
        });
      pending.set(page, request);
      return request;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
