import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GraphErrorMessage, relatedParagraphsResponseSchema } from '@threadbook/contracts';
import { dropTestDatabase, openTestDatabase } from './support/database.ts';
import { replaceBookGraph } from '../src/features/graph/store.ts';
import { importBook } from '../src/features/imports/import-book.ts';
import { bearerToken, bookXml, eventually, get, importContext, makePdf } from './books-fixtures.ts';
import { graphBook, graphOfBook, seedGraphBook, withServerDb } from './graph-fixtures.ts';
import { TestClient, uniqueEmail } from './support/client.ts';
import { freePort, makeTempDir, startTestServer, type TestServer } from './support/server.ts';

/**
 * Two servers on one DATA_DIR (one SQLite file, one book folder), as behind a load balancer: both have
 * the same PUBLIC_URL (the balancer's; here server A's), each listens on its own port.
 */
describe('two servers on one database and one book folder', () => {
  let a: TestServer;
  let b: TestServer;
  let bookId: number;
  let graphBookId: number;
  let pdfBytes: Buffer;
  let readerToken: string;

  beforeAll(async () => {
    const env = { SUMMARY_RATE_LIMIT: '3', SIGN_UP_RATE_LIMIT: '4' };
    a = await startTestServer(env);
    b = await startTestServer(
      { ...env, PUBLIC_URL: a.baseUrl },
      { dataDir: a.dataDir, port: await freePort() },
    );
    const dir = makeTempDir('threadbook-several-');
    const pdfPath = path.join(dir, 'algebra.pdf');
    const xmlPath = path.join(dir, 'algebra.xml');
    await makePdf(pdfPath, { pages: 2, title: 'Abstract Algebra', author: 'T. Judson' });
    writeFileSync(xmlPath, bookXml(2, 'Abstract Algebra', 'T. Judson'));
    pdfBytes = readFileSync(pdfPath);
    const database = await openTestDatabase(a.dataDir);
    try {
      ({ id: bookId } = await importBook(importContext(database.db, a.dataDir), { pdfPath, xmlPath }));
    } finally {
      await database.close();
    }
    graphBookId = await seedGraphBook(a);
    readerToken = await (await signedUpOnA()).getIdToken();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** A client of server B that sends the installation's origin (PUBLIC_URL), as a browser would. */
  const clientOfB = (options: { localAddress?: string } = {}) =>
    new TestClient(b.baseUrl, { ...options, origin: a.baseUrl });

  const signedUpOnA = async () => {
    const client = new TestClient(a.baseUrl);
    const { status, body } = await client.signUp(uniqueEmail('several'), 'secret1');
    expect(status, JSON.stringify(body)).toBe(200);
    return client;
  };

  test('a session and an ID token from one server work on the other', async () => {
    const onA = await signedUpOnA();
    const token = await onA.getIdToken();
    const me = await new TestClient(b.baseUrl).me(token);
    expect(me.status).toBe(200);

    const onB = clientOfB();
    for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
    const tokenFromB = await onB.getIdToken();
    expect((await new TestClient(a.baseUrl).me(tokenFromB)).status).toBe(200);
  });

  test('the summary rate limit counts the calls to both servers', async () => {
    const token = await (await signedUpOnA()).getIdToken();
    const ask = (server: TestServer) =>
      new TestClient(server.baseUrl).json(`/api/graph/books/${graphBookId}/paragraphs/summary`, {
        token,
        body: { relationship_type: 'EXAMPLE', source_paragraph: '3.1.3', related_paragraph: '3.2.1' },
      });
    for (let call = 1; call <= 2; call++) expect((await ask(a)).status, `call ${call} on A`).toBe(200);
    expect((await ask(b)).status, 'call 3 on B').toBe(200);
    const refused = await ask(b);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: GraphErrorMessage.tooManySummaries,
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await ask(a)).status).toBe(429);
  });

  test('sign-ups from one address are counted across both servers', async () => {
    // From an address of its own; SIGN_UP_RATE_LIMIT is 4 a minute.
    const from = { localAddress: '127.0.0.42' };
    const onA = () => new TestClient(a.baseUrl, from);
    const onB = () => clientOfB(from);
    for (const client of [onA(), onB(), onA(), onB()]) {
      expect((await client.signUp(uniqueEmail(), 'secret1')).status, client.baseUrl).toBe(200);
    }
    const refused = uniqueEmail();
    expect((await onB().signUp(refused, 'secret1')).status).toBe(429);
    expect((await onA().signUp(uniqueEmail(), 'secret1')).status).toBe(429);
    const created = await a.db
      .selectFrom('user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', refused)
      .executeTakeFirstOrThrow();
    expect(Number(created.n)).toBe(0);
  });

  test('failed sign-ins on one server lock the account on the other', async () => {
    const email = uniqueEmail('locked');
    const from = { localAddress: '127.0.0.43' };
    expect((await new TestClient(a.baseUrl, from).signUp(email, 'secret1')).status).toBe(200);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const server = attempt % 2 === 0 ? clientOfB(from) : new TestClient(a.baseUrl, from);
      expect((await server.signIn(email, `wrong-${attempt}`)).status, `attempt ${attempt}`).toBe(401);
    }
    expect((await clientOfB(from).signIn(email, 'secret1')).status).toBe(429);
  });

  test("a book's PDF range is served by both servers", async () => {
    for (const server of [a, b]) {
      const response = await get(server, `/api/books/${bookId}/files/book.pdf`, {
        token: readerToken,
        headers: { range: 'bytes=0-99' },
      });
      expect(response.status, server.baseUrl).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes 0-99/${pdfBytes.length}`);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(pdfBytes.subarray(0, 100));
    }
  });
  test('a graph rebuilt on the database is served by both servers within a second', async () => {
    const related = async (server: TestServer) => {
      const response = await get(server, `/api/graph/books/${graphBookId}/paragraphs/4.1.1/related`, {
        token: readerToken,
      });
      expect(response.status).toBe(200);
      return relatedParagraphsResponseSchema.parse(await response.json()).related.map((item) => item.node.id);
    };
    const before = await related(a);
    expect(before.length).toBeGreaterThan(0);
    expect(await related(b)).toEqual(before);
    // The rebuilt graph keeps the paragraphs and loses every relationship of 4.1.1.
    const rebuilt = graphOfBook();
    rebuilt.edges = rebuilt.edges.filter((edge) => edge.source !== '4.1.1' && edge.target !== '4.1.1');
    await withServerDb(a, (db) => replaceBookGraph(db, graphBookId, graphBook(), rebuilt));
    const rebuiltAt = Date.now();
    for (const server of [a, b]) {
      await eventually(async () => ((await related(server)).length === 0 ? true : undefined), 5000);
    }
    expect(Date.now() - rebuiltAt).toBeLessThan(2500);
  });
});

describe('servers starting at once on an empty database', () => {
  test('migrate it once and import the sample book once', { timeout: 180_000 }, async () => {
    const dataDir = makeTempDir('threadbook-starting-');
    const [portA, portB] = [await freePort(), await freePort()];
    const env = { SAMPLE_BOOK: 'true', PUBLIC_URL: `http://127.0.0.1:${portA}` };
    const [a, b] = await Promise.all([
      startTestServer(env, { dataDir, port: portA }),
      startTestServer(env, { dataDir, port: portB }),
    ]);
    try {
      const token = await bearerToken(a);
      const lists = async () =>
        Promise.all(
          [a, b].map(
            async (server) => (await (await get(server, '/api/books/', { token })).json()) as unknown[],
          ),
        );
      // A server that looked before the other's sample import ended may queue it again: that job finds it.
      const sampleJobs = () =>
        a.db.selectFrom('job').select(['state', 'book_id']).where('kind', '=', 'sample').execute();
      const [onA, onB] = await eventually(async () => {
        const seen = await lists();
        const jobs = await sampleJobs();
        const settled =
          jobs.length > 0 && jobs.every((job) => job.state === 'done' || job.state === 'failed');
        return settled && seen.every((books) => books.length > 0) ? seen : undefined;
      }, 150_000);
      expect(onA).toHaveLength(1);
      expect(onB).toEqual(onA);
      const jobs = await sampleJobs();
      expect(jobs.every((job) => job.state === 'done' && job.book_id === jobs[0]?.book_id)).toBe(true);
      expect(await a.db.selectFrom('book').select('id').execute()).toHaveLength(1);
      const migrations = await sql<{ name: string }>`SELECT name FROM threadbook_migration`.execute(a.db);
      expect(new Set(migrations.rows.map((row) => row.name)).size).toBe(migrations.rows.length);
    } finally {
      await b.close();
      await a.close();
      await dropTestDatabase(dataDir);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
