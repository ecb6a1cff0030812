import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSignedInApi } from '../../../test/signed-in-api.ts';
import type { RelatedParagraphsResponse } from '@threadbook/contracts';
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
