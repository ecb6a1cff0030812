import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { readerBookId, removeOpeningOverlay, takeOpeningImage } from './opening-handoff.ts';
import { startOpeningHead } from './opening-head.ts';

/** A WebP of 1 × 1 pixels is all jsdom needs: it decodes nothing. */
const webp = () =>
  new Response(new Blob(['RIFF'], { type: 'image/webp' }), {
    headers: { 'threadbook-page': '7', 'threadbook-page-count': '357' },
  });

beforeEach(() => {
  // jsdom neither makes object URLs nor decodes images (this file's own window: vitest isolates files).
  Object.assign(URL, { createObjectURL: () => 'blob:page', revokeObjectURL: () => undefined });
  Object.assign(HTMLImageElement.prototype, { decode: () => Promise.resolve() });
  vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(768);
  vi.spyOn(HTMLImageElement.prototype, 'naturalHeight', 'get').mockReturnValue(994);
});
afterEach(() => {
  delete window.threadbookOpeningHead;
  delete window.threadbookFirstToken;
  removeOpeningOverlay();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the opening head', () => {
  test('a book’s address is /reader/{id}, and nothing else', () => {
    expect(readerBookId('/reader/12')).toBe(12);
    expect(readerBookId('/reader/12/')).toBe(12);
    for (const other of ['/reader/', '/reader/x', '/reader/12/more', '/library', '/reader/1e3']) {
      expect(readerBookId(other)).toBeNull();
    }
  });

  test('asks once per page load, with the page load’s token, shows the page and hands it to the app once', async () => {
    window.history.replaceState(null, '', '/reader/12');
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push(`${url} ${new Headers(init.headers).get('Authorization')}`);
        return url === '/api/auth/token' ? Response.json({ token: 'id-token' }) : webp();
      }),
    );
    const head = startOpeningHead();
    expect(startOpeningHead()).toBe(head);
    const image = await takeOpeningImage(12);
    expect(image).toMatchObject({ page: 7, pageCount: 357, url: 'blob:page' });
    expect(takeOpeningImage(12)).toBeUndefined();
    expect(calls).toEqual(['/api/auth/token null', `/api/books/12/opening-image?width=768 Bearer id-token`]);
    await vi.waitFor(() =>
      expect(document.querySelector('.opening-overlay img')?.getAttribute('src')).toBe('blob:page'),
    );
    // The token stays for the app's own start.
    await expect(window.threadbookFirstToken).resolves.toBe('id-token');
  });

  test('signed out, or away from a book, nothing is asked for', async () => {
    window.history.replaceState(null, '', '/reader/12');
    const fetchMock = vi.fn(async () => new Response(null, { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(startOpeningHead()!.image).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    delete window.threadbookOpeningHead;
    window.history.replaceState(null, '', '/library');
    expect(startOpeningHead()).toBeUndefined();
    expect(takeOpeningImage(12)).toBeUndefined();
  });
});
