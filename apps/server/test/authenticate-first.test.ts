import { afterAll, beforeAll, expect, test } from 'vitest';
import { bearerToken } from './books-fixtures.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await bearerToken(server);
});
afterAll(() => server.close());

/** A request with a raw body (fetch, one connection each), its answer read whole. */
async function send(method: string, pathname: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(pathname, server.baseUrl), {
    method,
    headers: { connection: 'close', 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, text: await response.text() };
}

/** Protected routes, each with a body (or parameters) its schema refuses. */
const refused: [string, string, string][] = [
  ['PUT', '/api/books/1/bookmarks/2', JSON.stringify({ label: 5 })],
  ['PUT', '/api/books/1/bookmarks/not-a-page', '{}'],
  ['PUT', '/api/books/1/position', JSON.stringify({ page: 'x' })],
  ['POST', '/api/graph/books/1/paragraphs/summary', JSON.stringify({ relationship_type: 'NOPE' })],
  ['PUT', '/api/books/1/position', '{"page": '],
];

test('an unauthenticated request is 401 before its body or parameters are looked at', async () => {
  for (const [method, pathname, body] of refused) {
    const label = `${method} ${pathname} ${body}`;
    // With a token, each is refused by validation or the JSON parser: the bodies are bad indeed.
    expect((await send(method, pathname, body, { authorization: `Bearer ${token}` })).status, label).toBe(
      400,
    );
    for (const authorization of [undefined, 'Bearer not-a-token']) {
      const answer = await send(method, pathname, body, authorization ? { authorization } : {});
      expect(answer.status, label).toBe(401);
      expect(JSON.parse(answer.text).message, label).not.toMatch(/must|JSON|body/i);
    }
  }
});

test('an unauthenticated body is never parsed: over the size limit or of an unknown type, still 401', async () => {
  const big = JSON.stringify({ page: 1, padding: 'x'.repeat(1024 * 1024) });
  expect((await send('PUT', '/api/books/1/position', big)).status).toBe(401);
  expect(
    (await send('PUT', '/api/books/1/position', 'page=1', { 'content-type': 'text/x-unknown' })).status,
  ).toBe(401);
});
