import { createContext, use, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { afterNextPaint } from '../../../lib/after-paint.ts';
import { INDICATOR_FADE_MS, INDICATOR_GONE_MS } from '../model/index.ts';
import { readerReducer, type ReaderAction, type ReaderState } from './reader-state.ts';

/**
 * The reader's state held outside React's tree, so that a component re-renders only when what it selects
 * changes (the page changes on every scroll; the toolbar's history buttons need not follow).
 */
export interface ReaderStore {
  getState(): ReaderState;
  dispatch(action: ReaderAction): void;
  subscribe(listener: () => void): () => void;
  /** As `subscribe`, but told once the browser has painted the change (changes before it, once). */
  subscribeAfterPaint(listener: () => void): () => void;
}

export function createReaderStore(
  initial: ReaderState,
  afterPaint: (task: () => void) => void = afterNextPaint,
): ReaderStore {
  let state = initial;
  const listeners = new Set<() => void>();
  const lateListeners = new Set<() => void>();
  let lateCallPending = false;
  const callLateListeners = () => {
    lateCallPending = false;
    for (const listener of lateListeners) listener();
  };
  return {
    getState: () => state,
    dispatch(action) {
      const next = readerReducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
      if (lateListeners.size > 0 && !lateCallPending) {
        lateCallPending = true;
        afterPaint(callLateListeners);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeAfterPaint(listener) {
      lateListeners.add(listener);
      return () => lateListeners.delete(listener);
    },
  };
}

const ReaderStoreContext = createContext<ReaderStore | null>(null);

/** Gives the reader's components its store, and runs the jump arrow's timers. */
export function ReaderStoreProvider({ store, children }: { store: ReaderStore; children: ReactNode }) {
  return (
    <ReaderStoreContext value={store}>
      <JumpIndicatorTimers store={store} />
      {children}
    </ReaderStoreContext>
  );
}

export function useReaderStore(): ReaderStore {
  const store = use(ReaderStoreContext);
  if (!store) throw new Error('useReaderStore needs a ReaderStoreProvider');
  return store;
}

/** What `select` picks from the reader's state; the component re-renders when it changes (Object.is). */
export function useReaderState<T>(select: (state: ReaderState) => T): T {
  const store = useReaderStore();
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}

/**
 * As `useReaderState`, for what a page turn need not hold up (the anchors of the page turned to): the
 * component follows a change once the browser has painted it, so the frame that shows the turn comes first.
 * A render for another reason reads the state as it is.
 */
export function useReaderStateAfterPaint<T>(select: (state: ReaderState) => T): T {
  const store = useReaderStore();
  return useSyncExternalStore(store.subscribeAfterPaint, () => select(store.getState()));
}

export function useReaderDispatch(): ReaderStore['dispatch'] {
  return useReaderStore().dispatch;
}

/**
 * docs/product.md §4, §9: the jump arrow fades at 2 s and is gone at 2.5 s. The clock starts when the arrow is on
 * screen (after the commit), not when the jump was asked for: on a busy main thread the render can lag the
 * click, and the reader must still see it for the full 2 s.
 */
function JumpIndicatorTimers({ store }: { store: ReaderStore }) {
  const serial = useSyncExternalStore(store.subscribe, () => store.getState().indicator?.serial);
  useEffect(() => {
    if (serial === undefined) return;
    const fade = window.setTimeout(
      () => store.dispatch({ type: 'indicatorFaded', serial }),
      INDICATOR_FADE_MS,
    );
    const gone = window.setTimeout(
      () => store.dispatch({ type: 'indicatorGone', serial }),
      INDICATOR_GONE_MS,
    );
    return () => {
      window.clearTimeout(fade);
      window.clearTimeout(gone);
    };
  }, [store, serial]);
  return null;
}
