import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSignedInApi } from '../../../test/signed-in-api.ts';
import type { BookGraphResponse, RelatedParagraphsResponse } from '@threadbook/contracts';
import { buildAnchorIndex } from './anchor-index.ts';
import { RelatedMessage, useRelated } from './use-related.ts';
import { withQueryClient } from '../../../test/query-client.tsx';

const QUERY = 'max_distance=1&limit=10&page=1&page_size=20';
const relatedUrl = (paragraphId: string) => `/api/graph/books/12/paragraphs/${paragraphId}/related?${QUERY}`;

const answerFor = (id: string, page: number): RelatedParagraphsResponse => ({
  source_node: { id, page, y_start: 0.2, text: `Paragraph ${id}.` },
  related: [
    {
      relationship_type: 'EXAMPLE',
      node: { id: '4.1.1', page: 50, y_start: 0.3, text: 'An example.' },
      justification: 'Illustrates it.',
      score: 0.7,
      distance: 1,
    },
  ],
  total: 1,
  page: 1,
  page_size: 20,
  total_pages: 1,
});

/**
 * Stubs fetch: each related call waits until the test answers it with `answer(url, response)`. A call whose
 * signal is aborted rejects as fetch does.
 */
function serveManually() {
  const waiting = new Map<string, (response: Response) => void>();
  const fetchMock = vi.fn(
    (input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        waiting.set(String(input), resolve);
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const answer = async (url: string, response: Response) => {
    await waitFor(() => expect(waiting.has(url)).toBe(true));
    waiting.get(url)?.(response);
  };
  return { fetchMock, answer };
}

describe('useRelated', () => {
  const logged = useSignedInApi();

  it('is idle and calls nothing while no paragraph is selected', () => {
    const { fetchMock } = serveManually();
    const { result } = renderHook(() => useRelated(12, null), { wrapper: withQueryClient() });
    expect(result.current).toEqual({ status: 'idle' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is loading until the answer comes, then loaded with it', async () => {
    const { answer } = serveManually();
    const { result } = renderHook(() => useRelated(12, '3.2.4'), { wrapper: withQueryClient() });
    expect(result.current).toEqual({ status: 'loading' });
    await answer(relatedUrl('3.2.4'), Response.json(answerFor('3.2.4', 42)));
    await waitFor(() =>
      expect(result.current).toEqual({ status: 'loaded', response: answerFor('3.2.4', 42) }),
    );
  });

  it('is an error with the failed text when the API refuses', async () => {
    const { answer } = serveManually();
    const { result } = renderHook(() => useRelated(12, '3.2.4'), { wrapper: withQueryClient() });
    await answer(
      relatedUrl('3.2.4'),
      new Response('{}', { status: 500, statusText: 'Internal Server Error' }),
    );
    await waitFor(() =>
      expect(result.current).toEqual({ status: 'error', message: 'Failed to fetch related paragraphs' }),
    );
    expect(RelatedMessage.failed).toBe('Failed to fetch related paragraphs');
  });

  it('is an error with the exception text, logged, when the call fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { result } = renderHook(() => useRelated(12, '3.2.4'), { wrapper: withQueryClient() });
    await waitFor(() =>
      expect(result.current).toEqual({
        status: 'error',
        message: 'An error occurred while fetching relationships',
      }),
    );
    expect(logged.error).toHaveBeenCalledWith(
      'the relationships of paragraph 3.2.4 could not be fetched',
      new TypeError('Failed to fetch'),
    );
  });

  it("is loading again for a new selection until that selection's own answer comes", async () => {
    const { answer } = serveManually();
    const { result, rerender } = renderHook(({ id }) => useRelated(12, id), {
      wrapper: withQueryClient(),
      initialProps: { id: '3.2.4' as string | null },
    });
    await answer(relatedUrl('3.2.4'), Response.json(answerFor('3.2.4', 42)));
    await waitFor(() => expect(result.current.status).toBe('loaded'));

    rerender({ id: '3.3.1' });
    expect(result.current).toEqual({ status: 'loading' });
    await answer(relatedUrl('3.3.1'), Response.json(answerFor('3.3.1', 42)));
    await waitFor(() =>
      expect(result.current).toEqual({ status: 'loaded', response: answerFor('3.3.1', 42) }),
    );
  });

  it('aborts the call of a selection left before its answer, without an error', async () => {
    const { fetchMock, answer } = serveManually();
    const { result, rerender } = renderHook(({ id }) => useRelated(12, id), {
      wrapper: withQueryClient(),
      initialProps: { id: '3.2.4' as string | null },
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    rerender({ id: '3.3.1' });
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);

    await answer(relatedUrl('3.3.1'), Response.json(answerFor('3.3.1', 42)));
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    expect(logged.error).not.toHaveBeenCalled();
  });

  it('is idle again when the selection is cleared', async () => {
    const { answer } = serveManually();
    const { result, rerender } = renderHook(({ id }) => useRelated(12, id), {
      wrapper: withQueryClient(),
      initialProps: { id: '3.2.4' as string | null },
    });
    await answer(relatedUrl('3.2.4'), Response.json(answerFor('3.2.4', 42)));
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    rerender({ id: null });
    expect(result.current).toEqual({ status: 'idle' });
  });
});

describe('useRelated with the book graph the reader holds', () => {
  const logged = useSignedInApi();

  /** 3.2.4 has twelve relationships: one of each from its own side, the rest as the target of an edge. */
  const edges: BookGraphResponse['edges'] = [
    { source: '3.2.4', target: '3.1.1', type: 'BACKGROUND', score: 0.5, justification: 'Uses cosets.' },
    { source: '5.1.1', target: '3.2.4', type: 'BACKGROUND', score: 0.9, justification: 'Builds on it.' },
    // The same two paragraphs twice: the better edge stands.
    { source: '3.2.4', target: '5.1.1', type: 'RELATED', score: 0.3, justification: 'Shares ideas.' },
    ...Array.from({ length: 10 }, (_, index) => ({
      source: `4.1.${index + 1}`,
      target: '3.2.4',
      type: 'EXAMPLE' as const,
      score: 0.4 - index * 0.01,
      justification: `Example ${index + 1}.`,
    })),
  ];
  const ids = ['3.1.1', '3.2.4', '5.1.1', ...Array.from({ length: 10 }, (_, index) => `4.1.${index + 1}`)];
  const graph = buildAnchorIndex({
    nodes: ids.map((id, index) => ({ id, section: '', chapter: '', page: 40 + index, y_start: 0.1 })),
    edges,
  });
  const placed = (id: string) => ({ id, page: 40 + ids.indexOf(id), y_start: 0.1, text: `Text of ${id}.` });
  const textsUrl = (wanted: string[]) => `/api/graph/books/12/paragraphs?ids=${wanted.join(',')}`;
  /** docs/product.md §9: ten of the eleven, best first; the inverse type seen from a target. */
  const ranked = ['5.1.1', '3.1.1', '4.1.1', '4.1.2', '4.1.3', '4.1.4', '4.1.5', '4.1.6', '4.1.7', '4.1.8'];

  it('ranks from the graph and asks only for the texts, answering as the related call would', async () => {
    const { fetchMock, answer } = serveManually();
    const { result } = renderHook(() => useRelated(12, '12:3.2.4', graph), { wrapper: withQueryClient() });
    expect(result.current).toEqual({ status: 'loading' });
    await answer(
      textsUrl(['3.2.4', ...ranked]),
      Response.json({ paragraphs: ['3.2.4', ...ranked].map(placed) }),
    );
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const response = (result.current as { response: RelatedParagraphsResponse }).response;
    expect(response.source_node).toEqual(placed('3.2.4'));
    expect(response.related.map((item) => item.node.id)).toEqual(ranked);
    expect(response.related[0]).toEqual({
      relationship_type: 'ELABORATION',
      node: placed('5.1.1'),
      justification: 'Builds on it.',
      score: 0.9,
      distance: 1,
    });
    expect(response.related[1]!.relationship_type).toBe('BACKGROUND');
    expect(response.related[2]!.relationship_type).toBe('EXAMPLE');
    expect(response).toMatchObject({ total: 10, page: 1, page_size: 20, total_pages: 1 });
  });

  it('leaves out a paragraph the texts call no longer knows, and fails when it does not know the source', async () => {
    const { answer } = serveManually();
    const { result, rerender } = renderHook(({ id }) => useRelated(12, id, graph), {
      wrapper: withQueryClient(),
      initialProps: { id: '3.2.4' },
    });
    const known = ['3.2.4', ...ranked].filter((id) => id !== '3.1.1');
    await answer(textsUrl(['3.2.4', ...ranked]), Response.json({ paragraphs: known.map(placed) }));
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    const response = (result.current as { response: RelatedParagraphsResponse }).response;
    expect(response.related.map((item) => item.node.id)).toEqual(ranked.filter((id) => id !== '3.1.1'));

    rerender({ id: '3.1.1' });
    await answer(textsUrl(['3.1.1', '3.2.4']), Response.json({ paragraphs: [placed('3.2.4')] }));
    await waitFor(() => expect(result.current).toEqual({ status: 'error', message: RelatedMessage.failed }));
    expect(logged.error).not.toHaveBeenCalled();
  });

  it('is the failed text when the texts call is refused', async () => {
    const { answer } = serveManually();
    const { result } = renderHook(() => useRelated(12, '3.2.4', graph), { wrapper: withQueryClient() });
    await answer(
      textsUrl(['3.2.4', ...ranked]),
      new Response('{}', { status: 404, statusText: 'Not Found' }),
    );
    await waitFor(() => expect(result.current).toEqual({ status: 'error', message: RelatedMessage.failed }));
  });

  it('asks the related call for a paragraph the graph does not hold', async () => {
    const { answer } = serveManually();
    const { result } = renderHook(() => useRelated(12, '9.9.9', graph), { wrapper: withQueryClient() });
    await answer(relatedUrl('9.9.9'), Response.json(answerFor('9.9.9', 42)));
    await waitFor(() =>
      expect(result.current).toEqual({ status: 'loaded', response: answerFor('9.9.9', 42) }),
    );
  });
});
