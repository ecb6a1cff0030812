import { act, renderHook, waitFor } from '@testing-library/react';
import type { Bookmark } from '@threadbook/contracts';
import { describe, expect, it } from 'vitest';
import { failure, heldReply, json, noContent, stubApi, type ApiCall } from '../../../test/fake-api.ts';
import { useSignedInApi } from '../../../test/signed-in-api.ts';
import { BookmarkMessage, useBookmarks } from './use-bookmarks.ts';
import { withQueryClient } from '../../../test/query-client.tsx';

const SAVED: Bookmark[] = [
  { page: 3, label: 'Groups', createdAt: '2025-09-01T10:00:00.000Z' },
  { page: 12, label: null, createdAt: '2025-09-02T10:00:00.000Z' },
];

/** The server's reply to a PUT: the bookmark with its creation time. */
const created = (call: ApiCall, createdAt = '2025-10-01T08:00:00.000Z') =>
  json(
    {
      page: Number(call.url.split('/').at(-1)),
      label: (call.body as { label: string | null }).label,
      createdAt,
    },
    201,
  );

const pages = (list: readonly Bookmark[]) => list.map((bookmark) => bookmark.page);
const changes = (calls: ApiCall[]) =>
  calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.url}`);

async function loaded(bookId = 4) {
  const hook = renderHook(() => useBookmarks(bookId), { wrapper: withQueryClient() });
  await waitFor(() => expect(hook.result.current.status).toBe('loaded'));
  return hook;
}

describe('useBookmarks', () => {
  const logged = useSignedInApi();

  it('loads the book’s bookmarks with the bearer token', async () => {
    const list = heldReply();
    const api = stubApi(() => list.promise);
    const { result } = renderHook(() => useBookmarks(4), { wrapper: withQueryClient() });
    expect(result.current.status).toBe('loading');
    expect(result.current.bookmarks).toEqual([]);

    await waitFor(() => expect(api.calls).toHaveLength(1));
    list.send(json(SAVED));
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    expect(result.current.bookmarks).toEqual(SAVED);
    expect(result.current.error).toBeNull();
    expect(result.current.isBookmarked(3)).toBe(true);
    expect(result.current.isBookmarked(4)).toBe(false);
    expect(api.calls).toEqual([
      {
        method: 'GET',
        url: '/api/books/4/bookmarks',
        body: undefined,
        authorization: 'Bearer id-token',
        range: null,
        keepalive: false,
      },
    ]);
  });

  it('adds a bookmark at once, in page order, then keeps the server’s', async () => {
    const put = heldReply();
    const api = stubApi((call) => (call.method === 'GET' ? json(SAVED) : put.promise));
    const { result } = await loaded();

    act(() => result.current.add(7, '  Cosets  '));
    expect(pages(result.current.bookmarks)).toEqual([3, 7, 12]);
    expect(result.current.isBookmarked(7)).toBe(true);
    expect(result.current.bookmarks[1]?.label).toBe('Cosets');

    await waitFor(() => expect(changes(api.calls)).toEqual(['PUT /api/books/4/bookmarks/7']));
    expect(api.calls[1]?.body).toEqual({ label: 'Cosets' });
    expect(api.calls[1]?.authorization).toBe('Bearer id-token');
    put.send(json({ page: 7, label: 'Cosets', createdAt: '2025-10-01T08:00:00.000Z' }, 201));
    await waitFor(() => expect(result.current.bookmarks[1]?.createdAt).toBe('2025-10-01T08:00:00.000Z'));
    expect(pages(result.current.bookmarks)).toEqual([3, 7, 12]);
    expect(result.current.error).toBeNull();
  });

  it('takes the bookmark back when the server fails to save it', async () => {
    const put = heldReply();
    stubApi((call) => (call.method === 'GET' ? json(SAVED) : put.promise));
    const { result } = await loaded();

    act(() => result.current.add(20, null));
    expect(pages(result.current.bookmarks)).toEqual([3, 12, 20]);
    put.send(failure(500, 'Internal Server Error'));
    await waitFor(() => expect(result.current.error).toBe(BookmarkMessage.saveFailed));
    expect(result.current.bookmarks).toEqual(SAVED);
    expect(result.current.isBookmarked(20)).toBe(false);
    expect(logged.warn).toHaveBeenCalled();
  });

  it('puts the old label back when a label change fails', async () => {
    stubApi((call) => (call.method === 'GET' ? json(SAVED) : failure(500, 'Internal Server Error')));
    const { result } = await loaded();
    act(() => result.current.add(3, 'Renamed'));
    expect(result.current.bookmarks[0]?.label).toBe('Renamed');
    await waitFor(() => expect(result.current.error).toBe(BookmarkMessage.saveFailed));
    expect(result.current.bookmarks).toEqual(SAVED);
  });

  it('removes a bookmark at once and brings it back when the server fails to remove it', async () => {
    const del = heldReply();
    const api = stubApi((call) => (call.method === 'GET' ? json(SAVED) : del.promise));
    const { result } = await loaded();

    act(() => result.current.remove(3));
    expect(pages(result.current.bookmarks)).toEqual([12]);
    expect(result.current.isBookmarked(3)).toBe(false);
    await waitFor(() => expect(changes(api.calls)).toEqual(['DELETE /api/books/4/bookmarks/3']));

    del.send(failure(500, 'Internal Server Error'));
    await waitFor(() => expect(result.current.error).toBe(BookmarkMessage.removeFailed));
    expect(result.current.bookmarks).toEqual(SAVED);
  });

  it('keeps a removal the server confirms, and one it no longer knows (404)', async () => {
    const api = stubApi((call) => {
      if (call.method === 'GET') return json(SAVED);
      return call.url.endsWith('/12') ? failure(404, 'Not Found', 'Bookmark not found') : noContent();
    });
    const { result } = await loaded();
    act(() => result.current.remove(3));
    act(() => result.current.remove(12));
    await waitFor(() => expect(changes(api.calls)).toHaveLength(2));
    await act(async () => {});
    expect(result.current.bookmarks).toEqual([]);
    expect(result.current.error).toBeNull();
  });

  it('toggles: removes a bookmarked page, adds any other, sending the calls in order', async () => {
    const put = heldReply();
    const api = stubApi((call) => {
      if (call.method === 'GET') return json(SAVED);
      return call.method === 'PUT' ? put.promise : noContent();
    });
    const { result } = await loaded();

    act(() => result.current.toggle(12, 'ignored: it is removed'));
    act(() => result.current.toggle(5, 'Subgroups'));
    act(() => result.current.toggle(5));
    expect(pages(result.current.bookmarks)).toEqual([3]);

    // The DELETE of page 5 waits for its PUT, so the server cannot end up with the bookmark.
    await waitFor(() => expect(changes(api.calls)).toHaveLength(2));
    expect(changes(api.calls)).toEqual(['DELETE /api/books/4/bookmarks/12', 'PUT /api/books/4/bookmarks/5']);
    put.send(json({ page: 5, label: 'Subgroups', createdAt: '2025-10-01T08:00:00.000Z' }, 201));
    await waitFor(() => expect(changes(api.calls)).toHaveLength(3));
    expect(changes(api.calls)[2]).toBe('DELETE /api/books/4/bookmarks/5');
    // The PUT's late answer does not bring back what was removed after it.
    await act(async () => {});
    expect(pages(result.current.bookmarks)).toEqual([3]);
  });

  it('keeps a change made while the list loads, and sends it after', async () => {
    const list = heldReply();
    const api = stubApi((call) => (call.method === 'GET' ? list.promise : created(call)));
    const { result } = renderHook(() => useBookmarks(4), { wrapper: withQueryClient() });
    act(() => result.current.add(30, 'Early'));
    expect(pages(result.current.bookmarks)).toEqual([30]);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(changes(api.calls)).toEqual([]);

    list.send(json(SAVED));
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    expect(pages(result.current.bookmarks)).toEqual([3, 12, 30]);
    await waitFor(() => expect(changes(api.calls)).toEqual(['PUT /api/books/4/bookmarks/30']));
  });

  it('says so when the list cannot be loaded, and still takes new bookmarks', async () => {
    stubApi((call) => (call.method === 'GET' ? failure(500, 'Internal Server Error') : created(call)));
    const { result } = renderHook(() => useBookmarks(4), { wrapper: withQueryClient() });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBe(BookmarkMessage.loadFailed);
    expect(result.current.bookmarks).toEqual([]);

    act(() => result.current.add(2, null));
    expect(pages(result.current.bookmarks)).toEqual([2]);
    expect(result.current.error).toBeNull();
  });

  it('treats an answer that is not a bookmark list as a failure to load', async () => {
    stubApi(() => json([{ page: 'three' }]));
    const { result } = renderHook(() => useBookmarks(4), { wrapper: withQueryClient() });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.bookmarks).toEqual([]);
  });

  it('tells the per-book limit: from the server’s 400, or before asking when the list is full', async () => {
    const api = stubApi((call) =>
      call.method === 'GET' ? json(SAVED) : failure(400, 'Bad Request', BookmarkMessage.tooMany),
    );
    const first = await loaded();
    act(() => first.result.current.add(40, null));
    await waitFor(() => expect(first.result.current.error).toBe(BookmarkMessage.tooMany));
    expect(first.result.current.bookmarks).toEqual(SAVED);
    first.unmount();

    const full = Array.from({ length: 1000 }, (_, i) => ({ page: i + 1, label: null, createdAt: 'x' }));
    api.answerWith(() => json(full));
    const second = await loaded();
    const callsBefore = api.calls.length;
    act(() => second.result.current.add(1001, null));
    expect(second.result.current.error).toBe(BookmarkMessage.tooMany);
    expect(second.result.current.bookmarks).toHaveLength(1000);
    // Relabelling a page already marked is still allowed.
    act(() => second.result.current.add(1, 'First'));
    expect(second.result.current.error).toBeNull();
    await waitFor(() => expect(api.calls.length).toBe(callsBefore + 1));
  });

  it('clears the last failure with the next change', async () => {
    stubApi((call) => {
      if (call.method === 'GET') return json(SAVED);
      return call.url.endsWith('/9') ? failure(500, 'Internal Server Error') : created(call);
    });
    const { result } = await loaded();
    act(() => result.current.add(9, null));
    await waitFor(() => expect(result.current.error).toBe(BookmarkMessage.saveFailed));
    act(() => result.current.add(10, null));
    expect(result.current.error).toBeNull();
    await waitFor(() => expect(result.current.isBookmarked(10)).toBe(true));
  });
});
