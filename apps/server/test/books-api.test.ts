import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  BOOK_FILES,
  bookListSchema,
  bookMetadataSchema,
  errorResponseSchema,
  type BookListItem,
} from '@threadbook/contracts';
import { importBook } from '../src/features/imports/import-book.ts';
import { bearerToken, bookXml, get, importContext, makePdf, rawGet } from './books-fixtures.ts';
import { insertBook, withServerDb } from './graph-fixtures.ts';
import { openTestDatabase } from './support/database.ts';
import { makeTempDir, startTestServer, type TestServer } from './support/server.ts';

// Files are served from memory (BOOK_CACHE_MB) or, for files too large to keep, streamed from disk: the
// same answers either way.
describe.each([
  ['files kept in memory', '256'],
  ['files read from disk', '0'],
])('the books API, %s', (_, bookCacheMb) => {
  let server: TestServer;
  let token: string;
  let id: number;
  let pdfBytes: Buffer;
  let xmlText: string;

  beforeAll(async () => {
    server = await startTestServer({ SAMPLE_BOOK: 'false', BOOK_CACHE_MB: bookCacheMb });
    const dir = makeTempDir('threadbook-books-api-');
    const pdfPath = path.join(dir, 'algebra.pdf');
    const xmlPath = path.join(dir, 'algebra.xml');
    await makePdf(pdfPath, { pages: 3, title: 'Abstract Algebra', author: 'T. Judson', linesPerPage: 30 });
    const { writeFileSync } = await import('node:fs');
    writeFileSync(xmlPath, bookXml(3, 'Abstract Algebra', 'T. Judson'));
    const database = await openTestDatabase(server.dataDir);
    try {
      ({ id } = await importBook(importContext(database.db, server.dataDir), { pdfPath, xmlPath }));
    } finally {
      await database.close();
    }
    pdfBytes = readFileSync(pdfPath);
    xmlText = readFileSync(path.join(server.dataDir, 'books', String(id), 'book.xml'), 'utf8');
    token = await bearerToken(server);
  });
  afterAll(() => server.close());

  const endpoints = () => [
    '/api/books/',
    `/api/books/${id}/metadata`,
    `/api/books/${id}/cover`,
    `/api/books/${id}/files/book.pdf`,
    `/api/books/${id}/files/book.xml`,
  ];

  test('every endpoint is 401 without a bearer token and 200 with one', async () => {
    for (const endpoint of endpoints()) {
      const anonymous = await get(server, endpoint);
      expect(anonymous.status, endpoint).toBe(401);
      expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
      expect((await get(server, endpoint, { token: 'not-a-token' })).status, endpoint).toBe(401);
      expect((await get(server, endpoint, { token })).status, endpoint).toBe(200);
    }
  });

  test('the list is [{id, title, author, private}] of ready books, also at /api/books', async () => {
    for (const endpoint of ['/api/books/', '/api/books']) {
      const response = await get(server, endpoint, { token });
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const list = bookListSchema.parse(await response.json());
      expect(list).toEqual([{ id, title: 'Abstract Algebra', author: 'T. Judson', private: false }]);
    }
    // A row still 'importing' is not a book yet.
    const { id: half } = await server.db
      .insertInto('book')
      .values({
        title: 'Half',
        author: '',
        page_count: 1,
        sha256: 'abc',
        status: 'importing',
        source_name: 'half.pdf',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const list = (await (await get(server, '/api/books/', { token })).json()) as BookListItem[];
      expect(list.map((book) => book.id)).toEqual([id]);
      expect((await get(server, `/api/books/${half}/metadata`, { token })).status).toBe(404);
      expect((await get(server, `/api/books/${half}/cover`, { token })).status).toBe(404);
    } finally {
      await server.db.deleteFrom('book').where('id', '=', half).execute();
    }
  });

  test("the list is in the order of the titles compared as bytes, whatever the database's locale", async () => {
    const titles = ['banana', 'Apple', 'éclair', 'apple', 'Zebra', 'a.b', 'ab'];
    const added = await withServerDb(server, (db) =>
      Promise.all(titles.map((title) => insertBook(db, title))),
    );
    try {
      const list = bookListSchema.parse(await (await get(server, '/api/books/', { token })).json());
      expect(list.map((book) => book.title)).toEqual(['Abstract Algebra', ...titles].sort());
    } finally {
      await server.db.deleteFrom('book').where('id', 'in', added).execute();
    }
  });

  test('metadata gives id, title, author, page count and the two file names', async () => {
    const response = await get(server, `/api/books/${id}/metadata`, { token });
    const metadata = bookMetadataSchema.parse(await response.json());
    expect(metadata).toEqual({
      id,
      title: 'Abstract Algebra',
      author: 'T. Judson',
      pageCount: 3,
      files: { pdf: 'book.pdf', xml: 'book.xml' },
    });
  });

  test('a non-numeric id is 400 "Invalid book id" and an unknown one 404 "Book not found"', async () => {
    for (const bad of ['abc', '1.5', '-1', '0', '1e3', '0x10', '99999999999999999999', '%20']) {
      for (const suffix of ['metadata', 'cover', 'files/book.pdf']) {
        const response = await get(server, `/api/books/${bad}/${suffix}`, { token });
        expect(response.status, `${bad}/${suffix}`).toBe(400);
        const body = errorResponseSchema.parse(await response.json());
        expect(body.message).toBe('Invalid book id');
      }
    }
    for (const suffix of ['metadata', 'cover', 'files/book.pdf', 'files/book.xml']) {
      const response = await get(server, `/api/books/${id + 1000}/${suffix}`, { token });
      expect(response.status, suffix).toBe(404);
      expect(errorResponseSchema.parse(await response.json()).message).toBe('Book not found');
    }
  });

  test('files other than book.pdf and book.xml are 404, traversal included', async () => {
    const attempts = [
      'cover.png',
      '.owner',
      'book.PDF',
      'book.pdf.bak',
      'book.pdf%00',
      '..%2F..%2Fthreadbook.sqlite',
      '..%2f..%2fauth-secret',
      '%2e%2e%2f%2e%2e%2fauth-secret',
      '..%252F..%252Fauth-secret',
      '..%5C..%5Cauth-secret',
      '%2Fetc%2Fpasswd',
    ];
    for (const name of attempts) {
      const { status, body } = await rawGet(server, `/api/books/${id}/files/${name}`, token);
      expect(status, name).toBe(404);
      expect(body.toString('latin1')).not.toContain('SQLite');
    }
    for (const raw of [
      `/api/books/${id}/files/../../../threadbook.sqlite`,
      `/api/books/${id}/files/../cover`,
      `/api/books/${id}/files//etc/passwd`,
      `/api/books/${id}/files/book.pdf/../../../auth-secret`,
    ]) {
      const { status, body } = await rawGet(server, raw, token);
      expect(status, raw).not.toBe(200);
      expect([400, 404]).toContain(status);
      expect(body.toString('latin1')).not.toContain('SQLite');
    }
  });

  test('the files are served whole with their content types, ranges and ETags', async () => {
    const pdf = await get(server, `/api/books/${id}/files/${BOOK_FILES.pdf}`, { token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('accept-ranges')).toBe('bytes');
    expect(pdf.headers.get('etag')).toBeTruthy();
    expect(pdf.headers.get('cache-control')).toMatch(/^private/);
    expect(Buffer.from(await pdf.arrayBuffer()).equals(pdfBytes)).toBe(true);

    const xml = await get(server, `/api/books/${id}/files/${BOOK_FILES.xml}`, { token });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(await xml.text()).toBe(xmlText);
    expect(xmlText).toContain('<book title="Abstract Algebra" author="T. Judson">');
  });

  test('Range requests answer 206 with the right bytes, suffix ranges, and 416 when unsatisfiable', async () => {
    const url = `/api/books/${id}/files/book.pdf`;
    const first = await get(server, url, { token, headers: { range: 'bytes=0-99' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-99/${pdfBytes.length}`);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await first.arrayBuffer()).equals(pdfBytes.subarray(0, 100))).toBe(true);

    const middle = await get(server, url, { token, headers: { range: 'bytes=1000-1499' } });
    expect(middle.status).toBe(206);
    expect(Buffer.from(await middle.arrayBuffer()).equals(pdfBytes.subarray(1000, 1500))).toBe(true);

    const suffix = await get(server, url, { token, headers: { range: 'bytes=-64' } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get('content-range')).toBe(
      `bytes ${pdfBytes.length - 64}-${pdfBytes.length - 1}/${pdfBytes.length}`,
    );
    expect(Buffer.from(await suffix.arrayBuffer()).equals(pdfBytes.subarray(-64))).toBe(true);

    // A suffix longer than the file is all of it (RFC 9110 §14.1.2).
    const longSuffix = await get(server, url, {
      token,
      headers: { range: `bytes=-${pdfBytes.length + 10}` },
    });
    expect(longSuffix.status).toBe(206);
    expect(longSuffix.headers.get('content-range')).toBe(`bytes 0-${pdfBytes.length - 1}/${pdfBytes.length}`);
    expect(Buffer.from(await longSuffix.arrayBuffer()).equals(pdfBytes)).toBe(true);

    const open = await get(server, url, { token, headers: { range: `bytes=${pdfBytes.length - 10}-` } });
    expect(open.status).toBe(206);
    expect(Buffer.from(await open.arrayBuffer()).equals(pdfBytes.subarray(-10))).toBe(true);

    const beyond = await get(server, url, { token, headers: { range: `bytes=${pdfBytes.length + 10}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${pdfBytes.length}`);
  });

  test('ranges are read as RFC 9110 §14 writes them: digits only, one list element, last clipped', async () => {
    const url = `/api/books/${id}/files/book.pdf`;
    const size = pdfBytes.length;
    const ranged = async (range: string) => {
      const response = await get(server, url, { token, headers: { range } });
      return {
        status: response.status,
        contentRange: response.headers.get('content-range'),
        body: Buffer.from(await response.arrayBuffer()),
      };
    };
    const cases: [string, number, number][] = [
      ['bytes=0-', 0, size - 1],
      ['bytes=000010-19', 10, 19],
      [`bytes=100-${size * 1000}`, 100, size - 1],
      ['bytes=0-99999999999999999999999', 0, size - 1],
      ['Bytes=0-9', 0, 9],
      // Empty list elements are ignored (RFC 9110 §5.6.1.2).
      ['bytes=0-9, ', 0, 9],
      ['bytes=, 5-9', 5, 9],
    ];
    for (const [range, first, last] of cases) {
      const answer = await ranged(range);
      expect(answer.status, range).toBe(206);
      expect(answer.contentRange, range).toBe(`bytes ${first}-${last}/${size}`);
      expect(answer.body.equals(pdfBytes.subarray(first, last + 1)), range).toBe(true);
    }
    for (const range of ['bytes=-0', `bytes=${size}-${size + 5}`, `bytes=${size}-`]) {
      const answer = await ranged(range);
      expect(answer.status, range).toBe(416);
      expect(answer.contentRange, range).toBe(`bytes */${size}`);
    }
  });

  test('an invalid Range header is ignored: 200 with the whole file', async () => {
    const url = `/api/books/${id}/files/book.pdf`;
    const invalid = [
      'bytes=-5-10',
      'bytes=0x10-0x20',
      'bytes=1e3-2e3',
      'bytes=-1e3',
      'bytes=+10-20',
      'bytes=1.5-20',
      'bytes=10-5',
      'bytes=1-2-3',
      'bytes=-',
      'bytes=',
      'bytes=0-9;x',
      'bytes 0-9',
      'pages=0-9',
      'bytes=0-9,x',
    ];
    for (const range of invalid) {
      const response = await get(server, url, { token, headers: { range } });
      expect(response.status, range).toBe(200);
      expect(response.headers.get('content-range'), range).toBeNull();
      expect(Buffer.from(await response.arrayBuffer()).equals(pdfBytes), range).toBe(true);
    }
  });

  test('several ranges are answered with the whole file (no multipart answers)', async () => {
    for (const range of ['bytes=0-9,20-29', 'bytes=0-9,5-20', 'bytes=-10,0-9']) {
      const response = await get(server, `/api/books/${id}/files/book.pdf`, { token, headers: { range } });
      expect(response.status, range).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(pdfBytes), range).toBe(true);
    }
  });

  test('If-Range compares strongly: a weak ETag never matches, only the exact Last-Modified does', async () => {
    const url = `/api/books/${id}/files/book.pdf`;
    const whole = await get(server, url, { token });
    const etag = whole.headers.get('etag') ?? '';
    const lastModified = whole.headers.get('last-modified') ?? '';
    expect(etag).toMatch(/^W\//);
    expect(lastModified).toBeTruthy();
    const later = new Date(Date.parse(lastModified) + 86_400_000).toUTCString();
    for (const ifRange of [etag, etag.slice(2), '"something-else"', later, 'not a date']) {
      const response = await rawGet(server, url, token, { range: 'bytes=0-99', 'if-range': ifRange });
      expect(response.status, ifRange).toBe(200);
      expect(response.body.equals(pdfBytes), ifRange).toBe(true);
    }
    const same = await rawGet(server, url, token, { range: 'bytes=0-99', 'if-range': lastModified });
    expect(same.status).toBe(206);
    expect(same.body.equals(pdfBytes.subarray(0, 100))).toBe(true);
  });

  test('a whole file travels compressed to a client that accepts it; a range never does', async () => {
    const xml = await rawGet(server, `/api/books/${id}/files/book.xml`, token, {
      'accept-encoding': 'br, gzip',
    });
    expect(xml.status).toBe(200);
    expect(xml.headers['content-encoding']).toBe('br');
    expect(xml.body.length).toBeLessThan(Buffer.byteLength(xmlText));
    expect(brotliDecompressSync(xml.body).toString()).toBe(xmlText);

    const range = await rawGet(server, `/api/books/${id}/files/book.xml`, token, {
      'accept-encoding': 'br, gzip',
      range: 'bytes=0-99',
    });
    expect(range.status).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.body.toString()).toBe(Buffer.from(xmlText).subarray(0, 100).toString());

    const plain = await rawGet(server, `/api/books/${id}/files/book.xml`, token);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(xmlText);
  });

  test('the whole XML is compressed once per version of the file: a strong ETag, 304, and a rewrite served anew', async () => {
    const url = `/api/books/${id}/files/book.xml`;
    const br = await rawGet(server, url, token, { 'accept-encoding': 'br' });
    const etag = br.headers.etag ?? '';
    expect(etag).toMatch(/^"[^"]+"$/); // strong: the same bytes whatever the encoding
    const gzip = await rawGet(server, url, token, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).toBe(etag);
    expect(gunzipSync(gzip.body).toString()).toBe(xmlText);
    expect((await rawGet(server, url, token, { 'if-none-match': etag })).status).toBe(304);

    // A graph rebuild rewrites the file: the next request gets the new text under a new ETag.
    const file = path.join(server.dataDir, 'books', String(id), 'book.xml');
    const rewritten = xmlText.replace('</paragraph>', ' Rebuilt.</paragraph>');
    expect(rewritten).not.toBe(xmlText);
    writeFileSync(file, rewritten);
    try {
      const fresh = await rawGet(server, url, token, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(fresh.status).toBe(200);
      expect(fresh.headers.etag).not.toBe(etag);
      expect(brotliDecompressSync(fresh.body).toString()).toBe(rewritten);
    } finally {
      writeFileSync(file, xmlText);
    }
  });

  test('a stored XML that is no book is served as it is, for the reader to say it does not parse', async () => {
    const file = path.join(server.dataDir, 'books', String(id), 'book.xml');
    writeFileSync(file, '<library><shelf/></library>');
    try {
      const broken = await rawGet(server, `/api/books/${id}/files/book.xml`, token);
      expect(broken.status).toBe(200);
      expect(broken.body.toString()).toBe('<library><shelf/></library>');
    } finally {
      writeFileSync(file, xmlText);
    }
  });

  test('the cover is a PNG about 400 px wide, cacheable, with ETag and 304', async () => {
    const cover = await get(server, `/api/books/${id}/cover`, { token });
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/png');
    expect(cover.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    const etag = cover.headers.get('etag');
    expect(etag).toBeTruthy();
    const png = Buffer.from(await cover.arrayBuffer());
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    expect(width).toBe(400);
    expect(height).toBeGreaterThan(400); // a portrait page

    // node:http, not fetch: fetch marks a request with If-None-Match `cache-control: no-cache`.
    const again = await rawGet(server, `/api/books/${id}/cover`, token, { 'if-none-match': etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    const changed = await rawGet(server, `/api/books/${id}/cover`, token, {
      'if-none-match': '"something-else"',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.equals(png)).toBe(true);
    // Without the token, even a matching ETag tells nothing.
    expect(
      (await rawGet(server, `/api/books/${id}/cover`, undefined, { 'if-none-match': etag ?? '' })).status,
    ).toBe(401);
  });

  test('the files answer 304 to a matching If-None-Match', async () => {
    for (const file of ['book.pdf', 'book.xml']) {
      const url = `/api/books/${id}/files/${file}`;
      const etag = (await get(server, url, { token })).headers.get('etag');
      expect(etag, file).toBeTruthy();
      const again = await rawGet(server, url, token, { 'if-none-match': etag ?? '' });
      expect(again.status, file).toBe(304);
      expect(again.body.length).toBe(0);
    }
  });
});
