import { describe, expect, it } from 'vitest';
import { initialReaderState } from './reader-state.ts';
import { createReaderStore } from './store.tsx';

/** A store whose "after the next paint" is run by the test. */
function storeWithFrames() {
  const pending: (() => void)[] = [];
  const store = createReaderStore(initialReaderState(300), (task) => pending.push(task));
  const paint = () => pending.splice(0).forEach((task) => task());
  return { store, pending, paint };
}

describe('the reader store', () => {
  it('tells its listeners of a change at once, and its late listeners after the paint, once for several', () => {
    const { store, pending, paint } = storeWithFrames();
    const heard: string[] = [];
    store.subscribe(() => heard.push(`now ${store.getState().page}`));
    store.subscribeAfterPaint(() => heard.push(`late ${store.getState().page}`));

    store.dispatch({ type: 'pageChanged', page: 2 });
    store.dispatch({ type: 'pageChanged', page: 3 });
    expect(heard).toEqual(['now 2', 'now 3']);
    expect(pending).toHaveLength(1);

    paint();
    expect(heard).toEqual(['now 2', 'now 3', 'late 3']);
    store.dispatch({ type: 'pageChanged', page: 4 });
    paint();
    expect(heard.slice(3)).toEqual(['now 4', 'late 4']);
  });

  it('waits for no paint when nothing changed or no late listener is left', () => {
    const { store, pending } = storeWithFrames();
    store.dispatch({ type: 'pageChanged', page: 5 });
    expect(pending).toHaveLength(0);
    const stop = store.subscribeAfterPaint(() => undefined);
    store.dispatch({ type: 'pageChanged', page: 5 });
    expect(pending).toHaveLength(0);
    stop();
    store.dispatch({ type: 'pageChanged', page: 6 });
    expect(pending).toHaveLength(0);
  });
});
