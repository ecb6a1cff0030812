import { afterAll, beforeAll, expect, test } from 'vitest';
import { errorResponseSchema, GraphErrorMessage } from '@threadbook/contracts';
import { bearerToken } from './books-fixtures.ts';
import { seedGraphBook } from './graph-fixtures.ts';
import { TestClient } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let client: TestClient;
let token: string;
let bookId: number;

beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server.baseUrl);
  bookId = await seedGraphBook(server);
  token = await bearerToken(server);
});
afterAll(() => server.close());

const summary = (source: string, related: string) =>
  client.json(`/api/graph/books/${bookId}/paragraphs/summary`, {
    token,
    body: { relationship_type: 'BACKGROUND', source_paragraph: source, related_paragraph: related },
  });

test("a paragraph id whose prefix names another book is 404 on every route, as the book's own is 200", async () => {
  const other = `${bookId + 1}:3.1.3`;
  for (const paragraphId of [other, `x:3.1.3`, `:3.1.3`]) {
    for (const url of [
      `/api/graph/books/${bookId}/paragraphs/${paragraphId}/related`,
      `/api/graph/books/${bookId}/paragraphs/${paragraphId}`,
    ]) {
      const { status, body } = await client.json(url, { token });
      expect(status, url).toBe(404);
      expect(errorResponseSchema.parse(body).message, url).toBe(GraphErrorMessage.paragraphNotFound);
    }
  }
  const badSource = await summary(other, '3.1.2');
  expect(badSource.status).toBe(404);
  expect(errorResponseSchema.parse(badSource.body).message).toBe(GraphErrorMessage.sourceParagraphNotFound);
  const badRelated = await summary('3.1.3', `${bookId + 1}:3.1.2`);
  expect(badRelated.status).toBe(404);
  expect(errorResponseSchema.parse(badRelated.body).message).toBe(GraphErrorMessage.relatedParagraphNotFound);

  const own = `${bookId}:3.1.3`;
  expect((await client.json(`/api/graph/books/${bookId}/paragraphs/${own}/related`, { token })).status).toBe(
    200,
  );
  expect((await client.json(`/api/graph/books/${bookId}/paragraphs/${own}`, { token })).status).toBe(200);
  expect((await summary(own, `${bookId}:3.1.2`)).status).toBe(200);
});
