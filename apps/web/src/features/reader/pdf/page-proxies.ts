import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';

/**
 * A book's pages as pdf.js proxies, asked for ahead once the reader has drawn its first page, as pdf.js's
 * own viewer does: a page a jump lands on is drawn at once, instead of first asking the worker for the
 * page and waiting a render for its answer (about a third of a table-of-contents jump).
 */
export interface PageProxies {
  /** Page `page`'s proxy, when it has come. */
  get(page: number): PDFPageProxy | undefined;
  /** Asks for every page, one at a time (a jump's own requests never queue behind hundreds); once. */
  fetchAll(): void;
  /** Asks for no more (the book is closed). */
  stop(): void;
}

export function createPageProxies(pdf: PDFDocumentProxy): PageProxies {
  const known = new Map<number, PDFPageProxy>();
  let started = false;
  let stopped = false;
  const fetchAll = async () => {
    for (let page = 1; page <= pdf.numPages && !stopped; page++) {
      if (known.has(page)) continue;
      // A page that cannot be loaded is its page view's to report, when it is shown.
      const proxy = await pdf.getPage(page).catch(() => undefined);
      if (proxy) known.set(page, proxy);
    }
  };
  return {
    get: (page) => known.get(page),
    fetchAll() {
      if (started) return;
      started = true;
      void fetchAll();
    },
    stop() {
      stopped = true;
    },
  };
}
