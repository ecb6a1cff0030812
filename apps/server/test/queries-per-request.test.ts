import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { BOOK_FILES } from '@threadbook/contracts';
import { openBookStorage } from '../src/features/books/index.ts';
import { startGraphServer } from './graph-fixtures.ts';

/**
 * Every response says in its Server-Timing header how many database queries its request made. On a warm
 * server, on SQLite and on PostgreSQL, a reader's reads of the book (its graph, a page's spans, its
 * metadata, a search asked before) make one: the session's check, made on every call so that a sign-out or a disabled account
 * ends access at once. The book's access, names and graph are held in memory. A read of the student's own
 * rows (bookmarks, position) makes one more, for them, and so does a write of them on PostgreSQL, where
 * each statement is a round trip.
 */
let graph: Awaited<ReturnType<typeof startGraphServer>>;

beforeAll(async () => {
  graph = await startGraphServer();
  // The fixture's book has a graph but no files: a PDF's bytes for the range below.
  const storage = openBookStorage({ dataDir: graph.server.dataDir });
  const staging = await storage.createStaging();
  writeFileSync(path.join(staging, BOOK_FILES.pdf), Buffer.alloc(4096, 1));
  await storage.putStaged(staging, graph.bookId);
});
afterAll(() => graph.server.close());

/** The queries a call made, as its response says. */
async function queriesOf(
  path: string,
  headers: Record<string, string> = {},
  init: { method?: string; body?: unknown } = {},
): Promise<number> {
  const answer = await graph.client.fetch(path, { token: graph.token, headers, ...init });
  expect(answer.status, path).toBeLessThan(400);
  await answer.arrayBuffer();
  const timing = answer.headers.get('server-timing') ?? '';
  const said = /^db;dur=\d+\.\d;desc="(\d+) quer(?:y|ies)"$/.exec(timing);
  expect(said, `${path}: server-timing ${timing}`).not.toBeNull();
  return Number(said![1]);
}

/** How many queries each call made, once each has been made before. */
async function warmCounts(calls: readonly string[]): Promise<[string, number][]> {
  for (const path of calls) await queriesOf(path);
  const counts: [string, number][] = [];
  for (const path of calls) counts.push([path, await queriesOf(path)]);
  return counts;
}

test("a reader's reads of the book make one query once the server is warm: the session's check", async () => {
  const { bookId } = graph;
  const reads = [
    `/api/graph/books/${bookId}/paragraphs/3.1.3/related?max_distance=1&limit=10&page=1&page_size=20`,
    `/api/graph/books/${bookId}/paragraphs/3.1.3`,
    `/api/graph/books/${bookId}/graph`,
    `/api/graph/books/${bookId}/pages/41/references`,
    `/api/graph/books/${bookId}/pages/41/terms`,
    `/api/books/${bookId}/metadata`,
    `/api/books/${bookId}/search?q=group`,
  ];
  expect(await warmCounts(reads)).toEqual(reads.map((path) => [path, 1]));
  // A range of the PDF, as the reader streams it.
  const range = { range: 'bytes=0-99' };
  await queriesOf(`/api/books/${bookId}/files/book.pdf`, range);
  expect(await queriesOf(`/api/books/${bookId}/files/book.pdf`, range)).toBe(1);
});

test("a read of the student's own rows makes one more", async () => {
  const { bookId } = graph;
  const reads = [`/api/books/${bookId}/bookmarks`, `/api/books/${bookId}/position`];
  expect(await warmCounts(reads)).toEqual(reads.map((path) => [path, 2]));
});

test('a write of a bookmark or of the position is one statement on PostgreSQL, new or not', async () => {
  const { bookId } = graph;
  const put = (path: string, body: unknown) => queriesOf(path, {}, { method: 'PUT', body });
  const bookmark = `/api/books/${bookId}/bookmarks/7`;
  const created = await put(bookmark, { label: 'first' });
  const relabelled = await put(bookmark, { label: 'again' });
  const position = await put(`/api/books/${bookId}/position`, { page: 7 });
  // On SQLite a statement is a call in the server's process: a new bookmark is tried as a relabel first.
  const postgres = inject('postgresClusterUrl') !== undefined;
  expect({ created, relabelled, position }).toEqual(
    postgres ? { created: 2, relabelled: 2, position: 2 } : { created: 3, relabelled: 2, position: 2 },
  );
});

test('a call without a session makes none', async () => {
  const anonymous = await graph.client.fetch(`/api/books/${graph.bookId}/metadata`);
  expect(anonymous.status).toBe(401);
  expect(anonymous.headers.get('server-timing')).toBe('db;dur=0.0;desc="0 queries"');
});
