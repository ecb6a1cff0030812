import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseBookXml } from '@threadbook/book';
import {
  bookListSchema,
  bookMetadataSchema,
  bookSearchResponseSchema,
  UploadErrorMessage,
  uploadSchema,
} from '@threadbook/contracts';
import { migrateToLatest, ourMigrator } from '../src/db/database.ts';
import { makeDecompressionBomb, makePdf } from './books-fixtures.ts';
import { withScratchDatabase } from './support/database.ts';
import { makeTempDir, startTestServer, type TestServer } from './support/server.ts';
import { call, message, newUser, settled, upload } from './support/uploads.ts';

/**
 * What one user adds reaches no other (issue 31): the same PDF added by two users is one stored book under
 * two users' own names; a PDF that would take the server's memory fails alone; caps hold however many
 * uploads arrive at once; a file's name is checked like a typed title.
 */

let fixtures: string;
beforeAll(() => {
  fixtures = makeTempDir('threadbook-isolation-');
});
afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

/** A small PDF of its own (its words differ from every other's), as bytes. */
async function pdf(name: string, options: Parameters<typeof makePdf>[1] = {}): Promise<Uint8Array> {
  const file = path.join(fixtures, `${name}.pdf`);
  await makePdf(file, { pages: 2, words: `The ${name} edition.`, ...options });
  return new Uint8Array(readFileSync(file));
}

/** Uploads `bytes` as `fileName` with a title and author, and waits for its job; the upload's status. */
async function add(
  server: TestServer,
  token: string,
  bytes: Uint8Array,
  names: { fileName: string; title?: string; author?: string },
) {
  const query = new URLSearchParams(Object.entries(names).filter(([, v]) => v !== undefined));
  const response = await call(server, token, `/api/uploads?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/pdf' },
    body: bytes,
  });
  const status = response.status;
  const job = await settled(server, token, uploadSchema.parse(await response.json()).id);
  return { status, job };
}

describe('one PDF, two users', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  test('each sees their own title and author everywhere; neither learns the other has the file', async () => {
    const alice = await newUser(server);
    const bob = await newUser(server);
    // A PDF that names no title: the names typed are all there is, as a book's title and in its sections.
    const bytes = await pdf('shared-notes', { untitled: true, author: '' });

    const first = await add(server, alice.token, bytes, {
      fileName: 'alice-notes.pdf',
      title: 'Alice private title',
      author: 'Alice Author',
    });
    const second = await add(server, bob.token, bytes, { fileName: 'bob.pdf', title: 'Bob own title' });
    // Answered alike: a job each, whether the file was new or not.
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(first.job).toMatchObject({ state: 'done' });
    expect(second.job).toMatchObject({ state: 'done', bookId: first.job.bookId });
    const bookId = first.job.bookId!;

    const seenBy = async (token: string) => {
      const list = bookListSchema.parse(await (await call(server, token, '/api/books/')).json());
      const metadata = bookMetadataSchema.parse(
        await (await call(server, token, `/api/books/${bookId}/metadata`)).json(),
      );
      const xml = await (await call(server, token, `/api/books/${bookId}/files/book.xml`)).text();
      const search = bookSearchResponseSchema.parse(
        await (await call(server, token, `/api/books/${bookId}/search?q=groups`)).json(),
      );
      expect(search.hits.length).toBeGreaterThan(0);
      const book = parseBookXml(xml);
      return {
        listed: list.find((item) => item.id === bookId),
        metadata: { title: metadata.title, author: metadata.author },
        xml: { title: book.title, author: book.author },
        // Everything of the book a person may read, but its own words.
        everything: JSON.stringify([
          list,
          metadata,
          book.chapters.map((c) => [c.title, c.sections.map((s) => s.title)]),
          search,
        ]),
      };
    };
    const forAlice = await seenBy(alice.token);
    expect(forAlice.listed).toEqual({
      id: bookId,
      title: 'Alice private title',
      author: 'Alice Author',
      private: true,
    });
    expect(forAlice.metadata).toEqual({ title: 'Alice private title', author: 'Alice Author' });
    expect(forAlice.xml).toEqual({ title: 'Alice private title', author: 'Alice Author' });

    const forBob = await seenBy(bob.token);
    expect(forBob.listed).toEqual({ id: bookId, title: 'Bob own title', author: '', private: true });
    expect(forBob.metadata).toEqual({ title: 'Bob own title', author: '' });
    expect(forBob.xml).toEqual({ title: 'Bob own title', author: '' });
    expect(forBob.everything).not.toMatch(/Alice|alice-notes/);
    expect(forAlice.everything).not.toMatch(/Bob|bob\.pdf/);

    // A third user who typed nothing gets their file's name, not another's title, for a PDF naming none.
    const carol = await newUser(server);
    const third = await add(server, carol.token, bytes, { fileName: 'Carol Notes.pdf' });
    expect(third).toMatchObject({ status: 202, job: { state: 'done', bookId } });
    const forCarol = await seenBy(carol.token);
    expect(forCarol.listed).toMatchObject({ title: 'Carol Notes', author: '' });
    expect(forCarol.everything).not.toMatch(/Alice|alice-notes|Bob|bob\.pdf/);
  });

  test("a file's name is checked like a typed title", async () => {
    const { token } = await newUser(server);
    const bytes = await pdf('named');
    const jobs = async () => (await server.db.selectFrom('job').select('id').execute()).length;
    const jobsBefore = await jobs();
    for (const fileName of ['a\u0000b.pdf', 'a\r\nb.pdf', 'a\u202Eb.pdf', 'a\u2067b.pdf', '   ']) {
      const refused = await upload(server, token, bytes, fileName);
      expect(refused.status, JSON.stringify(fileName)).toBe(400);
    }
    const title = await upload(server, token, bytes, 'ok.pdf', 'A \u202Ereversed title');
    expect(title.status).toBe(400);
    expect(await message(title)).toMatch(/text direction/);
    expect(await jobs()).toBe(jobsBefore);
  });
});

describe('caps under uploads sent at once', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ MAX_BOOKS_PER_USER: '3', UPLOADS_PER_HOUR: '100' });
  });
  afterAll(() => server.close());

  test(
    'no number of parallel uploads ends above MAX_BOOKS_PER_USER, of stored PDFs or new ones',
    { timeout: 180_000 },
    async () => {
      // Three PDFs the library holds already, each another user's private book.
      const stored = await Promise.all(['stored-1', 'stored-2', 'stored-3'].map((name) => pdf(name)));
      for (const bytes of stored) {
        const { token } = await newUser(server);
        expect((await add(server, token, bytes, { fileName: 'mine.pdf' })).job).toMatchObject({
          state: 'done',
        });
      }
      const fresh = await Promise.all(Array.from({ length: 10 }, (_, i) => pdf(`fresh-${i}`)));

      for (const batch of [[...stored, ...fresh.slice(0, 3)], fresh.slice(3)]) {
        const { token } = await newUser(server);
        const answers = await Promise.all(
          batch.map((bytes, i) => upload(server, token, bytes, `book-${i}.pdf`)),
        );
        const statuses = answers.map((answer) => answer.status).sort();
        expect(statuses).toEqual([...Array(3).fill(202), ...Array(batch.length - 3).fill(403)]);
        for (const refused of answers.filter((answer) => answer.status === 403)) {
          expect(await message(refused)).toBe(UploadErrorMessage.tooManyBooks(3));
        }
        for (const accepted of answers.filter((answer) => answer.status === 202)) {
          const job = await settled(server, token, uploadSchema.parse(await accepted.json()).id);
          expect(job).toMatchObject({ state: 'done' });
        }
        const own = bookListSchema.parse(await (await call(server, token, '/api/books/')).json());
        expect(own.filter((book) => book.private)).toHaveLength(3);
      }
    },
  );
});

test(
  'a decompression bomb fails with a message, and the server keeps its memory',
  { timeout: 180_000 },
  async () => {
    const server = await startTestServer({ IMPORT_MEMORY_MB: '400' });
    try {
      const { token } = await newUser(server);
      // About 1 MB that inflates to 1 GB: imported in the server's own memory, it took 2.2 GB more.
      const file = path.join(fixtures, 'bomb.pdf');
      await makeDecompressionBomb(file, 1024);
      const bytes = new Uint8Array(readFileSync(file));
      expect(bytes.length).toBeLessThan(2 * 1024 * 1024);

      const before = process.memoryUsage.rss();
      let peak = before;
      const watch = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
      try {
        const response = await upload(server, token, bytes, 'bomb.pdf', 'Bomb');
        expect(response.status).toBe(202);
        const job = await settled(server, token, uploadSchema.parse(await response.json()).id);
        expect(job).toMatchObject({
          state: 'failed',
          error: 'This PDF needs more memory than the server allows for one book.',
        });
      } finally {
        clearInterval(watch);
      }
      // The server's process (this one) grew by what serving takes, not by the import's gigabyte.
      expect((peak - before) / 1024 / 1024).toBeLessThan(200);
      expect(await server.db.selectFrom('book').select('id').execute()).toEqual([]);
      // The server goes on: another upload is imported.
      const after = await add(server, token, await pdf('after-bomb'), { fileName: 'after.pdf' });
      expect(after.job).toMatchObject({ state: 'done' });
    } finally {
      await server.close();
    }
  },
);

test('an installation from before gives each owner of a private book their own names (migration 011)', async () => {
  await withScratchDatabase('threadbook-owner-names-', async ({ db }) => {
    await ourMigrator(db).migrateTo('010-own-books');
    const book = (title: string, author: string, sha256: string) =>
      db
        .insertInto('book')
        .values({
          title,
          author,
          page_count: 2,
          sha256,
          status: 'ready',
          source_name: 'x.pdf',
          import_owner: null,
          created_at: new Date().toISOString(),
          visibility: 'private',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    // Alice's typed names were the book's; Bob's (the same PDF, added after) only in his upload's job.
    const { id: shared } = await book('Alice private title', 'Alice Author', 'a'.repeat(64));
    const { id: renamed } = await book('Typed once', '', 'b'.repeat(64));
    const owner = (bookId: number, userId: string, addedAt: string, title: string | null = null) =>
      db
        .insertInto('book_owner')
        .values({ book_id: bookId, user_id: userId, title, author: null, added_at: addedAt })
        .execute();
    await owner(shared, 'alice', '2026-01-01T00:00:00.000Z');
    await owner(shared, 'bob', '2026-01-02T00:00:00.000Z');
    await owner(shared, 'carol', '2026-01-03T00:00:00.000Z');
    await owner(renamed, 'alice', '2026-01-01T00:00:00.000Z', 'Renamed by Alice');
    const job = (userId: string, payload: object) =>
      db
        .insertInto('job')
        .values({
          kind: 'upload',
          payload: JSON.stringify(payload),
          state: 'done',
          owner_id: userId,
          book_id: shared,
          created_at: Date.now(),
          updated_at: Date.now(),
        })
        .execute();
    await job('bob', { upload: 'u1', fileName: 'bob.pdf', title: 'Bob own title', size: 1 });
    await job('carol', { upload: 'u2', fileName: 'Carol Notes.pdf', size: 1 });

    await migrateToLatest(db);
    const names = await db
      .selectFrom('book_owner')
      .select(['book_id', 'user_id', 'title', 'author'])
      .orderBy('book_id')
      .orderBy('user_id')
      .execute();
    expect(names).toEqual([
      { book_id: shared, user_id: 'alice', title: 'Alice private title', author: 'Alice Author' },
      { book_id: shared, user_id: 'bob', title: 'Bob own title', author: '' },
      { book_id: shared, user_id: 'carol', title: 'Carol Notes', author: '' },
      { book_id: renamed, user_id: 'alice', title: 'Renamed by Alice', author: null },
    ]);
  });
});
