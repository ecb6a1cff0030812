import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSignedInApi } from '../../../test/signed-in-api.ts';
import { summaryButtonLabel, useSummary } from './use-summary.ts';
import { withQueryClient } from '../../../test/query-client.tsx';

const REQUEST = {
  relationship_type: 'ELABORATION',
  source_paragraph: '3.2.1',
  related_paragraph: '3.2.4',
} as const;

/** Stubs fetch: every call waits until the test answers it; an aborted call rejects as fetch does. */
function serveManually() {
  const pending: Array<(response: Response) => void> = [];
  const fetchMock = vi.fn(
    (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        pending.push(resolve);
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const answer = async (response: Response) => {
    await waitFor(() => expect(pending.length).toBeGreaterThan(0));
    pending.shift()?.(response);
  };
  return { fetchMock, answer };
}

describe('summaryButtonLabel', () => {
  it('names each state of the explain button', () => {
    expect(summaryButtonLabel({ status: 'none', warning: null })).toBe('Explain Relationship');
    expect(summaryButtonLabel({ status: 'none', warning: 'Failed to generate summary' })).toBe(
      'Explain Relationship',
    );
    expect(summaryButtonLabel({ status: 'generating' })).toBe('Generating...');
    expect(summaryButtonLabel({ status: 'shown', text: 'x' })).toBe('Hide Summary');
    expect(summaryButtonLabel({ status: 'hidden', text: 'x' })).toBe('Show Summary');
  });
});

describe('useSummary', () => {
  const logged = useSignedInApi();

  it('generates on the first press, then only shows and hides the kept text', async () => {
    const { fetchMock, answer } = serveManually();
    const { result } = renderHook(() => useSummary(12, REQUEST), { wrapper: withQueryClient() });
    expect(result.current[0]).toEqual({ status: 'none', warning: null });

    act(() => result.current[1]());
    expect(result.current[0]).toEqual({ status: 'generating' });
    await answer(Response.json({ summary: '3.2.4 extends the definition in 3.2.1.' }));
    await waitFor(() =>
      expect(result.current[0]).toEqual({ status: 'shown', text: '3.2.4 extends the definition in 3.2.1.' }),
    );

    act(() => result.current[1]());
    expect(result.current[0]).toEqual({ status: 'hidden', text: '3.2.4 extends the definition in 3.2.1.' });
    act(() => result.current[1]());
    expect(result.current[0]).toEqual({ status: 'shown', text: '3.2.4 extends the definition in 3.2.1.' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('ignores presses while generating', async () => {
    const { fetchMock } = serveManually();
    const { result } = renderHook(() => useSummary(12, REQUEST), { wrapper: withQueryClient() });
    act(() => result.current[1]());
    act(() => result.current[1]());
    act(() => result.current[1]());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(result.current[0]).toEqual({ status: 'generating' });
  });

  it('goes back to not generated with a warning when no summary comes, and may be pressed again', async () => {
    const { fetchMock, answer } = serveManually();
    const { result } = renderHook(() => useSummary(12, REQUEST), { wrapper: withQueryClient() });
    act(() => result.current[1]());
    await answer(Response.json({ summary: '' }));
    await waitFor(() =>
      expect(result.current[0]).toEqual({ status: 'none', warning: 'Failed to generate summary' }),
    );

    act(() => result.current[1]());
    await answer(Response.json({ summary: 'Now it worked.' }));
    await waitFor(() => expect(result.current[0]).toEqual({ status: 'shown', text: 'Now it worked.' }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('warns with the exception text, and logs, when the call fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { result } = renderHook(() => useSummary(12, REQUEST), { wrapper: withQueryClient() });
    act(() => result.current[1]());
    await waitFor(() =>
      expect(result.current[0]).toEqual({
        status: 'none',
        warning: 'An error occurred while generating the summary',
      }),
    );
    expect(logged.error).toHaveBeenCalledWith(
      'the relationship summary could not be generated',
      new TypeError('Failed to fetch'),
    );
  });

  it('aborts a summary still generating when the item goes away, without an error', async () => {
    const { fetchMock } = serveManually();
    const { result, unmount } = renderHook(() => useSummary(12, REQUEST), { wrapper: withQueryClient() });
    act(() => result.current[1]());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    unmount();
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(logged.error).not.toHaveBeenCalled();
  });
});
