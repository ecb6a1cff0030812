import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import {
  createReaderStore,
  initialReaderState,
  ReaderStoreProvider,
  type ReaderAction,
  type ReaderState,
  type ReaderStore,
} from '../features/reader/state/index.ts';
import { withQueryClient } from './query-client.tsx';

/**
 * Renders a part of the reader with a reader store of `state` (a 350-page book on page 1 otherwise) and a
 * query client of its own, and records every action dispatched to it (also told to `onDispatch`).
 */
export function renderWithReaderStore(
  ui: ReactElement,
  state: Partial<ReaderState> = {},
  onDispatch?: (action: ReaderAction) => void,
) {
  const base = createReaderStore({ ...initialReaderState(350), ...state });
  const actions: ReaderAction[] = [];
  const store: ReaderStore = {
    ...base,
    dispatch(action) {
      actions.push(action);
      onDispatch?.(action);
      base.dispatch(action);
    },
  };
  const QueryClient = withQueryClient();
  const wrap = (node: ReactElement) => (
    <QueryClient>
      <ReaderStoreProvider store={store}>{node}</ReaderStoreProvider>
    </QueryClient>
  );
  const view = render(wrap(ui));
  return { ...view, store, actions, rerender: (node: ReactElement) => view.rerender(wrap(node)) };
}

/** Plays the page view's part: each navigation request shows its page, as PdfView reports it. */
export function followNavigation(store: ReaderStore): () => void {
  let last = store.getState().navigation;
  return store.subscribe(() => {
    const { navigation } = store.getState();
    if (navigation === last) return;
    last = navigation;
    if (navigation) store.dispatch({ type: 'pageChanged', page: navigation.pageNumber });
  });
}
