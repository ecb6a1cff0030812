import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeBookXml } from '@threadbook/book';
import {
  ANNOTATION_LIMITS,
  annotationListSchema,
  annotationSchema,
  errorResponseSchema,
  type Annotation,
  type AnnotationRequest,
} from '@threadbook/contracts';
import { localBookStorage } from '../src/features/books/storage.ts';
import { replaceBookGraph } from '../src/features/graph/store.ts';
import { graphBook, graphOfBook, insertBook, seedGraphBook, withServerDb } from './graph-fixtures.ts';
import { bearerCall, signedUp, uniqueEmail, type SignedUpUser } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/** insertBook's books have 357 pages. */
const PAGES = 357;

let server: TestServer;
let bookId: number;
let otherBookId: number;

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'error' });
  bookId = await withServerDb(server, (db) => insertBook(db));
  otherBookId = await withServerDb(server, (db) => insertBook(db, 'Another Book'));
  // The export names sections from the book's Book XML.
  fs.mkdirSync(path.join(server.dataDir, 'books', String(bookId)), { recursive: true });
  await localBookStorage(server.dataDir).replace(bookId, 'book.xml', writeBookXml(graphBook()));
});
afterAll(() => server.close());

type User = SignedUpUser;

const signUp = (): Promise<User> => signedUp(server.baseUrl, { email: uniqueEmail('annotations') });
const call = (method: string, pathname: string, token: string | undefined, body?: unknown) =>
  bearerCall(server.baseUrl, method, pathname, token, body);

const base = (book: number | string = bookId) => `/api/books/${book}/annotations`;
const list = (user: User, book: number | string = bookId) => call('GET', base(book), user.token);
const create = (user: User, body: unknown, book: number | string = bookId) =>
  call('POST', base(book), user.token, body);
const patch = (user: User, id: string, body: unknown, book: number | string = bookId) =>
  call('PATCH', `${base(book)}/${id}`, user.token, body);
const remove = (user: User, id: string, book: number | string = bookId) =>
  call('DELETE', `${base(book)}/${id}`, user.token);

/** A highlight of `exact` on `page`, in paragraph 3.1.2 of graphBook unless told. */
function highlight(page: number, exact: string, more: Partial<AnnotationRequest> = {}): AnnotationRequest {
  return {
    colour: 'yellow',
    target: {
      page,
      pageLabel: String(page - 16),
      paragraphId: '3.1.2',
      quote: { exact, prefix: 'the ', suffix: ' of' },
      position: { start: 100, end: 100 + exact.length },
      rects: [{ left: 0.1, top: 0.2, right: 0.6, bottom: 0.23 }],
    },
    ...more,
  };
}

async function created(user: User, body: AnnotationRequest, book = bookId): Promise<Annotation> {
  const response = await create(user, body, book);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return annotationSchema.parse(response.body);
}

async function annotationsOf(user: User, book = bookId): Promise<Annotation[]> {
  const response = await list(user, book);
  expect(response.status).toBe(200);
  return annotationListSchema.parse(response.body);
}

function expectError(response: { status: number; body: unknown }, status: number, message: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(errorResponseSchema.parse(response.body).message).toBe(message);
}

async function rows(where: { userId?: string; bookId?: number }): Promise<number> {
  let query = server.db.selectFrom('annotation').select((eb) => eb.fn.countAll<number>().as('n'));
  if (where.userId !== undefined) query = query.where('user_id', '=', where.userId);
  if (where.bookId !== undefined) query = query.where('book_id', '=', where.bookId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

describe('the annotations API', () => {
  test('every route is 401 without a bearer token or with a bad one, and changes nothing', async () => {
    const user = await signUp();
    const kept = await created(user, highlight(40, 'equivalence relation'));
    const routes: [string, string, unknown?][] = [
      ['GET', base()],
      ['POST', base(), highlight(41, 'coset')],
      ['PATCH', `${base()}/${kept.id}`, { colour: 'green' }],
      ['DELETE', `${base()}/${kept.id}`],
      ['GET', `${base()}/export?format=md`],
    ];
    for (const [method, pathname, body] of routes) {
      for (const token of [undefined, 'not-a-token']) {
        const response = await call(method, pathname, token, body);
        expect(response.status, `${method} ${pathname}`).toBe(401);
        expect(response.headers.get('www-authenticate')).toBe('Bearer');
      }
    }
    expect(await annotationsOf(user)).toEqual([kept]);
  });

  test('a highlight is created (201) with its anchor as sent, listed, recoloured, annotated and deleted (204)', async () => {
    const user = await signUp();
    expect(await annotationsOf(user)).toEqual([]);

    const made = await created(user, highlight(41, 'equivalence classes', { note: '  Why a partition?  ' }));
    expect(made).toMatchObject({
      colour: 'yellow',
      note: 'Why a partition?',
      placed: true,
      target: {
        page: 41,
        pageLabel: '25',
        paragraphId: '3.1.2',
        quote: { exact: 'equivalence classes', prefix: 'the ', suffix: ' of' },
        position: { start: 100, end: 119 },
        rects: [{ left: 0.1, top: 0.2, right: 0.6, bottom: 0.23 }],
      },
    });
    expect(Date.now() - Date.parse(made.createdAt)).toBeLessThan(60_000);
    expect(await annotationsOf(user)).toEqual([made]);

    const recoloured = await patch(user, made.id, { colour: 'pink' });
    expect(recoloured.status).toBe(200);
    expect(recoloured.body).toMatchObject({
      colour: 'pink',
      note: 'Why a partition?',
      createdAt: made.createdAt,
    });

    const noted = annotationSchema.parse((await patch(user, made.id, { note: 'A partition of Z.' })).body);
    expect(noted).toMatchObject({ colour: 'pink', note: 'A partition of Z.' });
    // A blank note, or null, removes it; the highlight stays.
    for (const none of ['   ', null]) {
      await patch(user, made.id, { note: 'again' });
      expect((await patch(user, made.id, { note: none })).body).toMatchObject({ note: null, colour: 'pink' });
    }

    expect((await remove(user, made.id)).status).toBe(204);
    expect(await annotationsOf(user)).toEqual([]);
    expectError(await remove(user, made.id), 404, 'Annotation not found');
    expectError(await patch(user, made.id, { colour: 'blue' }), 404, 'Annotation not found');
  });

  test('highlights are listed in book order: by page, then by place on the page', async () => {
    const user = await signUp();
    const at = (page: number, start: number) => {
      const body = highlight(page, 'words');
      body.target.position = { start, end: start + 5 };
      return body;
    };
    for (const [page, start] of [
      [300, 0],
      [2, 50],
      [2, 10],
      [PAGES, 7],
      [57, 0],
    ] as const)
      await created(user, at(page, start));
    const order = (await annotationsOf(user)).map((a) => [a.target.page, a.target.position.start]);
    expect(order).toEqual([
      [2, 10],
      [2, 50],
      [57, 0],
      [300, 0],
      [PAGES, 7],
    ]);
  });

  test('a bad body is 400 with a message that says what is wrong, and stores nothing', async () => {
    const user = await signUp();
    const good = highlight(40, 'coset');
    const cases: [unknown, string][] = [
      [{ ...good, colour: 'red' }, 'colour: must be one of yellow, green, blue, pink'],
      [
        { ...good, note: 'x'.repeat(ANNOTATION_LIMITS.noteLength + 1) },
        'note: must be at most 10000 characters',
      ],
      [{ ...good, note: 12 }, 'note: must be text'],
      [
        { ...good, target: { ...good.target, quote: { exact: '' } } },
        'target/quote/exact: must not be blank',
      ],
      [
        { ...good, target: { ...good.target, quote: { exact: '   ' } } },
        'target/quote/exact: must not be blank',
      ],
      [
        { ...good, target: { ...good.target, position: { start: 9, end: 9 } } },
        'target/position: end must be after start',
      ],
      [{ ...good, target: { ...good.target, rects: [] } }, 'target/rects: must hold at least one rectangle'],
      [
        { ...good, target: { ...good.target, rects: [{ left: 0.5, top: 0.2, right: 1.5, bottom: 0.3 }] } },
        'target/rects/0/right: must be a number from 0 to 1',
      ],
      [
        { ...good, target: { ...good.target, rects: [{ left: 0.5, top: 0.2, right: 0.4, bottom: 0.3 }] } },
        'target/rects/0: must have its left and top before its right and bottom',
      ],
      [
        { ...good, target: { ...good.target, paragraphId: '3.1.2; drop table' } },
        'target/paragraphId: must be a paragraph id of the book',
      ],
      [{ ...good, target: { ...good.target, page: 0 } }, 'target/page: must be a whole number of at least 1'],
      [
        { ...good, target: { ...good.target, page: PAGES + 1 } },
        `page: must be a whole number from 1 to ${PAGES}`,
      ],
    ];
    for (const [body, message] of cases) expectError(await create(user, body), 400, message);
    expect(await rows({ userId: user.userId })).toBe(0);

    const made = await created(user, good);
    expectError(await patch(user, made.id, {}), 400, 'request: must change the colour or the note');
    expectError(
      await patch(user, made.id, { colour: 'red' }),
      400,
      'colour: must be one of yellow, green, blue, pink',
    );
    expect(await annotationsOf(user)).toEqual([made]);
  });

  test("another user's highlights are 404 to them and never listed; a bad or hidden book is 400 or 404", async () => {
    const owner = await signUp();
    const other = await signUp();
    const mine = await created(owner, highlight(45, 'subgroup', { note: 'private thought' }));
    expect(await annotationsOf(other)).toEqual([]);
    expectError(await patch(other, mine.id, { note: 'hijacked' }), 404, 'Annotation not found');
    expectError(await remove(other, mine.id), 404, 'Annotation not found');
    // Not through another book either.
    expectError(await patch(owner, mine.id, { colour: 'blue' }, otherBookId), 404, 'Annotation not found');
    expect(await annotationsOf(owner)).toEqual([mine]);

    expectError(await list(owner, 'abc'), 400, 'Invalid book id');
    expectError(await list(owner, 999_999), 404, 'Book not found');
    expectError(await create(owner, highlight(3, 'x'), 999_999), 404, 'Book not found');
  });

  test('at most ANNOTATION_LIMITS.perBook per user and book: one more is 400, another book still takes one', async () => {
    const user = await signUp();
    const now = new Date().toISOString();
    const full = Array.from({ length: ANNOTATION_LIMITS.perBook }, (_, i) => i);
    // In slices: SQLite takes a few hundred values a statement.
    for (let from = 0; from < full.length; from += 50) {
      await server.db
        .insertInto('annotation')
        .values(
          full.slice(from, from + 50).map((i) => ({
            id: randomUUID(),
            user_id: user.userId,
            book_id: bookId,
            page: 1 + (i % PAGES),
            page_label: null,
            paragraph_id: null,
            quote_exact: 'word',
            quote_prefix: '',
            quote_suffix: '',
            position_start: i,
            position_end: i + 4,
            rects: '[]',
            colour: 'yellow',
            note: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    expectError(
      await create(user, highlight(5, 'one more')),
      400,
      `A book can have at most ${ANNOTATION_LIMITS.perBook} highlights; remove one to add another`,
    );
    expect(await rows({ userId: user.userId, bookId })).toBe(ANNOTATION_LIMITS.perBook);
    await created(user, highlight(5, 'elsewhere'), otherBookId);
  });

  test('the export gives the notes as Markdown under their sections, and as W3C Web Annotation JSON-LD', async () => {
    const user = await signUp();
    await created(user, highlight(45, 'Definitions and Examples', { note: 'Start here.' }));
    const later = highlight(41, 'equivalence classes', { colour: 'green' });
    await created(user, later);
    const unsectioned = highlight(300, 'a theorem');
    unsectioned.target.paragraphId = null;
    unsectioned.target.pageLabel = null;
    await created(user, unsectioned);

    const md = await fetch(`${server.baseUrl}${base()}/export?format=md`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(md.status).toBe(200);
    expect(md.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(md.headers.get('content-disposition')).toBe(`attachment; filename="book-${bookId}-notes.md"`);
    expect(await md.text()).toBe(
      [
        '# Abstract Algebra',
        '',
        '## 3.1 Integer Equivalence Classes and Symmetries',
        '',
        '> equivalence classes',
        '',
        '*p. 25, green*',
        '',
        '> Definitions and Examples',
        '',
        'Start here.',
        '',
        '*p. 29, yellow*',
        '',
        '## Page 300',
        '',
        '> a theorem',
        '',
        '*p. 300, yellow*',
        '',
      ].join('\n'),
    );

    const ld = await fetch(`${server.baseUrl}${base()}/export?format=jsonld`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(ld.headers.get('content-type')).toMatch(/^application\/ld\+json/);
    const collection = (await ld.json()) as {
      '@context': string;
      type: string;
      total: number;
      first: {
        items: {
          type: string;
          motivation: string;
          body: unknown[];
          target: { source: string; selector: unknown[] };
        }[];
      };
    };
    expect(collection).toMatchObject({
      '@context': 'http://www.w3.org/ns/anno.jsonld',
      type: 'AnnotationCollection',
      total: 3,
    });
    const [first, second] = collection.first.items;
    expect(first).toMatchObject({ type: 'Annotation', motivation: 'highlighting' });
    expect(first!.target.source).toBe(`${server.baseUrl}/api/books/${bookId}/files/book.pdf`);
    expect(first!.target.selector).toEqual([
      { type: 'TextQuoteSelector', exact: 'equivalence classes', prefix: 'the ', suffix: ' of' },
      { type: 'TextPositionSelector', start: 100, end: 119 },
      { type: 'FragmentSelector', conformsTo: 'http://tools.ietf.org/rfc/rfc3778', value: 'page=41' },
    ]);
    expect(second).toMatchObject({ motivation: 'commenting' });
    expect(second!.body).toContainEqual({
      type: 'TextualBody',
      value: 'Start here.',
      format: 'text/plain',
      purpose: 'commenting',
    });

    expectError(
      await call('GET', `${base()}/export?format=pdf`, user.token),
      400,
      "format: must be 'md' or 'jsonld'",
    );
  });

  test('a new graph of the book re-anchors each highlight by its quote; one whose words are gone is kept, not placed', async () => {
    const user = await signUp();
    const book = await seedGraphBook(server);
    const at = (exact: string, prefix: string, paragraphId: string) => {
      const body = highlight(41, exact);
      body.target.quote = { exact, prefix, suffix: '' };
      body.target.paragraphId = paragraphId;
      return body;
    };
    // Paragraph ids of an earlier import; words as the page's text layer gives them (a broken line's hyphen).
    const moved = await created(user, at('integer arith-\nmetic modulo n', 'illustrate ', 'old.7'), book);
    const twice = await created(user, at('equivalence classes', 'set of ', 'old.8'), book);
    const gone = await created(user, at('a sentence the new text does not hold', '', 'old.9'), book);

    await withServerDb(server, (db) => replaceBookGraph(db, book, graphBook(), graphOfBook()));
    const after = new Map((await annotationsOf(user, book)).map((a) => [a.id, a]));
    expect(after.get(moved.id)).toMatchObject({ placed: true, target: { paragraphId: '3.1.2', page: 41 } });
    // On pages 40 and 41 two paragraphs hold "equivalence classes": the one with the prefix takes it.
    expect(after.get(twice.id)).toMatchObject({ placed: true, target: { paragraphId: '3.1.3' } });
    expect(after.get(gone.id)).toMatchObject({
      placed: false,
      note: null,
      target: { paragraphId: null, quote: { exact: 'a sentence the new text does not hold' } },
    });
    // Kept, and exported as not placed.
    expect(after.size).toBe(3);
  });

  test('highlights go with the account, and with the book', async () => {
    const user = await signUp();
    await created(user, highlight(40, 'orbit'));
    await created(user, highlight(40, 'stabilizer'), otherBookId);
    const deleted = await user.client.json('/api/auth/delete-user', { method: 'POST', body: {} });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await rows({ userId: user.userId })).toBe(0);

    const reader = await signUp();
    const gone = await withServerDb(server, (db) => insertBook(db, 'Removed Book'));
    await created(reader, highlight(3, 'lemma'), gone);
    await server.db.deleteFrom('book').where('id', '=', gone).execute();
    expect(await rows({ bookId: gone })).toBe(0);
  });
});
