import { useEffect, useState } from 'react';
import { ReaderMessage } from './pdf/load-error.ts';
import { pdfWorkerThread } from './pdf/worker-thread.ts';
import { readerBookId, removeOpeningOverlay } from './opening-handoff.ts';
import { prefetchBook } from './prefetch.ts';
import { headStarted } from './reader-head-start.ts';
import { ReaderError } from './ReaderError.tsx';
import { ReaderLoading } from './ReaderLoading.tsx';

/**
 * The reader route's light entry. The reader's code (pdf.js with it) loads only for this route, and as early
 * as possible: when the first address is a reader's, `startReaderEarly` starts it at app start, beside the
 * sign-in check, with pdf.js's worker and the book's first calls, instead of after it.
 */

type ReaderModule = typeof import('./ReaderPage.tsx');

let loading: Promise<ReaderModule> | null = null;
let loaded: ReaderModule | null = null;

/** Starts loading the reader's code and pdf.js's worker, once; later calls share the same load. */
export function preloadReader(): Promise<ReaderModule> {
  pdfWorkerThread();
  loading ??= import('./ReaderPage.tsx').then(
    (module) => (loaded = module),
    (error: unknown) => {
      // A failed load is tried again at the next visit to the route.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** At app start: when `pathname` is a reader's, its code, pdf.js's worker and the book's first calls start. */
export function startReaderEarly(pathname: string): void {
  if (!pathname.startsWith('/reader/')) return;
  // After the opening page's image and pdf.js (reader-head-start.ts): the image comes first.
  void headStarted.then(preloadReader).catch(() => undefined);
  const bookId = readerBookId(pathname);
  if (bookId !== null) prefetchBook(bookId);
}

/**
 * 'Loading book...' until the reader's code is there, then the reader. Not React.lazy: a Suspense fallback,
 * once shown, is kept at least 300 ms, longer than the code takes when it was preloaded.
 */
export function ReaderRoute() {
  const [module, setModule] = useState<ReaderModule | 'failed' | null>(loaded);
  // Leaving the reader before it showed its page leaves no picture of it behind.
  useEffect(() => removeOpeningOverlay, []);
  useEffect(() => {
    if (module !== null) return;
    let current = true;
    preloadReader().then(
      (ready) => current && setModule(ready),
      (error: unknown) => {
        console.error("the reader's code could not be loaded", error);
        if (current) setModule('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [module]);
  if (module === 'failed') return <ReaderError message={ReaderMessage.failedToLoad} />;
  return module ? <module.ReaderPage /> : <ReaderLoading />;
}
