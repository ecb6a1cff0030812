import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookListItem, Upload } from '@threadbook/contracts';
import { setTokenSource } from '../../lib/api.ts';
import { fakeAuthService } from '../../test/fake-auth.ts';
import { renderApp } from '../../test/render-app.tsx';
import * as pdfInfo from './pdf-info.ts';
import type { PdfSelfDescription } from './pdf-file.ts';

// pdf.js is not run here: the PDF "says" what each test wants.
const described: { value: PdfSelfDescription } = { value: {} };

type Handler = (init?: RequestInit) => Response | Promise<Response>;

const SHARED: BookListItem = { id: 1, title: 'Abstract Algebra', author: 'T. Judson', private: false };
const MINE: BookListItem = { id: 9, title: 'My Notes', author: 'Me', private: true };

function upload(change: Partial<Upload> = {}): Upload {
  return {
    id: 5,
    fileName: 'graphs.pdf',
    title: 'Graphs',
    author: 'Ann Author',
    size: 1000,
    state: 'running',
    stage: 'checking',
    progress: null,
    secondsLeft: null,
    error: null,
    retryable: false,
    bookId: null,
    createdAt: '2026-11-27T00:00:00.000Z',
    ...change,
  };
}

/** Stubs fetch by method and path ("GET /api/books/"); covers answer 404 (a placeholder). */
function serve(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (/\/cover$/.test(url)) return new Response('{}', { status: 404, statusText: 'Not Found' });
    const handler = routes[key];
    if (!handler) throw new Error(`unexpected fetch ${key}`);
    return handler(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** GET /api/jobs/5 once upload 5 became book `bookId`. */
const doneJob = (bookId: number) => () =>
  Response.json({ id: 5, kind: 'upload', state: 'done', stage: null, progress: null, error: null, bookId });

const uploadsAnswer =
  (uploads: Upload[], enabled = true) =>
  () =>
    Response.json({ enabled, maxBookMb: 1, uploads });

/** XMLHttpRequest as the upload uses it; the test answers it. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  responseType = '';
  private listeners: Record<string, Array<(event: unknown) => void>> = {};
  private uploadListeners: Array<(event: unknown) => void> = [];
  upload = {
    addEventListener: (_type: string, listener: (event: unknown) => void) =>
      this.uploadListeners.push(listener),
  };
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {}
  progress(loaded: number, total: number) {
    for (const listener of this.uploadListeners) listener({ loaded, total, lengthComputable: true });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    for (const listener of this.listeners.load ?? []) listener({});
  }
}

const pdfFile = (name = 'graphs.pdf') => new File(['%PDF-1.7\n...'], name, { type: 'application/pdf' });

describe('Library: your own books', () => {
  beforeEach(() => {
    setTokenSource({ getIdToken: async () => 'id-token' });
    described.value = {};
    vi.spyOn(pdfInfo, 'describePdf').mockImplementation(async () => described.value);
    FakeXhr.last = undefined;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => {};
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setTokenSource({ getIdToken: async () => null });
  });

  it('shows an upload tile per stage, with the pages read as a progress bar', async () => {
    serve({
      'GET /api/books/': () => Response.json([SHARED]),
      'GET /api/uploads': uploadsAnswer([
        upload({ id: 1, title: 'Queued', state: 'queued', stage: null }),
        upload({ id: 2, title: 'Checking' }),
        upload({
          id: 3,
          title: 'Extracting',
          stage: 'extracting',
          progress: { done: 40, total: 120 },
          secondsLeft: 170,
        }),
        upload({ id: 4, title: 'Graph', stage: 'graph' }),
        upload({ id: 5, title: 'Cover', stage: 'cover' }),
        upload({ id: 6, title: 'Saving', stage: 'saving' }),
      ]),
    });
    renderApp('/library', fakeAuthService({ signedIn: true }));
    const tiles = await screen.findAllByTestId('upload-tile');
    expect(tiles.map((tile) => within(tile).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Queued',
      'Checking',
      'Extracting',
      'Graph',
      'Cover',
      'Saving',
    ]);
    const texts = ['Waiting…', 'Checking the PDF…', 'Reading pages 40 of 120 — about 3 min left'];
    texts.push('Building the relationship graph…', 'Rendering the cover…', 'Saving…');
    tiles.forEach((tile, i) => expect(within(tile).getByText(texts[i]!)).toBeInTheDocument());
    expect(within(tiles[0]!).getByText('Ann Author')).toBeInTheDocument();
    const bar = within(tiles[2]!).getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuemax', '120');
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Add a book/ })).toBeInTheDocument();
    expect(screen.getByTestId('book-tile')).toBeInTheDocument();
  });

  it('offers no Add a book when uploads are off, and shared books have no Rename or Remove', async () => {
    serve({
      'GET /api/books/': () => Response.json([SHARED]),
      'GET /api/uploads': uploadsAnswer([], false),
    });
    renderApp('/library', fakeAuthService({ signedIn: true }));
    const tile = await screen.findByTestId('book-tile');
    expect(within(tile).queryByText('Private')).not.toBeInTheDocument();
    expect(within(tile).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add a book/ })).not.toBeInTheDocument();
  });

  it('shows a failed upload with its error, Retry when retryable, and Remove', async () => {
    let uploads = [upload({ state: 'failed', error: 'The PDF is encrypted.', retryable: true })];
    const fetchMock = serve({
      'GET /api/books/': () => Response.json([]),
      'GET /api/uploads': () => uploadsAnswer(uploads)(),
      'POST /api/uploads/5/retry': () =>
        Response.json(upload({ state: 'queued', stage: null }), { status: 202 }),
      'DELETE /api/uploads/5': () => {
        uploads = [];
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderApp('/library', fakeAuthService({ signedIn: true }));
    const tile = await screen.findByTestId('upload-tile');
    expect(within(tile).getByText('The PDF is encrypted.')).toBeInTheDocument();
    await user.click(within(tile).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/uploads/5/retry')).toBe(true),
    );
    await user.click(within(tile).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByTestId('upload-tile')).not.toBeInTheDocument());
    expect(screen.getByText('No books yet')).toBeInTheDocument();
  });

  it("shows the server's message when a retry is refused", async () => {
    serve({
      'GET /api/books/': () => Response.json([]),
      'GET /api/uploads': uploadsAnswer([upload({ state: 'failed', error: 'Crashed', retryable: true })]),
      'POST /api/uploads/5/retry': () =>
        Response.json(
          { statusCode: 409, error: 'Conflict', message: 'Only an upload that failed...' },
          { status: 409, statusText: 'Conflict' },
        ),
    });
    const user = userEvent.setup();
    renderApp('/library', fakeAuthService({ signedIn: true }));
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only an upload that failed...');
  });

  it('refuses a file that is not a PDF, or too large, before sending it', async () => {
    serve({ 'GET /api/books/': () => Response.json([SHARED]), 'GET /api/uploads': uploadsAnswer([]) });
    renderApp('/library', fakeAuthService({ signedIn: true }));
    await screen.findByTestId('book-tile');
    const input = screen.getByTestId('add-book-input');
    fireEvent.change(input, { target: { files: [new File(['plain text'], 'notes.pdf')] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a PDF.');
    const big = new File(['%PDF-1.4\n', new Uint8Array(1024 * 1024)], 'big.pdf');
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 1 MB.');
    expect(FakeXhr.last).toBeUndefined();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('prefills the form from the PDF, sends it with its progress, then shows the queued upload', async () => {
    described.value = { metadataTitle: 'Graphs and Networks', metadataAuthor: 'Ann Author' };
    let uploads: Upload[] = [];
    serve({ 'GET /api/books/': () => Response.json([]), 'GET /api/uploads': () => uploadsAnswer(uploads)() });
    const user = userEvent.setup();
    renderApp('/library', fakeAuthService({ signedIn: true }));
    const input = await screen.findByTestId('add-book-input');
    await user.upload(input, pdfFile());
    const dialog = await screen.findByRole('dialog', { name: 'Add a book' });
    const title = await within(dialog).findByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Graphs and Networks');
    expect(within(dialog).getByRole('textbox', { name: 'Author' })).toHaveValue('Ann Author');
    await user.clear(title);
    await user.type(title, 'Graphs');
    await user.click(within(dialog).getByRole('button', { name: 'Add book' }));

    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/uploads?fileName=graphs.pdf&title=Graphs&author=Ann+Author');
    expect(xhr.headers).toEqual({ Authorization: 'Bearer id-token', 'Content-Type': 'application/pdf' });
    expect(xhr.body).toBeInstanceOf(File);
    act(() => xhr.progress(42, 100));
    const sending = await screen.findByTestId('upload-tile');
    expect(within(sending).getByText('Uploading… 42%')).toBeInTheDocument();

    uploads = [upload({ title: 'Graphs', state: 'queued', stage: null })];
    act(() => xhr.answer(202, uploads[0]));
    expect(await screen.findByText('Waiting…')).toBeInTheDocument();
    expect(screen.getAllByTestId('upload-tile')).toHaveLength(1);
    expect(screen.getByTestId('upload-announcer')).toHaveTextContent('“Graphs”: Waiting…');
  });

  it('says "Already in your library" when the job of a PDF the user had ends at once with that book', async () => {
    const fetchMock = serve({
      'GET /api/books/': () => Response.json([SHARED]),
      'GET /api/uploads': uploadsAnswer([]),
      'GET /api/jobs/5': doneJob(1),
    });
    const user = userEvent.setup();
    renderApp('/library', fakeAuthService({ signedIn: true }));
    expect(await screen.findByTestId('book-tile')).toHaveTextContent('Abstract Algebra');
    await user.upload(await screen.findByTestId('add-book-input'), pdfFile('Graphs.pdf'));
    const dialog = await screen.findByRole('dialog', { name: 'Add a book' });
    // No metadata: the file name without .pdf.
    expect(await within(dialog).findByRole('textbox', { name: 'Title' })).toHaveValue('Graphs');
    await user.click(within(dialog).getByRole('button', { name: 'Add book' }));
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    // Answered as any upload is (202, queued); its job is done before the list is asked for again.
    act(() => FakeXhr.last!.answer(202, upload({ state: 'queued', stage: null })));
    expect(await screen.findByText('Already in your library')).toBeInTheDocument();
    expect(screen.getByTestId('upload-announcer')).toHaveTextContent('“Graphs” is already in your library.');
    expect(screen.getAllByTestId('book-tile')).toHaveLength(1);
    expect(screen.queryByTestId('upload-tile')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/jobs/5')).toHaveLength(1);
  });

  it('turns an upload that left the list into a book tile', async () => {
    let uploads = [upload({ stage: 'saving' })];
    let books: BookListItem[] = [];
    serve({
      'GET /api/books/': () => Response.json(books),
      'GET /api/uploads': () => uploadsAnswer(uploads)(),
      'GET /api/jobs/5': doneJob(3),
    });
    renderApp('/library', fakeAuthService({ signedIn: true }));
    expect(await screen.findByText('Saving…')).toBeInTheDocument();
    uploads = [];
    books = [{ id: 3, title: 'Graphs', author: 'Ann Author', private: true }];
    const tile = await screen.findByTestId('book-tile', {}, { timeout: 3000 });
    expect(within(tile).getByText('Private')).toBeInTheDocument();
    expect(screen.queryByTestId('upload-tile')).not.toBeInTheDocument();
    expect(screen.getByTestId('upload-announcer')).toHaveTextContent('“Graphs” is in your library.');
    expect(screen.queryByTestId('library-notice')).not.toBeInTheDocument();
  });

  it('removes a private book after the confirmation, and Cancel keeps it', async () => {
    let books = [SHARED, MINE];
    const fetchMock = serve({
      'GET /api/books/': () => Response.json(books),
      'GET /api/uploads': uploadsAnswer([]),
      'DELETE /api/books/9': () => {
        books = [SHARED];
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderApp('/library', fakeAuthService({ signedIn: true }));
    const tiles = await screen.findAllByTestId('book-tile');
    const mine = tiles[1]!;
    expect(within(mine).getByText('Private')).toBeInTheDocument();
    expect(within(tiles[0]!).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();

    await user.click(within(mine).getByRole('button', { name: 'Remove' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Remove “My Notes”?' });
    expect(dialog).toHaveAccessibleDescription(
      'Its files, relationship graph, bookmarks and reading position are deleted.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(within(mine).getByRole('button', { name: 'Remove' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getAllByTestId('book-tile')).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByText('My Notes')).not.toBeInTheDocument();
  });

  it("renames a private book, showing the server's validation message", async () => {
    let books = [MINE];
    const bodies: unknown[] = [];
    serve({
      'GET /api/books/': () => Response.json(books),
      'GET /api/uploads': uploadsAnswer([]),
      'PATCH /api/books/9': (init) => {
        const body = JSON.parse(String(init?.body)) as { title: string; author: string };
        bodies.push(body);
        if (body.title.length > 5)
          return Response.json(
            { statusCode: 400, error: 'Bad Request', message: 'Title must be at most 300 characters' },
            { status: 400, statusText: 'Bad Request' },
          );
        books = [{ ...MINE, ...body }];
        return Response.json(books[0]);
      },
    });
    const user = userEvent.setup();
    renderApp('/library', fakeAuthService({ signedIn: true }));
    const tile = await screen.findByTestId('book-tile');
    await user.click(within(tile).getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename “My Notes”' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Too long a title');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Title must be at most 300 characters',
    );
    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Title must not be empty');
    await user.type(title, 'Short');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await within(screen.getByTestId('book-tile')).findByRole('heading', { name: 'Short' }),
    ).toBeVisible();
    expect(bodies).toEqual([
      { title: 'Too long a title', author: 'Me' },
      { title: 'Short', author: 'Me' },
    ]);
  });

  it('shows the drop overlay while files are dragged over the screen, and takes a dropped file', async () => {
    serve({ 'GET /api/books/': () => Response.json([SHARED]), 'GET /api/uploads': uploadsAnswer([]) });
    renderApp('/library', fakeAuthService({ signedIn: true }));
    await screen.findByTestId('book-tile');
    await screen.findByRole('button', { name: /Add a book/ });
    const dataTransfer = { types: ['Files'], files: [new File(['plain text'], 'dropped.pdf')] };
    fireEvent.dragEnter(screen.getByRole('heading', { level: 1 }), { dataTransfer });
    expect(screen.getByTestId('drop-overlay')).toBeInTheDocument();
    fireEvent.drop(screen.getByRole('heading', { level: 1 }), { dataTransfer });
    expect(screen.queryByTestId('drop-overlay')).not.toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a PDF.');
    // Text dragged within the page is no file: no overlay.
    fireEvent.dragEnter(screen.getByRole('heading', { level: 1 }), {
      dataTransfer: { types: ['text/plain'] },
    });
    expect(screen.queryByTestId('drop-overlay')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of an upload on its tile, which Remove dismisses", async () => {
    serve({ 'GET /api/books/': () => Response.json([]), 'GET /api/uploads': uploadsAnswer([]) });
    const user = userEvent.setup();
    renderApp('/library', fakeAuthService({ signedIn: true }));
    await user.upload(await screen.findByTestId('add-book-input'), pdfFile());
    const dialog = await screen.findByRole('dialog', { name: 'Add a book' });
    await within(dialog).findByRole('textbox', { name: 'Title' });
    await user.click(within(dialog).getByRole('button', { name: 'Add book' }));
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    const message = 'You can add at most 10 books an hour. Try again later.';
    act(() => FakeXhr.last!.answer(429, { statusCode: 429, error: 'Too Many Requests', message }));
    const tile = await screen.findByTestId('upload-tile');
    expect(await within(tile).findByText(message)).toBeInTheDocument();
    await user.click(within(tile).getByRole('button', { name: 'Remove' }));
    expect(screen.queryByTestId('upload-tile')).not.toBeInTheDocument();
  });

  it('Cancel closes the add form without sending anything', async () => {
    serve({ 'GET /api/books/': () => Response.json([]), 'GET /api/uploads': uploadsAnswer([]) });
    const user = userEvent.setup();
    renderApp('/library', fakeAuthService({ signedIn: true }));
    await user.upload(await screen.findByTestId('add-book-input'), pdfFile());
    const dialog = await screen.findByRole('dialog', { name: 'Add a book' });
    await within(dialog).findByRole('textbox', { name: 'Title' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(FakeXhr.last).toBeUndefined();
    expect(screen.queryByTestId('upload-tile')).not.toBeInTheDocument();
  });
});
