/**
 * What the server knows of each page of a book for the reader's hover (its references, its defined
 * terms), each page asked for once, kept for the reading session.
 */
export interface PageStore<Item> {
  /** The page's items when they are here ([] until then, or when the call failed). */
  get(page: number): readonly Item[];
  /** Asks for the page's items unless they are here or on their way. */
  load(page: number): Promise<readonly Item[]>;
  subscribe(listener: () => void): () => void;
}

const NONE: readonly never[] = [];

export function createPageStore<Item>(
  fetchPage: (page: number) => Promise<readonly Item[] | null>,
  onLoaded?: (page: number, items: readonly Item[]) => void,
  /** What the items are, for the console when a page's call fails. */
  what = 'items',
): PageStore<Item> {
  const loaded = new Map<number, readonly Item[]>();
  const pending = new Map<number, Promise<readonly Item[]>>();
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
          console.warn(`the ${what} of page ${page} could not be fetched`, error);
          return null;
        })
        .then((items) => {
          pending.delete(page);
          // A failure is not remembered: the page asks again the next time it is drawn.
          if (!items) return NONE;
          loaded.set(page, items);
          onLoaded?.(page, items);
          for (const listener of listeners) listener();
          return items;
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
