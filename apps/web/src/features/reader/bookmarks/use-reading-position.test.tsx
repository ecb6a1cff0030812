import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, json, stubApi, type ApiCall } from '../../../test/fake-api.ts';
import { useSignedInApi } from '../../../test/signed-in-api.ts';
import { useSavedReadingPosition, useSaveReadingPosition } from './use-reading-position.ts';
import { withQueryClient } from '../../../test/query-client.tsx';

const puts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'PUT');
const savedPages = (calls: ApiCall[]) => puts(calls).map((call) => (call.body as { page: number }).page);

describe('useSavedReadingPosition', () => {
  const logged = useSignedInApi();

  it('is loading, then the page the student last read', async () => {
    const api = stubApi(() => json({ page: 42 }));
    const { result } = renderHook(() => useSavedReadingPosition(4), { wrapper: withQueryClient() });
    expect(result.current).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current).toEqual({ status: 'done', page: 42 }));
    expect(api.calls.map((call) => `${call.method} ${call.url} ${call.authorization}`)).toEqual([
      'GET /api/books/4/position Bearer id-token',
    ]);
  });

  it('is null before the student has read the book', async () => {
    stubApi(() => json({ page: null }));
    const { result } = renderHook(() => useSavedReadingPosition(4), { wrapper: withQueryClient() });
    await waitFor(() => expect(result.current).toEqual({ status: 'done', page: null }));
  });

  it.each([
    ['a failed call', () => failure(500, 'Internal Server Error')],
    ['an answer of another shape', () => json({ page: 'forty-two' })],
  ])('counts %s as no position, so the book opens at page 1', async (_, answer) => {
    stubApi(answer);
    const { result } = renderHook(() => useSavedReadingPosition(4), { wrapper: withQueryClient() });
    await waitFor(() => expect(result.current).toEqual({ status: 'done', page: null }));
    expect(logged.warn).toHaveBeenCalledTimes(1);
  });
});

describe('useSaveReadingPosition', () => {
  const logged = useSignedInApi();
  beforeEach(() => {
    // Only the debounce's clock is faked; the calls' promises run as usual.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function reader(page: number, savedPage: number | null = null) {
    return renderHook((props: { page: number }) => useSaveReadingPosition(4, props.page, savedPage), {
      wrapper: withQueryClient(),
      initialProps: { page },
    });
  }

  it('saves once, a second after the last of several quick page changes', async () => {
    const api = stubApi(() => json({ page: 1 }));
    const view = reader(1);
    for (const page of [2, 3, 4]) {
      await vi.advanceTimersByTimeAsync(400);
      view.rerender({ page });
    }
    await vi.advanceTimersByTimeAsync(999);
    expect(api.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]).toEqual({
      method: 'PUT',
      url: '/api/books/4/position',
      body: { page: 4 },
      authorization: 'Bearer id-token',
      range: null,
      keepalive: false,
    });
    await vi.advanceTimersByTimeAsync(5000);
    expect(api.calls).toHaveLength(1);
  });

  it('does not save the page it saved last again', async () => {
    const api = stubApi(() => json({ page: 1 }));
    const view = reader(8);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(savedPages(api.calls)).toEqual([8]));

    // Away and back within the second: nothing new to save.
    view.rerender({ page: 9 });
    await vi.advanceTimersByTimeAsync(500);
    view.rerender({ page: 8 });
    await vi.advanceTimersByTimeAsync(3000);
    view.unmount();
    await vi.advanceTimersByTimeAsync(10);
    expect(savedPages(api.calls)).toEqual([8]);
  });

  it('sends the waiting page at once, as keepalive, when the reader unmounts', async () => {
    const api = stubApi(() => json({ page: 1 }));
    const view = reader(3);
    view.rerender({ page: 17 });
    await vi.advanceTimersByTimeAsync(300);
    expect(api.calls).toEqual([]);
    view.unmount();
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]).toMatchObject({ method: 'PUT', body: { page: 17 }, keepalive: true });
    await vi.advanceTimersByTimeAsync(5000);
    expect(api.calls).toHaveLength(1);
  });

  it('sends the waiting page at once when the tab is hidden', async () => {
    const api = stubApi(() => json({ page: 1 }));
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    try {
      reader(6);
      visibility.mockReturnValue('visible');
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(10);
      expect(api.calls).toEqual([]);

      visibility.mockReturnValue('hidden');
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.waitFor(() => expect(api.calls).toHaveLength(1));
      expect(api.calls[0]).toMatchObject({ body: { page: 6 }, keepalive: true });
      await vi.advanceTimersByTimeAsync(5000);
      expect(api.calls).toHaveLength(1);
    } finally {
      visibility.mockRestore();
    }
  });

  it('does not save the page the server already holds, the one the book opened at', async () => {
    const api = stubApi(() => json({ page: 1 }));
    const view = reader(5, 5);
    await vi.advanceTimersByTimeAsync(2000);
    expect(api.calls).toEqual([]);
    view.rerender({ page: 6 });
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(savedPages(api.calls)).toEqual([6]));
  });

  it('only logs a failed save, and tries the page again when it is shown again', async () => {
    const api = stubApi(() => failure(500, 'Internal Server Error'));
    const view = reader(12);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(logged.warn).toHaveBeenCalledTimes(1));

    api.answerWith(() => json({ page: 12 }));
    view.rerender({ page: 13 });
    view.rerender({ page: 12 });
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(savedPages(api.calls)).toEqual([12, 12]));
  });
});
