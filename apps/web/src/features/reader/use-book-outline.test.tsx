import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, stubApi } from '../../test/fake-api.ts';
import { useSignedInApi } from '../../test/signed-in-api.ts';
import { createOutlineCache } from './model/index.ts';
import { OutlineMessage, useBookOutline } from './use-book-outline.ts';
import { withQueryClient } from '../../test/query-client.tsx';

const XML = `<book title="Abstract Algebra" author="T. Judson">
  <chapter id="1" title="Preliminaries">
    <section id="1.1" title="A Short Note on Proofs">
      <paragraph id="1.1.1" page="9" y_start="0.2">Proofs.</paragraph>
    </section>
  </chapter>
</book>`;

const xmlAnswer = (text: string) => () =>
  new Response(text, { headers: { 'Content-Type': 'application/xml' } });

/** The hook for book 5 while the first page is drawn (still loading after a while), and the call that draws it. */
async function renderBeforeFirstPage() {
  const { result, rerender } = renderHook(({ canLoad }) => useBookOutline(5, canLoad), {
    wrapper: withQueryClient(),
    initialProps: { canLoad: false },
  });
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(result.current).toEqual({ status: 'loading' });
  return { result, firstPageShown: () => rerender({ canLoad: true }) };
}

describe('useBookOutline', () => {
  useSignedInApi();
  beforeEach(() => localStorage.clear());

  it('fetches and parses the XML only once it may, then caches the outline', async () => {
    const api = stubApi(xmlAnswer(XML));
    const { result, firstPageShown } = await renderBeforeFirstPage();
    // Nothing is asked for while the first page is drawn.
    expect(api.calls).toEqual([]);

    firstPageShown();
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    const loaded = result.current as Extract<typeof result.current, { status: 'loaded' }>;
    expect(loaded.outline.map((chapter) => chapter.title)).toEqual(['Preliminaries']);
    expect(createOutlineCache().read(5)?.outline).toEqual(loaded.outline);
    expect(api.calls.map((call) => call.url)).toEqual(['/api/books/5/files/book.xml']);
  });

  it('says the XML is missing once it may load it', async () => {
    stubApi(() => failure(404, 'Not Found'));
    const { result, firstPageShown } = await renderBeforeFirstPage();
    firstPageShown();
    await waitFor(() =>
      expect(result.current).toEqual({ status: 'error', message: OutlineMessage.xmlNotFound }),
    );
  });

  it('says an XML that does not parse fails, once it is parsed', async () => {
    stubApi(xmlAnswer('<library><shelf/></library>'));
    const { result, firstPageShown } = await renderBeforeFirstPage();
    firstPageShown();
    await waitFor(() =>
      expect(result.current).toEqual({ status: 'error', message: OutlineMessage.parseFailed }),
    );
  });

  it('shows a cached outline at once, while the XML waits', async () => {
    stubApi(xmlAnswer(XML));
    const first = renderHook(() => useBookOutline(6, true), { wrapper: withQueryClient() });
    await waitFor(() => expect(first.result.current.status).toBe('loaded'));
    first.unmount();

    const { result } = renderHook(() => useBookOutline(6, false), { wrapper: withQueryClient() });
    expect(result.current.status).toBe('loaded');
  });
});
