import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { runCommand, type CommandRun } from './support/process.ts';
import { createDatabase, dropDatabase, startOidcProvider, type OidcProvider } from '@threadbook/test-support';
import { openDatabase } from '../src/db/database.ts';
import { eventually } from './books-fixtures.ts';
import { TestClient } from './support/client.ts';
import { dropTestDatabase } from './support/database.ts';
import { googlePopupSignIn } from './support/google.ts';
import { makeTempDir, startTestServer } from './support/server.ts';

/** SQLite is the source, PostgreSQL the target: only the 'server-pg' project has a cluster to copy into. */
const clusterUrl = inject('postgresClusterUrl');

/** `npm run db:copy -- ...args` over `dataDir`, whose database is SQLite (the source). */
const runCopy = (dataDir: string, args: string[], env: Record<string, string> = {}) =>
  runCommand('db-copy', dataDir, args, { DATABASE_URL: undefined, LOG_LEVEL: undefined, ...env });

const OLD_TIME = new Date('2025-05-06T07:08:09.010Z');

/** The row counts the command printed, by table. */
function printedCounts(stdout: string): Map<string, [number, number]> {
  const counts = new Map<string, [number, number]>();
  for (const match of stdout.matchAll(/^(\w+)\s+(\d+)\s+(\d+)$/gm)) {
    counts.set(match[1] ?? '', [Number(match[2]), Number(match[3])]);
  }
  return counts;
}

function withoutSnippets(answer: Record<string, unknown>) {
  const hits = answer.hits as Record<string, unknown>[];
  return { ...answer, hits: hits.map(({ snippet: _snippet, ...hit }) => hit) };
}

/** Everything a reader sees of the installation, through the HTTP API, to compare before and after. */
async function seen(client: TestClient, token: string, bookId: number, paragraph: string, word: string) {
  const read = async (path: string) => {
    const { status, body } = await client.json(path, { token });
    expect(status, `${path}: ${JSON.stringify(body)}`).toBe(200);
    return body;
  };
  return {
    books: await read('/api/books'),
    graph: await read(`/api/graph/books/${bookId}/graph`),
    related: await read(`/api/graph/books/${bookId}/paragraphs/${paragraph}/related`),
    bookmarks: await read(`/api/books/${bookId}/bookmarks`),
    annotations: await read(`/api/books/${bookId}/annotations`),
    preferences: await read('/api/me/preferences'),
    position: await read(`/api/books/${bookId}/position`),
    // The same hits; only their snippets are each engine's own (docs/database-engines.md).
    search: withoutSnippets(await read(`/api/books/${bookId}/search?q=${encodeURIComponent(word)}`)),
  };
}

describe.skipIf(clusterUrl === undefined)('npm run db:copy: SQLite to PostgreSQL', () => {
  const dataDir = makeTempDir();
  const target = `threadbook_copy_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const email = 'reader@example.com';
  const password = 'correct horse battery';
  let oidc: OidcProvider;
  let googleEnv: Record<string, string>;
  let targetUrl: string;
  let port: number;
  let bookId: number;
  let paragraph: string;
  let word: string;
  let before: Awaited<ReturnType<typeof seen>>;
  let idToken: string;
  let sessionCookies: Map<string, string>;
  let copy: CommandRun;

  beforeAll(async () => {
    oidc = await startOidcProvider();
    googleEnv = {
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      GOOGLE_ISSUER: oidc.issuer,
    };
    targetUrl = await createDatabase(clusterUrl ?? '', target);
    // The source: the real server on SQLite (an empty DATABASE_URL is no DATABASE_URL), the sample book imported.
    const server = await startTestServer(
      { ...googleEnv, SAMPLE_BOOK: 'true', DATABASE_URL: '' },
      { dataDir },
    );
    port = Number(new URL(server.baseUrl).port);
    try {
      const client = new TestClient(server.baseUrl);
      expect((await client.signUp(email, password, 'Reader')).status).toBe(200);
      idToken = await client.getIdToken();
      oidc.setUser({ sub: 'google-student', email: 'student@example.com', name: 'Google Student' });
      expect((await googlePopupSignIn(new TestClient(server.baseUrl))).outcome.token).toBeTruthy();

      const books = await eventually(async () => {
        const { body } = await client.json<{ id: number }[]>('/api/books', { token: idToken });
        return body.length > 0 ? body : undefined;
      }, 120_000);
      bookId = books[0]?.id ?? 0;
      const graph = await eventually(async () => {
        const response = await client.json<{ edges: { source: string; target: string; type: string }[] }>(
          `/api/graph/books/${bookId}/graph`,
          { token: idToken },
        );
        return response.status === 200 ? response.body : undefined;
      }, 120_000);
      const edge = graph.edges[0];
      expect(edge).toBeDefined();
      paragraph = edge?.source ?? '';
      const detail = await client.json<{ text: string }>(
        `/api/graph/books/${bookId}/paragraphs/${paragraph}`,
        {
          token: idToken,
        },
      );
      word = detail.body.text.match(/\p{L}{5,}/u)?.[0] ?? '';
      expect(word).not.toBe('');

      const put = (path: string, body: unknown) => client.json(path, { method: 'PUT', body, token: idToken });
      expect((await put(`/api/books/${bookId}/bookmarks/1`, { label: 'Start' })).status).toBe(201);
      expect((await put(`/api/books/${bookId}/bookmarks/2`, {})).status).toBe(201);
      expect((await put(`/api/books/${bookId}/position`, { page: 2 })).status).toBe(200);
      const highlight = await client.json(`/api/books/${bookId}/annotations`, {
        token: idToken,
        body: {
          colour: 'green',
          note: 'Copied with the rest.',
          target: {
            page: 2,
            quote: { exact: word },
            position: { start: 0, end: word.length },
            rects: [{ left: 0.1, top: 0.1, right: 0.3, bottom: 0.12 }],
          },
        },
      });
      expect(highlight.status, JSON.stringify(highlight.body)).toBe(201);
      const preferences = await client.json('/api/me/preferences', {
        method: 'PATCH',
        token: idToken,
        body: { pageColours: 'sepia' },
      });
      expect(preferences.status, JSON.stringify(preferences.body)).toBe(200);
      // A cached summary (graph_summary) and a count of the summary rate limit (rate_limit_counter).
      const summary = await client.json(`/api/graph/books/${bookId}/paragraphs/summary`, {
        token: idToken,
        body: {
          relationship_type: edge?.type,
          source_paragraph: edge?.source,
          related_paragraph: edge?.target,
        },
      });
      expect(summary.status, JSON.stringify(summary.body)).toBe(200);
      // A reset link (verification); its mail goes to the outbox in DATA_DIR.
      const reset = await new TestClient(server.baseUrl).json('/api/auth/request-password-reset', {
        body: { email, redirectTo: '/reset-password' },
      });
      expect(reset.status).toBe(200);
      // A failed sign-in (sign_in_failure).
      expect((await new TestClient(server.baseUrl).signIn(email, 'wrong password')).status).toBe(401);

      before = await seen(client, idToken, bookId, paragraph, word);
      expect((before.search as { hits: unknown[] }).hits.length).toBeGreaterThan(0);
      sessionCookies = new Map(client.cookies);
    } finally {
      await server.close();
    }
    // Times as SQLite may also hold them: epoch milliseconds, and CURRENT_TIMESTAMP's UTC without a zone.
    const source = openDatabase({ dataDir });
    try {
      await source.db
        .updateTable('user')
        .set({ createdAt: OLD_TIME.getTime() })
        .where('email', '=', email)
        .execute();
      await sql`UPDATE verification SET "updatedAt" = '2026-01-02 03:04:05'`.execute(source.db);
    } finally {
      await source.close();
    }
    copy = await runCopy(dataDir, ['--to', targetUrl], googleEnv);
  }, 300_000);

  afterAll(async () => {
    await oidc?.close();
    rmSync(dataDir, { recursive: true, force: true });
    await dropTestDatabase(dataDir);
    if (clusterUrl !== undefined) await dropDatabase(clusterUrl, target);
  });

  test('copies every table and prints matching counts', () => {
    expect(copy.code, copy.stderr + copy.stdout).toBe(0);
    expect(copy.stdout).toContain('every count matches');
    expect(copy.stdout).toContain('book files stay in');
    const counts = printedCounts(copy.stdout);
    for (const table of [
      'user',
      'session',
      'account',
      'verification',
      'jwks',
      'book',
      'setting',
      'graph_book',
      'graph_node',
      'graph_edge',
      'graph_reference_span',
      'graph_term_span',
      'graph_summary',
      'search_block',
      'search_book',
      'bookmark',
      'reading_position',
      'annotation',
      'reader_preference',
      'rate_limit_counter',
      'job',
      'sign_in_failure',
    ]) {
      const [source, copied] = counts.get(table) ?? [-1, -2];
      expect(source, table).toBeGreaterThan(0);
      expect(copied, table).toBe(source);
    }
    expect(counts.get('user')).toEqual([2, 2]);
    expect(counts.get('bookmark')).toEqual([2, 2]);
  });

  test('the server on the copy serves the same accounts, books, graph, bookmarks and search', async () => {
    expect(copy.code).toBe(0);
    const server = await startTestServer({ ...googleEnv, DATABASE_URL: targetUrl }, { dataDir, port });
    try {
      // The session and the ID token from before the copy still work (same secret, same signing keys).
      const kept = new TestClient(server.baseUrl);
      for (const [name, value] of sessionCookies) kept.cookies.set(name, value);
      expect((await kept.me(idToken)).status).toBe(200);
      const token = await kept.getIdToken();
      expect(await seen(kept, token, bookId, paragraph, word)).toEqual(before);

      // The password signs in; the Google account is the same user.
      const client = new TestClient(server.baseUrl);
      expect((await client.signIn(email, password)).status).toBe(200);
      expect(await seen(client, await client.getIdToken(), bookId, paragraph, word)).toEqual(before);
      const google = await googlePopupSignIn(new TestClient(server.baseUrl));
      expect(google.outcome.token).toBeTruthy();
      const users = await server.db
        .selectFrom('user')
        .select(['email', 'createdAt'])
        .orderBy('email')
        .execute();
      expect(users.map((user) => user.email)).toEqual([email, 'student@example.com']);
      expect(users[0]?.createdAt).toEqual(OLD_TIME);
      const { rows: reset } = await sql<{ updatedAt: Date }>`SELECT "updatedAt" FROM verification`.execute(
        server.db,
      );
      expect(reset.map((row) => row.updatedAt)).toEqual([new Date('2026-01-02T03:04:05Z')]);

      // New rows go in: a bookmark, and a book whose id comes after the copied ones (the sequence was reset).
      const added = await client.json(`/api/books/${bookId}/bookmarks/3`, { method: 'PUT', body: {}, token });
      expect(added.status).toBe(201);
      const { id } = await server.db
        .insertInto('book')
        .values({
          title: 'After the copy',
          author: 'Test',
          page_count: 1,
          sha256: 'f'.repeat(64),
          status: 'importing',
          source_name: 'after.pdf',
          import_owner: null,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(id).toBeGreaterThan(bookId);
      await server.db.deleteFrom('book').where('id', '=', id).execute();
    } finally {
      await server.close();
    }
  }, 120_000);

  test('a target that holds rows is refused, and nothing in it changes', async () => {
    expect(copy.code).toBe(0);
    const database = openDatabase({ dataDir, databaseUrl: targetUrl });
    const rows = async () =>
      (
        await sql<{ n: number }>`
          SELECT (SELECT count(*) FROM "user") + (SELECT count(*) FROM bookmark) + (SELECT count(*) FROM book) AS n`.execute(
          database.db,
        )
      ).rows[0]?.n;
    try {
      const held = await rows();
      const again = await runCopy(dataDir, ['--to', targetUrl], googleEnv);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(
        /The target database is not empty \(rows in .*"user".*\)\. Nothing was copied/,
      );
      expect(await rows()).toBe(held);
    } finally {
      await database.close();
    }
  });

  test('a URL that is not PostgreSQL, or a server that does not answer, is a clear error', async () => {
    const notPostgres = await runCopy(dataDir, ['--to', 'mysql://localhost/threadbook']);
    expect(notPostgres.code).toBe(2);
    expect(notPostgres.stderr).toContain('--to takes a postgres:// URL');

    const missing = await runCopy(dataDir, []);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Usage: npm run db:copy -- --to postgres://');

    const unreachable = await runCopy(dataDir, [
      '--to',
      'postgres://threadbook:secret@127.0.0.1:1/threadbook',
    ]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain(
      'Error: the copy to postgres://threadbook:***@127.0.0.1:1/threadbook failed: connect ECONNREFUSED',
    );
    expect(unreachable.stderr).not.toContain('secret');
  });
});
