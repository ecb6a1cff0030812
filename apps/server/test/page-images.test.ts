import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  errorResponseSchema,
  OPENING_IMAGE_HEADERS,
  openingImagePath,
  PageImageErrorMessage,
  pageImagePath,
  PREPARE_PAGE_IMAGES_MAX,
  preparePageImagesPath,
} from '@threadbook/contracts';
import { importBook } from '../src/features/imports/import-book.ts';
import { localBookStorage } from '../src/features/books/storage.ts';
import { get, importContext, makePdf } from './books-fixtures.ts';
import { signedUp } from './support/client.ts';
import { openTestDatabase } from './support/database.ts';
import { makeTempDir, startTestServer, type TestServer } from './support/server.ts';

/** Width and height of a WebP picture, from its header (RIFF, then a VP8, VP8L or VP8X chunk). */
function webpSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
  const chunk = bytes.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8 ') {
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8X') return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  const bits = bytes.readUInt32LE(21);
  return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
}

/** A call with a JSON body, signed in with `token` (none when empty). */
const sendJson = (server: TestServer, token: string, method: string, pathname: string, body: unknown) =>
  fetch(new URL(pathname, server.baseUrl), {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': 'application/json',
      connection: 'close',
    },
    body: JSON.stringify(body),
  });

describe('page images', () => {
  let server: TestServer;
  let reader: Awaited<ReturnType<typeof signedUp>>;
  let other: Awaited<ReturnType<typeof signedUp>>;
  let shared: number;
  let privateBook: number;
  const imagesOf = (id: number) => path.join(server.dataDir, 'books', String(id), 'pages');

  beforeAll(async () => {
    server = await startTestServer({ SAMPLE_BOOK: 'false' });
    reader = await signedUp(server.baseUrl);
    other = await signedUp(server.baseUrl);
    const dir = makeTempDir('threadbook-page-images-');
    const database = await openTestDatabase(server.dataDir);
    try {
      const context = importContext(database.db, server.dataDir);
      await makePdf(path.join(dir, 'shared.pdf'), { pages: 3, title: 'Shared Book', linesPerPage: 30 });
      ({ id: shared } = await importBook(context, { pdfPath: path.join(dir, 'shared.pdf') }));
      await makePdf(path.join(dir, 'mine.pdf'), { pages: 2, title: 'Private Book', linesPerPage: 20 });
      ({ id: privateBook } = await importBook(context, {
        pdfPath: path.join(dir, 'mine.pdf'),
        owner: { userId: reader.userId, fileName: 'mine.pdf' },
      }));
    } finally {
      await database.close();
    }
  });
  afterAll(() => server.close());

  test('the import made the first two pages at the usual widths, beside the book', () => {
    expect(readdirSync(imagesOf(shared)).sort()).toEqual(
      ['1-1024', '1-1280', '1-768', '2-1024', '2-1280', '2-768'].map((name) => `${name}.webp`),
    );
  });

  test('a page is WebP at the width asked, its height the page’s, kept a day by the browser', async () => {
    for (const [page, width] of [
      [1, 768],
      [3, 512],
    ] as const) {
      const response = await get(server, pageImagePath(shared, page, width), { token: reader.token });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('private, max-age=86400');
      const size = webpSize(Buffer.from(await response.arrayBuffer()));
      expect(size.width).toBe(width);
      // makePdf's pages are US Letter, 8.5 by 11 inches.
      expect(size.height).toBe(Math.round((width * 11) / 8.5));
    }
  });

  test('a page drawn on request is kept: the next request reads it, and revalidates by its ETag', async () => {
    expect(existsSync(path.join(imagesOf(shared), '2-512.webp'))).toBe(false);
    const first = await get(server, pageImagePath(shared, 2, 512), { token: reader.token });
    expect(first.status).toBe(200);
    expect(existsSync(path.join(imagesOf(shared), '2-512.webp'))).toBe(true);
    const again = await get(server, pageImagePath(shared, 2, 512), { token: reader.token });
    expect(Buffer.from(await again.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
    const etag = again.headers.get('etag')!;
    expect(etag).toMatch(/^W\//);
    const revalidated = await get(server, pageImagePath(shared, 2, 512), {
      token: reader.token,
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.status).toBe(304);
  });

  test('requests at once for a page not drawn yet all get it, and no partial file is left', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => get(server, pageImagePath(shared, 3, 1024), { token: reader.token })),
    );
    const bodies = await Promise.all(answers.map(async (answer) => Buffer.from(await answer.arrayBuffer())));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(readdirSync(imagesOf(shared)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  test('the same access check as the book’s files: signed in, a book the user sees', async () => {
    const url = pageImagePath(privateBook, 1, 768);
    expect((await get(server, url)).status).toBe(401);
    expect((await get(server, url, { token: reader.token })).status).toBe(200);
    const hidden = await get(server, url, { token: other.token });
    expect(hidden.status).toBe(404);
    expect(errorResponseSchema.parse(await hidden.json()).message).toBe('Book not found');
  });

  test('a wrong page, width or book is a clear error', async () => {
    const cases: [string, number, string][] = [
      [`/api/books/${shared}/pages/4/image?width=768`, 404, 'Page not found'],
      [`/api/books/${shared}/pages/0/image?width=768`, 400, 'Invalid page number'],
      [`/api/books/${shared}/pages/one/image?width=768`, 400, 'Invalid page number'],
      [`/api/books/${shared}/pages/1/image?width=700`, 400, PageImageErrorMessage.invalidWidth],
      [`/api/books/${shared}/pages/1/image`, 400, PageImageErrorMessage.invalidWidth],
      [`/api/books/${shared}/pages/1/image?width=1e3`, 400, PageImageErrorMessage.invalidWidth],
      ['/api/books/999/pages/1/image?width=768', 404, 'Book not found'],
      ['/api/books/x/pages/1/image?width=768', 400, 'Invalid book id'],
    ];
    for (const [url, status, message] of cases) {
      const response = await get(server, url, { token: reader.token });
      expect(response.status, url).toBe(status);
      expect(errorResponseSchema.parse(await response.json()).message, url).toBe(message);
    }
  });
  test('pages asked ahead are drawn and kept, behind the same checks, for a later request to find', async () => {
    const prepare = (token: string, id: number, body: unknown) =>
      sendJson(server, token, 'POST', preparePageImagesPath(id), body);
    const names = ['1-256.webp', '3-256.webp'];
    for (const name of names) expect(existsSync(path.join(imagesOf(shared), name))).toBe(false);
    const asked = await prepare(reader.token, shared, { pages: [3, 1, 3], width: 256 });
    expect(asked.status).toBe(202);
    await expect
      .poll(() => names.filter((name) => existsSync(path.join(imagesOf(shared), name))), { timeout: 30_000 })
      .toEqual(names);
    const image = await get(server, pageImagePath(shared, 3, 256), { token: reader.token });
    expect(webpSize(Buffer.from(await image.arrayBuffer())).width).toBe(256);

    const tooMany = Array.from({ length: PREPARE_PAGE_IMAGES_MAX + 1 }, (_, i) => (i % 3) + 1);
    const cases: [string, number, unknown, number, string | undefined][] = [
      ['', shared, { pages: [1], width: 256 }, 401, undefined],
      [other.token, privateBook, { pages: [1], width: 256 }, 404, 'Book not found'],
      [reader.token, shared, { pages: [4], width: 256 }, 404, 'Page not found'],
      [reader.token, shared, { pages: [1], width: 700 }, 400, undefined],
      [reader.token, shared, { pages: [0], width: 256 }, 400, undefined],
      [reader.token, shared, { pages: [], width: 256 }, 400, undefined],
      [reader.token, shared, { pages: tooMany, width: 256 }, 400, undefined],
      [reader.token, 999, { pages: [1], width: 256 }, 404, 'Book not found'],
    ];
    for (const [token, id, body, status, message] of cases) {
      const response = await prepare(token, id, body);
      const what = JSON.stringify([id, body]);
      expect(response.status, what).toBe(status);
      const error = errorResponseSchema.parse(await response.json());
      if (message) expect(error.message, what).toBe(message);
    }
    expect(existsSync(path.join(imagesOf(privateBook), '1-256.webp'))).toBe(false);
  });
});

describe('the opening image', () => {
  let server: TestServer;
  let book: number;

  beforeAll(async () => {
    server = await startTestServer({ SAMPLE_BOOK: 'false' });
    const dir = makeTempDir('threadbook-opening-image-');
    const database = await openTestDatabase(server.dataDir);
    try {
      await makePdf(path.join(dir, 'book.pdf'), { pages: 4, title: 'Opening Book', linesPerPage: 30 });
      ({ id: book } = await importBook(importContext(database.db, server.dataDir), {
        pdfPath: path.join(dir, 'book.pdf'),
      }));
    } finally {
      await database.close();
    }
  });
  afterAll(() => server.close());

  const send = (token: string, method: string, pathname: string, body: unknown) =>
    sendJson(server, token, method, pathname, body);

  test('is the page the student opens at: page 1 at first, then their reading position', async () => {
    const student = await signedUp(server.baseUrl);
    const opening = async () => {
      const response = await get(server, openingImagePath(book, 512), { token: student.token });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      // The position moves as the student reads: never answered from a cache.
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get(OPENING_IMAGE_HEADERS.pageCount)).toBe('4');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(webpSize(bytes).width).toBe(512);
      return { page: Number(response.headers.get(OPENING_IMAGE_HEADERS.page)), bytes };
    };
    const first = await opening();
    expect(first.page).toBe(1);
    expect((await send(student.token, 'PUT', `/api/books/${book}/position`, { page: 3 })).status).toBe(200);
    const third = await opening();
    expect(third.page).toBe(3);
    // Page 3's own picture, as its own route has it.
    const own = await get(server, pageImagePath(book, 3, 512), { token: student.token });
    expect(third.bytes.equals(Buffer.from(await own.arrayBuffer()))).toBe(true);
    expect(third.bytes.equals(first.bytes)).toBe(false);
  });

  test('is no image (204) for a student whose pages are recoloured: it would flash white', async () => {
    const student = await signedUp(server.baseUrl);
    const patched = await send(student.token, 'PATCH', '/api/me/preferences', { pageColours: 'sepia' });
    expect(patched.status).toBe(200);
    const response = await get(server, openingImagePath(book, 768), { token: student.token });
    expect(response.status).toBe(204);
    expect(response.headers.get(OPENING_IMAGE_HEADERS.page)).toBeNull();
  });

  test('has the checks of the page images: signed in, a book the user sees, a known width', async () => {
    const student = await signedUp(server.baseUrl);
    expect((await get(server, openingImagePath(book, 768))).status).toBe(401);
    const cases: [string, number, string][] = [
      [`/api/books/${book}/opening-image?width=700`, 400, PageImageErrorMessage.invalidWidth],
      [`/api/books/${book}/opening-image`, 400, PageImageErrorMessage.invalidWidth],
      ['/api/books/999/opening-image?width=768', 404, 'Book not found'],
      ['/api/books/x/opening-image?width=768', 400, 'Invalid book id'],
    ];
    for (const [url, status, message] of cases) {
      const response = await get(server, url, { token: student.token });
      expect(response.status, url).toBe(status);
      expect(errorResponseSchema.parse(await response.json()).message, url).toBe(message);
    }
  });
});

describe('page images on disk', () => {
  const storage = () => {
    const dataDir = makeTempDir('threadbook-page-image-store-');
    return { dataDir, books: localBookStorage(dataDir) };
  };
  const stage = async (books: ReturnType<typeof localBookStorage>, id: number) => {
    await books.putStaged(await books.createStaging(), id);
  };

  test('a book keeps its images within the budget, the oldest going first', async () => {
    const { books } = storage();
    await stage(books, 1);
    const image = (fill: number) => Buffer.alloc(1000, fill);
    for (const [index, name] of ['1-768.webp', '2-768.webp', '3-768.webp'].entries()) {
      await books.putPageImage(1, name, image(index), 2500);
      // mtimes a millisecond apart at least, so "oldest" is well defined.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await books.readPageImage(1, '1-768.webp')).toBeUndefined();
    expect((await books.readPageImage(1, '2-768.webp'))?.bytes).toEqual(image(1));
    expect((await books.readPageImage(1, '3-768.webp'))?.stat.size).toBe(1000);
  });

  test('images go with their book, and one drawn after the book went does not bring it back', async () => {
    const { dataDir, books } = storage();
    await stage(books, 2);
    await books.putPageImage(2, '1-768.webp', Buffer.alloc(10), 1e6);
    await books.remove(2);
    await books.putPageImage(2, '2-768.webp', Buffer.alloc(10), 1e6);
    expect(existsSync(path.join(dataDir, 'books', '2'))).toBe(false);
    expect(await books.list()).toEqual([]);
  });
});
