import { describe, expect, it, vi } from 'vitest';
import type { PageReferences } from '@threadbook/contracts';
import { createPageStore } from './page-store.ts';

const spans: PageReferences = [
  {
    rect: { x: 0.1, y: 0.2, w: 0.1, h: 0.02 },
    text: 'Theorem 4.10',
    source: '3.1.2',
    target: '4.2.1',
    target_page: 9,
    target_y_start: 0.3,
    evidence: 'text',
  },
];

describe('createPageStore', () => {
  it('asks for a page once, tells its listeners and hands the targets on', async () => {
    const fetchPage = vi.fn(async () => spans);
    const onLoaded = vi.fn();
    const store = createPageStore(fetchPage, onLoaded);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.get(3)).toEqual([]);
    await Promise.all([store.load(3), store.load(3)]);
    await store.load(3);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(store.get(3)).toBe(spans);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(onLoaded).toHaveBeenCalledWith(3, spans);
  });

  it('asks again after a failure', async () => {
    const fetchPage = vi
      .fn<(page: number) => Promise<PageReferences | null>>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(null)
      .mockResolvedValueOnce(spans);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = createPageStore(fetchPage);
    expect(await store.load(1)).toEqual([]);
    expect(await store.load(1)).toEqual([]);
    expect(await store.load(1)).toBe(spans);
  });
});
