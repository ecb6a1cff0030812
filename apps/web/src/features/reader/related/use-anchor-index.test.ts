import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSignedInApi } from '../../../test/signed-in-api.ts';
import type { BookGraphResponse } from '@threadbook/contracts';
import { useAnchorIndex } from './use-anchor-index.ts';
import { withQueryClient } from '../../../test/query-client.tsx';

const GRAPH: BookGraphResponse = {
  nodes: [
    { id: '3.2.1', section: '3.2', chapter: '3', page: 41, y_start: 0.1 },
    { id: '3.2.2', section: '3.2', chapter: '3', page: 41, y_start: 0.35 },
    { id: '3.2.4', section: '3.2', chapter: '3', page: 42, y_start: 0.08 },
  ],
  edges: [
    {
      source: '3.2.4',
      target: '3.2.1',
      type: 'BACKGROUND',
      justification: 'Uses the definition of a group.',
      score: 0.9,
    },
  ],
};

type Answer = (url: string, init?: RequestInit) => Response | Promise<Response>;

function serve(answer: Answer) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    answer(String(input), init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('useAnchorIndex', () => {
  const logged = useSignedInApi();

  it("has no anchors until the graph comes, then the graph's anchors and places", async () => {
    let release: (response: Response) => void = () => {};
    const fetchMock = serve(() => new Promise<Response>((resolve) => (release = resolve)));
    const { result } = renderHook(() => useAnchorIndex(12), { wrapper: withQueryClient() });
    expect(result.current.anchorsOn(41)).toEqual([]);
    expect(result.current.placeOf('3.2.1')).toBeUndefined();

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/graph/books/12/graph');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer id-token');
    release(Response.json(GRAPH));

    await waitFor(() => expect(result.current.anchorsOn(41).map((anchor) => anchor.id)).toEqual(['3.2.1']));
    expect(result.current.anchorsOn(42).map((anchor) => anchor.id)).toEqual(['3.2.4']);
    expect(result.current.placeOf('3.2.2')).toEqual({ id: '3.2.2', page: 41, yStart: 0.35, yEnd: 0.92 });
  });

  it('only logs a refused graph call and shows no anchors', async () => {
    serve(() => new Response('{}', { status: 404, statusText: 'Not Found' }));
    const { result } = renderHook(() => useAnchorIndex(12), { wrapper: withQueryClient() });
    await waitFor(() =>
      expect(logged.error).toHaveBeenCalledWith('the relationship graph of book 12 could not be fetched'),
    );
    expect(result.current.anchorsOn(41)).toEqual([]);
  });

  it('only logs a failed graph call and shows no anchors', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    const { result } = renderHook(() => useAnchorIndex(12), { wrapper: withQueryClient() });
    await waitFor(() =>
      expect(logged.error).toHaveBeenCalledWith(
        'the relationship graph of book 12 could not be fetched',
        new TypeError('Failed to fetch'),
      ),
    );
    expect(result.current.anchorsOn(41)).toEqual([]);
  });

  it('aborts the call when unmounted before the answer, without logging', async () => {
    const fetchMock = serve(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          ),
        ),
    );
    const { unmount } = renderHook(() => useAnchorIndex(12), { wrapper: withQueryClient() });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    unmount();
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(logged.error).not.toHaveBeenCalled();
  });

  it("fetches the other book's graph when the book changes", async () => {
    const fetchMock = serve(() => Response.json(GRAPH));
    const { rerender } = renderHook(({ bookId }) => useAnchorIndex(bookId), {
      wrapper: withQueryClient(),
      initialProps: { bookId: 12 },
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    rerender({ bookId: 7 });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/api/graph/books/7/graph');
  });
});
