import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  BOOKMARK_LIMITS,
  bookmarkListSchema,
  bookmarkSchema,
  errorResponseSchema,
  readingPositionSchema,
} from '@threadbook/contracts';
import { eventually } from './books-fixtures.ts';
import { insertBook, withServerDb } from './graph-fixtures.ts';
import { bearerCall, signedUp, TestClient, uniqueEmail, type SignedUpUser } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/** insertBook's books have 357 pages. */
const PAGES = 357;

let server: TestServer;
let bookId: number;
let otherBookId: number;

beforeAll(async () => {
  server = await startTestServer();
  bookId = await withServerDb(server, (db) => insertBook(db));
  otherBookId = await withServerDb(server, (db) => insertBook(db, 'Another Book'));
});
afterAll(() => server.close());

type User = SignedUpUser;

const signUp = (): Promise<User> => signedUp(server.baseUrl, { email: uniqueEmail('bookmarks') });
const call = (method: string, pathname: string, token: string | undefined, body?: unknown) =>
  bearerCall(server.baseUrl, method, pathname, token, body);

const bookmarks = (user: User, book = bookId) => call('GET', `/api/books/${book}/bookmarks`, user.token);
const put = (user: User, page: number | string, body?: unknown, book = bookId) =>
  call('PUT', `/api/books/${book}/bookmarks/${page}`, user.token, body);
const remove = (user: User, page: number | string, book = bookId) =>
  call('DELETE', `/api/books/${book}/bookmarks/${page}`, user.token);
const position = (user: User, book = bookId) => call('GET', `/api/books/${book}/position`, user.token);
const savePosition = (user: User, body: unknown, book: number | string = bookId) =>
  call('PUT', `/api/books/${book}/position`, user.token, body);

/** The pages `user` has bookmarked in `book`, as the API lists them. */
async function pagesOf(user: User, book = bookId): Promise<number[]> {
  const { status, body } = await bookmarks(user, book);
  expect(status).toBe(200);
  return bookmarkListSchema.parse(body).map((bookmark) => bookmark.page);
}

async function rowsOf(
  table: 'bookmark' | 'reading_position',
  where: { userId?: string; bookId?: number },
): Promise<number> {
  let query = server.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  if (where.userId !== undefined) query = query.where('user_id', '=', where.userId);
  if (where.bookId !== undefined) query = query.where('book_id', '=', where.bookId);
  return (await query.executeTakeFirstOrThrow()).n;
}

const updatedAt = async (user: User) =>
  (
    await server.db
      .selectFrom('reading_position')
      .select('updated_at')
      .where('user_id', '=', user.userId)
      .where('book_id', '=', bookId)
      .executeTakeFirstOrThrow()
  ).updated_at;

function expectError(response: { status: number; body: unknown }, status: number, message: string) {
  expect(response.status).toBe(status);
  expect(errorResponseSchema.parse(response.body).message).toBe(message);
}

describe('the bookmarks API', () => {
  let user: User;
  beforeAll(async () => {
    user = await signUp();
  });

  test('every route is 401 without a bearer token or with a bad one', async () => {
    await put(user, 5);
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/books/${bookId}/bookmarks`],
      ['PUT', `/api/books/${bookId}/bookmarks/6`],
      ['DELETE', `/api/books/${bookId}/bookmarks/5`],
      ['GET', `/api/books/${bookId}/position`],
      ['PUT', `/api/books/${bookId}/position`, { page: 9 }],
    ];
    for (const [method, pathname, body] of routes) {
      for (const token of [undefined, 'not-a-token']) {
        const response = await call(method, pathname, token, body);
        expect(response.status, `${method} ${pathname}`).toBe(401);
        expect(response.headers.get('www-authenticate')).toBe('Bearer');
      }
    }
    // Nothing was changed by the refused calls.
    expect(await pagesOf(user)).toEqual([5]);
    expect((await position(user)).body).toEqual({ page: null });
    expect((await remove(user, 5)).status).toBe(204);
  });

  test('a new user has no bookmarks; PUT creates one (201), again is 200 and changes nothing', async () => {
    const fresh = await signUp();
    expect(await pagesOf(fresh)).toEqual([]);

    const created = await put(fresh, 42);
    expect(created.status).toBe(201);
    const bookmark = bookmarkSchema.parse(created.body);
    expect(bookmark).toMatchObject({ page: 42, label: null });
    expect(Date.now() - Date.parse(bookmark.createdAt)).toBeLessThan(60_000);

    const again = await put(fresh, 42);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(bookmark);
    expect((await bookmarks(fresh)).body).toEqual([bookmark]);
  });

  test('the label is trimmed, blank is none, and a later PUT replaces it keeping the creation time', async () => {
    const fresh = await signUp();
    const first = bookmarkSchema.parse((await put(fresh, 7, { label: '  Lagrange theorem ' })).body);
    expect(first.label).toBe('Lagrange theorem');

    const renamed = await put(fresh, 7, { label: 'Cosets' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...first, label: 'Cosets' });

    for (const none of [{}, { label: '   ' }, { label: null }, undefined]) {
      expect((await put(fresh, 7, { label: 'again' })).body).toMatchObject({ label: 'again' });
      const cleared = await put(fresh, 7, none);
      expect(cleared.status, JSON.stringify(none)).toBe(200);
      expect(cleared.body).toEqual({ ...first, label: null });
    }
    const longest = 'x'.repeat(BOOKMARK_LIMITS.labelLength);
    expect((await put(fresh, 7, { label: longest })).body).toMatchObject({ label: longest });
  });

  test('a bad label is 400 and leaves the bookmark as it was', async () => {
    const fresh = await signUp();
    await put(fresh, 8, { label: 'kept' });
    const cases: [unknown, string][] = [
      [
        { label: 'x'.repeat(BOOKMARK_LIMITS.labelLength + 1) },
        `label: must be at most ${BOOKMARK_LIMITS.labelLength} characters`,
      ],
      [{ label: 'two\nlines' }, 'label: must be a single line without control characters'],
      [{ label: 12 }, 'label: must be text'],
    ];
    for (const [body, message] of cases) {
      const response = await put(fresh, 8, body);
      expectError(response, 400, message);
      expect((response.body as { code?: string }).code).toBe('VALIDATION');
    }
    expect((await bookmarks(fresh)).body).toMatchObject([{ page: 8, label: 'kept' }]);
  });

  test('bookmarks are listed in page order, whatever the order they were made in', async () => {
    const fresh = await signUp();
    for (const page of [300, 2, PAGES, 57, 1, 10]) expect((await put(fresh, page)).status).toBe(201);
    expect(await pagesOf(fresh)).toEqual([1, 2, 10, 57, 300, PAGES]);
  });

  test('pages run from 1 to the page count: anything else is 400 and stores nothing', async () => {
    const fresh = await signUp();
    const atLeastOne = 'page: must be a whole number of at least 1';
    const withinBook = `page: must be a whole number from 1 to ${PAGES}`;
    const cases: [string | number, string][] = [
      [0, atLeastOne],
      ['-1', atLeastOne],
      ['1.5', atLeastOne],
      ['abc', atLeastOne],
      ['1e3', atLeastOne],
      ['9999999999999999', atLeastOne],
      [PAGES + 1, withinBook],
      [100_000, withinBook],
    ];
    for (const [page, message] of cases) {
      expectError(await put(fresh, page), 400, message);
      expectError(await remove(fresh, page), 400, message);
    }
    expect(await pagesOf(fresh)).toEqual([]);
    expect((await put(fresh, 1)).status).toBe(201);
    expect((await put(fresh, PAGES)).status).toBe(201);
  });

  test("a bad book id is 400 'Invalid book id', an unknown or unfinished book 404 'Book not found'", async () => {
    const importing = await withServerDb(server, async (db) => {
      const id = await insertBook(db, 'Half Imported');
      await db.updateTable('book').set({ status: 'importing' }).where('id', '=', id).execute();
      return id;
    });
    const routes = (book: string | number): [string, string, unknown?][] => [
      ['GET', `/api/books/${book}/bookmarks`],
      ['PUT', `/api/books/${book}/bookmarks/3`],
      ['DELETE', `/api/books/${book}/bookmarks/3`],
      ['GET', `/api/books/${book}/position`],
      ['PUT', `/api/books/${book}/position`, { page: 3 }],
    ];
    for (const book of ['abc', '0', '-1', '1.5', '1e2', '%20']) {
      for (const [method, pathname, body] of routes(book)) {
        expectError(await call(method, pathname, user.token, body), 400, 'Invalid book id');
      }
    }
    for (const book of [importing, 987_654]) {
      for (const [method, pathname, body] of routes(book)) {
        expectError(await call(method, pathname, user.token, body), 404, 'Book not found');
      }
    }
    expect(
      (await rowsOf('bookmark', { bookId: importing })) +
        (await rowsOf('reading_position', { bookId: importing })),
    ).toBe(0);
  });

  test("DELETE removes the bookmark (204, no body); a page not bookmarked is 404 'Bookmark not found'", async () => {
    const fresh = await signUp();
    await put(fresh, 20);
    await put(fresh, 21);
    const response = await new TestClient(server.baseUrl).fetch(`/api/books/${bookId}/bookmarks/20`, {
      method: 'DELETE',
      token: fresh.token,
    });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(await pagesOf(fresh)).toEqual([21]);
    expectError(await remove(fresh, 20), 404, 'Bookmark not found');
    expectError(await remove(fresh, 22), 404, 'Bookmark not found');
    expect(await pagesOf(fresh)).toEqual([21]);
  });

  /** A new book of 2,000 pages in which `user` has taken every place but the last (pages 1 to 999). */
  const bookWithOnePlaceLeft = (user: User) =>
    withServerDb(server, async (db) => {
      const id = await insertBook(db, 'Long Book');
      await db.updateTable('book').set({ page_count: 2000 }).where('id', '=', id).execute();
      // Without a thousand calls.
      const createdAt = new Date().toISOString();
      await db
        .insertInto('bookmark')
        .values(
          Array.from({ length: BOOKMARK_LIMITS.perBook - 1 }, (_, i) => ({
            user_id: user.userId,
            book_id: id,
            page: i + 1,
            label: null,
            created_at: createdAt,
          })),
        )
        .execute();
      return id;
    });

  test(`at most ${BOOKMARK_LIMITS.perBook} bookmarks per book: a new one beyond is 400, an existing one can still be relabelled`, async () => {
    const fresh = await signUp();
    const bigBook = await bookWithOnePlaceLeft(fresh);
    expect((await put(fresh, 1500, undefined, bigBook)).status).toBe(201);
    const full = `A book can have at most ${BOOKMARK_LIMITS.perBook} bookmarks; remove one to add another`;
    expectError(await put(fresh, 1501, undefined, bigBook), 400, full);
    expect((await put(fresh, 1500, { label: 'still mine' }, bigBook)).status).toBe(200);
    expect(await rowsOf('bookmark', { userId: fresh.userId, bookId: bigBook })).toBe(BOOKMARK_LIMITS.perBook);
    // The limit is per user and book.
    expect((await put(fresh, 3)).status).toBe(201);
    expect((await put(await signUp(), 1501, undefined, bigBook)).status).toBe(201);

    expect((await remove(fresh, 1, bigBook)).status).toBe(204);
    expect((await put(fresh, 1501, undefined, bigBook)).status).toBe(201);
    const pages = await pagesOf(fresh, bigBook);
    expect(pages).toHaveLength(BOOKMARK_LIMITS.perBook);
    expect(pages.slice(0, 2)).toEqual([2, 3]);
    expect(pages.slice(-2)).toEqual([1500, 1501]);
  });

  test('calls at once: a new page is bookmarked once, and the last free place is taken once', async () => {
    const fresh = await signUp();
    const samePage = await Promise.all(Array.from({ length: 4 }, () => put(fresh, 7)));
    expect(samePage.map((response) => response.status).sort()).toEqual([200, 200, 200, 201]);
    expect(await pagesOf(fresh)).toEqual([7]);

    const bigBook = await bookWithOnePlaceLeft(fresh);
    const lastPlace = await Promise.all(
      [1500, 1501, 1502, 1503].map((page) => put(fresh, page, undefined, bigBook)),
    );
    expect(lastPlace.map((response) => response.status).sort()).toEqual([201, 400, 400, 400]);
    expect(await rowsOf('bookmark', { userId: fresh.userId, bookId: bigBook })).toBe(BOOKMARK_LIMITS.perBook);
  });

  test("one user never sees or changes another's bookmarks, and each book has its own", async () => {
    const alice = await signUp();
    const bob = await signUp();
    await put(alice, 10, { label: 'alice' });
    await put(alice, 11);
    await put(alice, 12, undefined, otherBookId);

    expect(await pagesOf(bob)).toEqual([]);
    expectError(await remove(bob, 10), 404, 'Bookmark not found');
    expect((await put(bob, 10, { label: 'bob' })).status).toBe(201);

    expect((await bookmarks(alice)).body).toMatchObject([
      { page: 10, label: 'alice' },
      { page: 11, label: null },
    ]);
    expect((await bookmarks(bob)).body).toMatchObject([{ page: 10, label: 'bob' }]);
    expect(await pagesOf(alice, otherBookId)).toEqual([12]);
    expect(await pagesOf(bob, otherBookId)).toEqual([]);
  });
});

describe('the reading position', () => {
  test('is {page: null} before any, then the last page saved, one row per user and book', async () => {
    const user = await signUp();
    expect((await position(user)).body).toEqual({ page: null });

    const saved = await savePosition(user, { page: 12 });
    expect(saved.status).toBe(200);
    expect(readingPositionSchema.parse(saved.body)).toEqual({ page: 12 });
    expect((await position(user)).body).toEqual({ page: 12 });
    const firstSave = await updatedAt(user);

    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await savePosition(user, { page: PAGES })).body).toEqual({ page: PAGES });
    expect((await position(user)).body).toEqual({ page: PAGES });
    expect(await rowsOf('reading_position', { userId: user.userId })).toBe(1);
    const secondSave = await updatedAt(user);
    expect(Date.parse(secondSave)).toBeGreaterThan(Date.parse(firstSave));

    // Another book and another user start afresh.
    expect((await position(user, otherBookId)).body).toEqual({ page: null });
    const other = await signUp();
    expect((await position(other)).body).toEqual({ page: null });
    await savePosition(other, { page: 3 });
    expect((await position(user)).body).toEqual({ page: PAGES });
  });

  test('a page outside 1..page count, not a whole number or missing is 400 and keeps the saved one', async () => {
    const user = await signUp();
    await savePosition(user, { page: 30 });
    const atLeastOne = 'page: must be a whole number of at least 1';
    const cases: [unknown, string][] = [
      [{ page: 0 }, atLeastOne],
      [{ page: -4 }, atLeastOne],
      [{ page: 2.5 }, atLeastOne],
      [{ page: '31' }, atLeastOne],
      [{ page: null }, atLeastOne],
      [{}, atLeastOne],
      [{ page: PAGES + 1 }, `page: must be a whole number from 1 to ${PAGES}`],
    ];
    for (const [body, message] of cases) expectError(await savePosition(user, body), 400, message);
    expect((await savePosition(user, undefined)).status).toBe(400);
    expect((await position(user)).body).toEqual({ page: 30 });
  });
});

describe('what goes with the account and with the book', () => {
  /** A user with two bookmarks and a position in each book. */
  async function reader(): Promise<User> {
    const user = await signUp();
    for (const book of [bookId, otherBookId]) {
      expect((await put(user, 4, undefined, book)).status).toBe(201);
      expect((await put(user, 9, { label: 'nine' }, book)).status).toBe(201);
      expect((await savePosition(user, { page: 9 }, book)).status).toBe(200);
    }
    return user;
  }

  test("deleting the account (POST /api/auth/delete-user) deletes its bookmarks and positions, no one else's", async () => {
    const leaving = await reader();
    const staying = await reader();
    expect(await rowsOf('bookmark', { userId: leaving.userId })).toBe(4);
    expect(await rowsOf('reading_position', { userId: leaving.userId })).toBe(2);

    const { status, body } = await leaving.client.json('/api/auth/delete-user', { body: {} });
    expect(status, JSON.stringify(body)).toBe(200);

    expect(await rowsOf('bookmark', { userId: leaving.userId })).toBe(0);
    expect(await rowsOf('reading_position', { userId: leaving.userId })).toBe(0);
    expect(await pagesOf(staying)).toEqual([4, 9]);
    expect((await position(staying, otherBookId)).body).toEqual({ page: 9 });
  });

  test("deleting a book deletes every user's bookmarks and positions in it, not in other books", async () => {
    const first = await reader();
    const second = await reader();
    const doomed = await withServerDb(server, (db) => insertBook(db, 'Withdrawn Book'));
    for (const user of [first, second]) {
      await put(user, 1, undefined, doomed);
      await savePosition(user, { page: 2 }, doomed);
    }
    expect(await rowsOf('bookmark', { bookId: doomed })).toBe(2);
    expect(await rowsOf('reading_position', { bookId: doomed })).toBe(2);

    await withServerDb(server, (db) => db.deleteFrom('book').where('id', '=', doomed).execute());

    expect(await rowsOf('bookmark', { bookId: doomed })).toBe(0);
    expect(await rowsOf('reading_position', { bookId: doomed })).toBe(0);
    // Removed by someone else than this server (here, straight from the database): refused within a
    // second, as the books API's access (features/books/access.ts).
    const refused = await eventually(async () => {
      const answer = await bookmarks(first, doomed);
      return answer.status === 404 ? answer : undefined;
    }, 2000);
    expectError(refused, 404, 'Book not found');
    for (const user of [first, second]) {
      expect(await pagesOf(user, otherBookId)).toEqual([4, 9]);
      expect((await position(user)).body).toEqual({ page: 9 });
    }
  });
});
