import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../lib/api.ts';
import { fakeAuthService } from '../../test/fake-auth.ts';
import { renderApp } from '../../test/render-app.tsx';

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

const BOOKS = [
  { id: 1, title: 'Abstract Algebra', author: 'T. Judson', private: false },
  { id: 7, title: 'Linear Algebra Done Right', author: '', private: false },
];

const png = () => new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }));

/** Uploads turned off: the Library as the specification draws it. */
const NO_UPLOADS = () => Response.json({ enabled: false, maxBookMb: 200, uploads: [] });

/** Stubs fetch: the book list from `books`, covers from `cover`, the user's uploads from `uploads`. */
function serve({
  books,
  cover = () => png(),
  uploads = NO_UPLOADS,
}: {
  books: Handler;
  cover?: Handler;
  uploads?: Handler;
}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/books/') return books(url, init);
    if (url === '/api/uploads') return uploads(url, init);
    if (/^\/api\/books\/\d+\/cover$/.test(url)) return cover(url, init);
    throw new Error(`unexpected fetch ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

describe('LibraryPage', () => {
  let created: string[];
  let revoked: string[];

  beforeEach(() => {
    setTokenSource({ getIdToken: async () => 'id-token' });
    created = [];
    revoked = [];
    let next = 0;
    // jsdom has no object URLs: record what the covers create and revoke.
    URL.createObjectURL = () => {
      const url = `blob:cover-${++next}`;
      created.push(url);
      return url;
    };
    URL.revokeObjectURL = (url: string) => void revoked.push(url);
  });
  afterEach(() => {
    URL.createObjectURL = objectUrls.create;
    URL.revokeObjectURL = objectUrls.revoke;
    vi.unstubAllGlobals();
    setTokenSource({ getIdToken: async () => null });
  });

  it('shows the loading state, then a tile per book with cover, title, author and Open PDF', async () => {
    let release: (response: Response) => void = () => {};
    const fetchMock = serve({ books: () => new Promise<Response>((resolve) => (release = resolve)) });
    renderApp('/library', fakeAuthService({ signedIn: true }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My Books' })).toBeInTheDocument();
    expect(screen.getByText('Loading books...').closest('[role="status"]')).not.toBeNull();

    // The list call starts once the ID token is in hand; answer it only after it was made.
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    release(Response.json(BOOKS));
    const tiles = await screen.findAllByTestId('book-tile');
    expect(tiles).toHaveLength(2);
    expect(screen.queryByText('Loading books...')).not.toBeInTheDocument();

    const [algebra, linear] = tiles as [HTMLElement, HTMLElement];
    expect(within(algebra).getByRole('heading', { level: 2, name: 'Abstract Algebra' })).toBeInTheDocument();
    expect(within(algebra).getByText('T. Judson')).toBeInTheDocument();
    expect(within(algebra).getByRole('link', { name: 'Open PDF' })).toHaveAttribute('href', '/reader/1');
    expect(within(linear).getByRole('link', { name: 'Open PDF' })).toHaveAttribute('href', '/reader/7');
    expect(within(linear).getByRole('link', { name: 'Open PDF' })).toHaveAccessibleDescription(
      'Linear Algebra Done Right',
    );

    const cover = await within(algebra).findByRole('img', { name: 'Cover of Abstract Algebra' });
    expect(cover.getAttribute('src')).toMatch(/^blob:cover-\d$/);
    // Every call carries the bearer token (the cover too: an <img src> could not).
    for (const [, init] of fetchMock.mock.calls) {
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer id-token');
    }
    expect(fetchMock.mock.calls.map(([url]) => String(url)).sort()).toEqual([
      '/api/books/',
      '/api/books/1/cover',
      '/api/books/7/cover',
      '/api/uploads',
    ]);
  });

  it('opens the reader from a tile', async () => {
    const user = userEvent.setup();
    serve({ books: () => Response.json(BOOKS) });
    renderApp('/library', fakeAuthService({ signedIn: true }));
    const tiles = await screen.findAllByTestId('book-tile');
    await user.click(within(tiles[1] as HTMLElement).getByRole('link', { name: 'Open PDF' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/reader/7'));
  });

  it('shows a placeholder when a cover cannot be loaded, and revokes object URLs on unmount', async () => {
    serve({
      books: () => Response.json(BOOKS),
      cover: (url) =>
        url.endsWith('/7/cover') ? new Response('{}', { status: 404, statusText: 'Not Found' }) : png(),
    });
    const { unmount } = renderApp('/library', fakeAuthService({ signedIn: true }));
    const tiles = await screen.findAllByTestId('book-tile');
    const [algebra, linear] = tiles as [HTMLElement, HTMLElement];
    await within(algebra).findByRole('img', { name: 'Cover of Abstract Algebra' });
    await waitFor(() =>
      expect(within(linear).getByTestId('book-cover')).toHaveAttribute('data-state', 'failed'),
    );
    expect(within(linear).queryByRole('img')).not.toBeInTheDocument();
    expect(created).toHaveLength(1);
    expect(revoked).toEqual([]);
    unmount();
    await waitFor(() => expect(revoked).toEqual(created));
  });

  it('shows the error message of a failed request', async () => {
    serve({ books: () => new Response('{}', { status: 500, statusText: 'Internal Server Error' }) });
    renderApp('/library', fakeAuthService({ signedIn: true }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: Request failed: 500 Internal Server Error',
    );
    expect(screen.queryByTestId('book-tile')).not.toBeInTheDocument();
  });

  it("falls back to 'Failed to load books' when the failure has no message", async () => {
    serve({
      books: () => {
        throw new Error('');
      },
    });
    renderApp('/library', fakeAuthService({ signedIn: true }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Failed to load books');
  });

  it('reports an answer that is not a book list instead of showing broken tiles', async () => {
    serve({ books: () => Response.json([{ id: 'one', title: 3 }]) });
    renderApp('/library', fakeAuthService({ signedIn: true }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Failed to load books');
    expect(screen.queryByTestId('book-tile')).not.toBeInTheDocument();
  });

  it('says kindly when the library is empty, and how to add a book', async () => {
    serve({ books: () => Response.json([]) });
    renderApp('/library', fakeAuthService({ signedIn: true }));
    expect(await screen.findByText('No books yet')).toBeInTheDocument();
    expect(screen.getByText('npm run import -- book.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
