import http from 'node:http';
import { existsSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bookListSchema,
  UploadErrorMessage,
  uploadSchema,
  uploadsResponseSchema,
  type Upload,
} from '@threadbook/contracts';
import { migrateToLatest } from '../src/db/database.ts';
import { openBookStorage } from '../src/features/books/storage.ts';
import { createJobQueue } from '../src/features/jobs/queue.ts';
import { removeStrayUploads } from '../src/features/uploads/stray-uploads.ts';
import { eventually, makePdf } from './books-fixtures.ts';
import { dropTestDatabase, openTestDatabase } from './support/database.ts';
import { call, message, newUser, settled, upload } from './support/uploads.ts';
import { childProcesses, runCommand } from './support/process.ts';
import { makeTempDir, startTestServer, type TestServer } from './support/server.ts';

const uploadsDir = (server: TestServer) => path.join(server.dataDir, 'uploads');
const leftUploads = (server: TestServer) =>
  existsSync(uploadsDir(server)) ? readdirSync(uploadsDir(server)) : [];

describe('your own books: uploads, privacy, rename, remove', { timeout: 180_000 }, () => {
  let server: TestServer;
  let fixtures: string;
  let algebra: Uint8Array;
  let geometry: Uint8Array;
  let encrypted: Uint8Array;

  beforeAll(async () => {
    fixtures = makeTempDir('threadbook-uploads-');
    const file = (name: string) => path.join(fixtures, name);
    await makePdf(file('algebra.pdf'), { pages: 3, title: 'Algebra Notes', author: 'A. Author' });
    await makePdf(file('geometry.pdf'), { pages: 2, title: 'Geometry Notes' });
    await makePdf(file('locked.pdf'), { pages: 2, userPassword: 'secret' });
    [algebra, geometry, encrypted] = ['algebra.pdf', 'geometry.pdf', 'locked.pdf'].map(
      (name) => new Uint8Array(readFileSync(file(name))),
    ) as [Uint8Array, Uint8Array, Uint8Array];
    server = await startTestServer({ MAX_BOOK_MB: '1', MAX_BOOKS_PER_USER: '2', UPLOADS_PER_HOUR: '6' });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(fixtures, { recursive: true, force: true });
  });

  test('an upload becomes a private book of its uploader; every route is 404 to another user', async () => {
    const owner = await newUser(server);
    const other = await newUser(server);
    const listed = uploadsResponseSchema.parse(
      await (await call(server, owner.token, '/api/uploads')).json(),
    );
    expect(listed).toEqual({ enabled: true, maxBookMb: 1, uploads: [] });

    const response = await upload(server, owner.token, algebra, 'algebra.pdf');
    expect(response.status).toBe(202);
    const queued = uploadSchema.parse(await response.json());
    expect(queued).toMatchObject({
      fileName: 'algebra.pdf',
      title: 'algebra',
      state: 'queued',
      size: algebra.length,
    });
    // The upload shows with its progress until it is a book, and is its uploader's alone.
    const seen = uploadsResponseSchema.parse(await (await call(server, owner.token, '/api/uploads')).json());
    expect(seen.uploads.map((item) => item.id)).toEqual([queued.id]);
    expect(
      uploadsResponseSchema.parse(await (await call(server, other.token, '/api/uploads')).json()).uploads,
    ).toEqual([]);

    const job = await settled(server, owner.token, queued.id);
    expect(job).toMatchObject({ state: 'done', error: null });
    const bookId = job.bookId!;
    expect(leftUploads(server)).toEqual([]);
    const mine = bookListSchema.parse(await (await call(server, owner.token, '/api/books/')).json());
    expect(mine).toContainEqual({ id: bookId, title: 'Algebra Notes', author: 'A. Author', private: true });
    const theirs = bookListSchema.parse(await (await call(server, other.token, '/api/books/')).json());
    expect(theirs.map((book) => book.id)).not.toContain(bookId);

    const graph = (await (await call(server, owner.token, `/api/graph/books/${bookId}/graph`)).json()) as {
      nodes: { id: string }[];
    };
    const [first, second] = graph.nodes.map((node) => node.id) as [string, string | undefined];
    const routes = [
      `/api/books/${bookId}/metadata`,
      `/api/books/${bookId}/cover`,
      `/api/books/${bookId}/files/book.pdf`,
      `/api/books/${bookId}/files/book.xml`,
      `/api/books/${bookId}/search?q=algebra`,
      `/api/books/${bookId}/bookmarks`,
      `/api/books/${bookId}/position`,
      `/api/graph/books/${bookId}/graph`,
      `/api/graph/books/${bookId}/paragraphs?ids=${first}`,
      `/api/graph/books/${bookId}/paragraphs/${first}`,
      `/api/graph/books/${bookId}/paragraphs/${first}/related`,
      `/api/graph/books/${bookId}/pages/1/references`,
      `/api/graph/books/${bookId}/pages/1/terms`,
      `/api/jobs/${queued.id}`,
    ];
    for (const route of routes) {
      expect((await call(server, owner.token, route)).status, route).not.toBe(404);
      const refused = await call(server, other.token, route);
      expect(refused.status, route).toBe(404);
    }
    const writes: [string, string, unknown][] = [
      ['PUT', `/api/books/${bookId}/bookmarks/1`, {}],
      ['PUT', `/api/books/${bookId}/position`, { page: 1 }],
      ['PATCH', `/api/books/${bookId}`, { title: 'Mine now' }],
      ['DELETE', `/api/books/${bookId}`, undefined],
      [
        'POST',
        `/api/graph/books/${bookId}/paragraphs/summary`,
        { relationship_type: 'ELABORATION', source_paragraph: first, related_paragraph: second ?? first },
      ],
      ['POST', `/api/uploads/${queued.id}/retry`, undefined],
      ['DELETE', `/api/uploads/${queued.id}`, undefined],
    ];
    for (const [method, route, body] of writes) {
      const refused = await call(server, other.token, route, {
        method,
        ...(body === undefined
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      expect(refused.status, `${method} ${route} ${await refused.clone().text()}`).toBe(404);
    }
    expect(
      bookListSchema.parse(await (await call(server, owner.token, '/api/books/')).json()),
    ).toContainEqual(expect.objectContaining({ id: bookId, title: 'Algebra Notes' }));

    // The same PDF again is the same book; another user adding it gets it as a book of their own. Both
    // are answered as a new upload is: a job, which finds the book.
    const again = await upload(server, owner.token, algebra, 'copy.pdf');
    expect(again.status).toBe(202);
    const againJob = await settled(server, owner.token, uploadSchema.parse(await again.json()).id);
    expect(againJob).toMatchObject({ state: 'done', bookId });
    const shared = await upload(server, other.token, algebra, 'algebra.pdf');
    expect(shared.status).toBe(202);
    const sharedJob = await settled(server, other.token, uploadSchema.parse(await shared.json()).id);
    expect(sharedJob).toMatchObject({ state: 'done', bookId });
    expect(
      bookListSchema.parse(await (await call(server, other.token, '/api/books/')).json()),
    ).toContainEqual(expect.objectContaining({ id: bookId, private: true }));

    // Each renames it for themselves; a shared book is not theirs to rename (403), another's private is 404.
    const renamed = await call(server, other.token, `/api/books/${bookId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: '  My algebra ', author: 'Me' }),
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toEqual({ id: bookId, title: 'My algebra', author: 'Me', private: true });
    expect(
      bookListSchema.parse(await (await call(server, owner.token, '/api/books/')).json()),
    ).toContainEqual(expect.objectContaining({ id: bookId, title: 'Algebra Notes' }));
    const blank = await call(server, other.token, `/api/books/${bookId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: '   ' }),
    });
    expect(blank.status).toBe(400);

    // Removing: the book stays for the other owner, and goes with the last one, files and all.
    await call(server, owner.token, `/api/books/${bookId}/bookmarks/1`, { method: 'PUT' });
    expect((await call(server, owner.token, `/api/books/${bookId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(server, owner.token, `/api/books/${bookId}/metadata`)).status).toBe(404);
    expect((await call(server, other.token, `/api/books/${bookId}/metadata`)).status).toBe(200);
    expect(
      await server.db.selectFrom('bookmark').select('page').where('book_id', '=', bookId).execute(),
    ).toEqual([]);
    expect((await call(server, other.token, `/api/books/${bookId}`, { method: 'DELETE' })).status).toBe(204);
    expect(await server.db.selectFrom('book').select('id').where('id', '=', bookId).execute()).toEqual([]);
    expect(existsSync(path.join(server.dataDir, 'books', String(bookId)))).toBe(false);
  });

  test('an upload is imported in a process started while its bytes came, not after', async () => {
    const { token } = await newUser(server);
    const before = new Set(childProcesses());
    const started = () => childProcesses().filter((pid) => !before.has(pid));
    const request = http.request(`${server.baseUrl}/api/uploads?fileName=algebra.pdf`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/pdf',
        'content-length': algebra.length,
      },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });
    // Half the file: the import's process is there before the rest comes.
    request.write(algebra.subarray(0, algebra.length >> 1));
    const [spare, ...more] = await eventually(async () => {
      const pids = started();
      return pids.length > 0 ? pids : undefined;
    }, 30_000);
    expect(more).toEqual([]);
    const seen = new Set([spare]);
    const watch = setInterval(() => started().forEach((pid) => seen.add(pid)), 5);
    try {
      request.end(algebra.subarray(algebra.length >> 1));
      const { status, body } = await answered;
      expect(status).toBe(202);
      const job = await settled(server, token, uploadSchema.parse(JSON.parse(body)).id);
      expect(job).toMatchObject({ state: 'done', error: null });
    } finally {
      clearInterval(watch);
    }
    // The job ran in that process, which ended with it: no other was started.
    expect([...seen]).toEqual([spare]);
    await eventually(async () => (started().length === 0 ? true : undefined), 10_000);
  });

  test('refused files leave nothing: not a PDF by its bytes, too large declared or streamed', async () => {
    const { token } = await newUser(server);
    const jobsBefore = await server.db.selectFrom('job').select('id').execute();

    const text = new TextEncoder().encode('just some notes, not a PDF at all\n'.repeat(100));
    const notPdf = await upload(server, token, text, 'notes.pdf');
    expect(notPdf.status).toBe(415);
    expect(await message(notPdf)).toBe(UploadErrorMessage.notPdf);

    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    const declared = await upload(server, token, big, 'big.pdf');
    expect(declared.status).toBe(413);
    expect(await message(declared)).toBe('The file is larger than 1 MB.');

    // Chunked, without a length: refused while streaming, once past the limit.
    const streamed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(`${server.baseUrl}/api/uploads?fileName=big.pdf`);
      const request = http.request(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/pdf',
          'transfer-encoding': 'chunked',
        },
      });
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      // The server may close the connection while this still sends: the answer is what counts.
      request.on('error', (error) => (error.message.includes('EPIPE') ? undefined : reject(error)));
      const chunk = big.subarray(0, 64 * 1024);
      let sent = 0;
      const more = () => {
        // 40 chunks of 64 KB: 2.5 MB, past the 1 MB limit.
        while (sent < 40) {
          sent += 1;
          if (!request.write(chunk)) return void request.once('drain', more);
        }
        request.end();
      };
      more();
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toMatchObject({ message: 'The file is larger than 1 MB.' });

    expect(leftUploads(server)).toEqual([]);
    expect(await server.db.selectFrom('job').select('id').execute()).toEqual(jobsBefore);
    // The uploads began an import's process ahead; one waits for the next job, not one per upload.
    expect(childProcesses()).toHaveLength(1);
  });

  test('a PDF the import refuses keeps its message, cannot be retried, and Remove deletes it', async () => {
    const { token } = await newUser(server);
    const response = await upload(server, token, encrypted, 'locked.pdf');
    expect(response.status).toBe(202);
    const { id } = uploadSchema.parse(await response.json());
    await settled(server, token, id);
    const { uploads } = uploadsResponseSchema.parse(await (await call(server, token, '/api/uploads')).json());
    const failed = uploads.find((item) => item.id === id) as Upload;
    expect(failed).toMatchObject({ state: 'failed', retryable: false, fileName: 'locked.pdf' });
    expect(failed.error).toContain('password');
    expect(failed.error).not.toContain(server.dataDir);
    expect(leftUploads(server)).toHaveLength(1);
    expect((await call(server, token, `/api/uploads/${id}/retry`, { method: 'POST' })).status).toBe(409);
    expect((await call(server, token, `/api/uploads/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(leftUploads(server)).toEqual([]);
    expect(
      uploadsResponseSchema.parse(await (await call(server, token, '/api/uploads')).json()).uploads,
    ).toEqual([]);
  });

  test("caps: books of one's own, and uploads an hour", async () => {
    const { token } = await newUser(server);
    for (const [bytes, name] of [
      [algebra, 'a.pdf'],
      [geometry, 'g.pdf'],
    ] as const) {
      const response = await upload(server, token, bytes, name);
      expect(response.status, name).toBeLessThan(300);
      const { id, state } = uploadSchema.parse(await response.json());
      if (state !== 'done') await settled(server, token, id);
    }
    const third = await upload(server, token, encrypted, 'third.pdf');
    expect(third.status).toBe(403);
    expect(await message(third)).toBe(UploadErrorMessage.tooManyBooks(2));

    const hasty = await newUser(server);
    const statuses: number[] = [];
    for (let n = 0; n < 7; n += 1)
      statuses.push((await upload(server, hasty.token, new TextEncoder().encode('x'), 'x.pdf')).status);
    expect(statuses).toEqual([415, 415, 415, 415, 415, 415, 429]);
  });

  test('deleting the account deletes its own books, with their files, and its uploads', async () => {
    const user = await newUser(server);
    const response = await upload(server, user.token, geometry, 'geometry.pdf');
    const { id, state, bookId: found } = uploadSchema.parse(await response.json());
    const bookId = state === 'done' ? found! : (await settled(server, user.token, id)).bookId!;
    const owners = await server.db
      .selectFrom('book_owner')
      .select('user_id')
      .where('book_id', '=', bookId)
      .execute();
    const failing = uploadSchema.parse(
      await (await upload(server, user.token, encrypted, 'locked.pdf')).json(),
    );
    await settled(server, user.token, failing.id);
    expect(leftUploads(server).length).toBeGreaterThan(0);

    expect((await user.client.json('/api/auth/delete-user', { body: {} })).status).toBe(200);
    const stillOwned = owners.length > 1;
    expect(await server.db.selectFrom('book').select('id').where('id', '=', bookId).execute()).toHaveLength(
      stillOwned ? 1 : 0,
    );
    expect(existsSync(path.join(server.dataDir, 'books', String(bookId)))).toBe(stillOwned);
    expect(
      await server.db.selectFrom('job').select('id').where('id', 'in', [id, failing.id]).execute(),
    ).toEqual([]);
    expect(leftUploads(server)).toEqual([]);
  });
});

describe('npm run books: the operator shares, unshares and removes a book a user added', () => {
  test('list, share, unshare, remove', { timeout: 120_000 }, async () => {
    const server = await startTestServer();
    try {
      const owner = await newUser(server);
      const other = await newUser(server);
      const pdf = path.join(server.dataDir, 'course.pdf');
      await makePdf(pdf, { pages: 2, title: 'Course Textbook' });
      const added = uploadSchema.parse(
        await (await upload(server, owner.token, new Uint8Array(readFileSync(pdf)), 'course.pdf')).json(),
      );
      const bookId = (await settled(server, owner.token, added.id)).bookId!;
      const books = (token: string) =>
        call(server, token, '/api/books/').then(async (response) =>
          bookListSchema.parse(await response.json()),
        );
      const books$ = (...args: string[]) => runCommand('books', server.dataDir, args);

      const list = await books$('list');
      expect(list.code, list.stderr).toBe(0);
      const email = (await server.db.selectFrom('user').select('email').executeTakeFirstOrThrow()).email;
      expect(list.stdout).toContain(`${bookId}\tprivate\t2 pp\tCourse Textbook`);
      expect(list.stdout).toContain(email);

      expect((await books$('share', String(bookId))).code).toBe(0);
      await eventually(async () =>
        (await books(other.token)).some((book) => book.id === bookId) ? true : undefined,
      );
      expect((await books(owner.token)).find((book) => book.id === bookId)?.private).toBe(false);

      expect((await books$('unshare', String(bookId))).code).toBe(0);
      await eventually(async () =>
        (await books(other.token)).some((book) => book.id === bookId) ? undefined : true,
      );
      expect((await call(server, other.token, `/api/books/${bookId}/metadata`)).status).toBe(404);

      const removed = await books$('remove', String(bookId));
      expect(removed.stdout).toContain('removed');
      expect((await books(owner.token)).some((book) => book.id === bookId)).toBe(false);
      expect(existsSync(path.join(server.dataDir, 'books', String(bookId)))).toBe(false);

      const unknown = await books$('share', String(bookId));
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain(`There is no book ${bookId} in the library.`);
      expect((await books$('share', 'abc')).code).toBe(2);
    } finally {
      await server.close();
    }
  });
});

describe('an import stopped at its limits fails with a message, final', () => {
  test.each([
    [
      'time',
      { IMPORT_TIME_LIMIT_MINUTES: '0.005' },
      'The import took longer than 0.005 minutes and was stopped.',
    ],
    ['memory', { IMPORT_MEMORY_MB: '4' }, 'This PDF needs more memory than the server allows for one book.'],
  ])('%s', { timeout: 120_000 }, async (_limit, env, expected) => {
    const server = await startTestServer(env);
    try {
      const { token } = await newUser(server);
      const pdf = path.join(server.dataDir, 'long.pdf');
      await makePdf(pdf, { pages: 150, linesPerPage: 40, title: 'Long Book' });
      const response = await upload(server, token, new Uint8Array(readFileSync(pdf)), 'long.pdf');
      const { id } = uploadSchema.parse(await response.json());
      const job = await settled(server, token, id);
      expect(job).toMatchObject({ state: 'failed', error: expected });
      const { uploads } = uploadsResponseSchema.parse(
        await (await call(server, token, '/api/uploads')).json(),
      );
      expect(uploads.find((item) => item.id === id)?.retryable).toBe(false);
      expect(await server.db.selectFrom('book').select('id').execute()).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

test('upload files no job names are removed once an hour old; named ones stay', async () => {
  const dataDir = makeTempDir('threadbook-strays-');
  const database = await openTestDatabase(dataDir);
  try {
    await migrateToLatest(database.db);
    const storage = openBookStorage({ dataDir });
    const queue = createJobQueue(database.db);
    const named = await storage.createUpload();
    const stray = await storage.createUpload();
    const fresh = await storage.createUpload();
    for (const { file } of [named, stray, fresh]) writeFileSync(file, '%PDF-1.7');
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    for (const { file } of [named, stray]) utimesSync(file, hoursAgo, hoursAgo);
    await queue.enqueue('upload', { upload: named.name, fileName: 'a.pdf', size: 8 }, { userId: 'u1' });
    expect(await removeStrayUploads(database.db, storage)).toBe(1);
    expect((await storage.listUploads()).map((upload) => upload.name).sort()).toEqual(
      [named.name, fresh.name].sort(),
    );
  } finally {
    await database.close();
    await dropTestDatabase(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test(
  'an upload still importing when its user deletes the account leaves no book behind',
  { timeout: 120_000 },
  async () => {
    const server = await startTestServer();
    try {
      const user = await newUser(server);
      const pdf = path.join(server.dataDir, 'long.pdf');
      await makePdf(pdf, { pages: 300, linesPerPage: 40, title: 'Long Book' });
      const { id } = uploadSchema.parse(
        await (await upload(server, user.token, new Uint8Array(readFileSync(pdf)), 'long.pdf')).json(),
      );
      await eventually(async () => {
        const job = await server.db.selectFrom('job').select('stage').where('id', '=', id).executeTakeFirst();
        return job?.stage === 'extracting' ? true : undefined;
      });
      expect((await user.client.json('/api/auth/delete-user', { body: {} })).status).toBe(200);
      // The import goes on to its end. The runner takes one job at a time: once another user's upload,
      // queued now, is done, the first is over, and the book it made must be gone with its user.
      const next = await newUser(server);
      const small = path.join(server.dataDir, 'small.pdf');
      await makePdf(small, { pages: 2, title: 'Small Book' });
      const queued = uploadSchema.parse(
        await (await upload(server, next.token, new Uint8Array(readFileSync(small)), 'small.pdf')).json(),
      );
      expect((await settled(server, next.token, queued.id)).state).toBe('done');
      const titles = await server.db.selectFrom('book').select('title').execute();
      expect(titles).toEqual([{ title: 'Small Book' }]);
      expect(await server.db.selectFrom('book_owner').select('user_id').execute()).toHaveLength(1);
    } finally {
      await server.close();
    }
  },
);

describe('UPLOADS=off', () => {
  test('the Library is told, and an upload is refused', async () => {
    const server = await startTestServer({ UPLOADS: 'off' });
    try {
      const { token } = await newUser(server);
      const listed = uploadsResponseSchema.parse(await (await call(server, token, '/api/uploads')).json());
      expect(listed.enabled).toBe(false);
      const pdf = path.join(server.dataDir, 'tiny.pdf');
      await makePdf(pdf, { pages: 1 });
      const refused = await upload(server, token, new Uint8Array(readFileSync(pdf)), 'tiny.pdf');
      expect(refused.status).toBe(403);
      expect(await message(refused)).toBe(UploadErrorMessage.disabled);
      expect(leftUploads(server)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
