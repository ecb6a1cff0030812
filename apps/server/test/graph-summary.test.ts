import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { explainRelationship } from '@threadbook/pipeline';
import { GraphErrorMessage, graphSummaryResponseSchema } from '@threadbook/contracts';
import { bearerToken } from './books-fixtures.ts';
import { EDGE, insertBook, seedGraphBook, startGraphServer, TEXT, withServerDb } from './graph-fixtures.ts';
import { TestClient } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/** Summaries without LLM_BASE_URL: the built-in offline explainer, cached per relationship. */
describe('relationship summaries (built-in explainer)', () => {
  let server: TestServer;
  let client: TestClient;
  let token: string;
  let bookId: number;

  beforeAll(async () => {
    ({ server, client, token, bookId } = await startGraphServer());
  });
  afterAll(() => server.close());

  const summary = (body: unknown, book: number | string = bookId) =>
    client.json(`/api/graph/books/${book}/paragraphs/summary`, { body, token });

  const cached = () =>
    server.db
      .selectFrom('graph_summary')
      .select(['source', 'target', 'type', 'provider', 'summary'])
      .where('book_id', '=', bookId)
      .orderBy('created_at')
      .execute();

  test('explains the stored edge, in the type’s any case, and caches the answer as builtin', async () => {
    const expected = explainRelationship({
      relationshipType: 'BACKGROUND',
      source: { id: '3.1.3', text: TEXT['3.1.3'] },
      related: { id: '3.1.2', text: TEXT['3.1.2'] },
      justification: EDGE.E2.justification,
    });
    for (const type of ['Background', 'BACKGROUND', 'background']) {
      const { status, body } = await summary({
        relationship_type: type,
        source_paragraph: '3.1.3',
        related_paragraph: `${bookId}:3.1.2`,
      });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(graphSummaryResponseSchema.parse(body).summary).toBe(expected);
    }
    expect(expected).toContain('Section 3.1, Paragraph 2');
    expect(expected).toContain('Proposition 3.4 generalises the arithmetic of Example 3.1');
    expect(await cached()).toEqual([
      { source: '3.1.3', target: '3.1.2', type: 'BACKGROUND', provider: 'builtin', summary: expected },
    ]);
  });

  test('an edge seen from its target is explained from that side with the same justification', async () => {
    const { status, body } = await summary({
      relationship_type: 'Elaboration',
      source_paragraph: '3.1.2',
      related_paragraph: '3.1.3',
    });
    expect(status).toBe(200);
    expect(body.summary).toBe(
      explainRelationship({
        relationshipType: 'ELABORATION',
        source: { id: '3.1.2', text: TEXT['3.1.2'] },
        related: { id: '3.1.3', text: TEXT['3.1.3'] },
        justification: EDGE.E2.justification,
      }),
    );
  });

  test('paragraphs two hops apart (no edge between them) are explained without a justification', async () => {
    const { status, body } = await summary({
      relationship_type: 'BACKGROUND',
      source_paragraph: '3.1.3',
      related_paragraph: '3.1.1',
    });
    expect(status).toBe(200);
    expect(body.summary).toBe(
      explainRelationship({
        relationshipType: 'BACKGROUND',
        source: { id: '3.1.3', text: TEXT['3.1.3'] },
        related: { id: '3.1.1', text: TEXT['3.1.1'] },
      }),
    );
  });

  test('bad requests: 400 for a bad body or book id, 404 for an unknown book or paragraph', async () => {
    const good = { relationship_type: 'RELATED', source_paragraph: '3.1.3', related_paragraph: '3.2.3' };
    const typeMessage =
      'relationship_type: must be one of BACKGROUND, ELABORATION, EXAMPLE, CONTRAST, RELATED (in any case)';
    const invalid: [unknown, string][] = [
      [{ ...good, relationship_type: 'PREREQUISITE' }, typeMessage],
      [{ ...good, relationship_type: '' }, typeMessage],
      [{ ...good, source_paragraph: ' ' }, 'source_paragraph: must be a paragraph id'],
      [
        { relationship_type: 'RELATED', source_paragraph: '3.1.3' },
        'related_paragraph: must be a paragraph id',
      ],
    ];
    for (const [body, message] of invalid) {
      const answer = await summary(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION', message });
    }
    expect((await summary({})).status).toBe(400);
    expect((await summary(good, 'abc')).body).toMatchObject({
      statusCode: 400,
      message: GraphErrorMessage.invalidBookId,
    });
    expect((await summary(good, 999999)).body).toMatchObject({
      statusCode: 404,
      message: GraphErrorMessage.bookNotFound,
    });
    const withoutGraph = await withServerDb(server, (db) => insertBook(db, 'No graph yet'));
    expect((await summary(good, withoutGraph)).body).toMatchObject({
      statusCode: 404,
      message: GraphErrorMessage.noGraph,
    });
    expect((await summary({ ...good, source_paragraph: '9.9.9' })).body).toMatchObject({
      statusCode: 404,
      message: GraphErrorMessage.sourceParagraphNotFound,
    });
    expect((await summary({ ...good, related_paragraph: `${bookId}:9.9.9` })).body).toMatchObject({
      statusCode: 404,
      message: GraphErrorMessage.relatedParagraphNotFound,
    });
  });
});

/**
 * A book imported before Book XML bounded a paragraph may hold a longer one; one request on it froze the
 * server (the offline explainer's work grows with the text). Every answer reads it bounded.
 */
describe('a stored paragraph longer than Book XML allows', () => {
  let server: TestServer;
  let client: TestClient;
  let token: string;
  let bookId: number;
  const filler = (n: number) => ' Lorem ipsum dolor sit amet.'.repeat(n);
  // A term shared with 3.2.3 after the first 4,000 characters, and far more text than Book XML allows.
  const huge = `${TEXT['3.1.4']}${filler(300)} The Cayley table of Zn lists every sum.${filler(1000)}`;

  beforeAll(async () => {
    ({ server, client, token, bookId } = await startGraphServer());
    await server.db
      .updateTable('graph_node')
      .set({ text: huge })
      .where('book_id', '=', bookId)
      .where('paragraph_id', '=', '3.1.4')
      .execute();
  });
  afterAll(() => server.close());

  test('the paragraph and related answers carry at most 20,000 characters of it', async () => {
    expect(huge.length).toBeGreaterThan(30_000);
    const detail = await client.json(`/api/graph/books/${bookId}/paragraphs/3.1.4`, { token });
    expect(detail.status).toBe(200);
    expect((detail.body as { text: string }).text).toBe(huge.slice(0, 20_000));
    const related = await client.json(`/api/graph/books/${bookId}/paragraphs/3.1.4/related`, { token });
    expect(related.status).toBe(200);
    expect((related.body as { source_node: { text: string } }).source_node.text).toBe(huge.slice(0, 20_000));
  });

  test('a summary is written from the first 4,000 characters of each paragraph', async () => {
    const { status, body } = await client.json(`/api/graph/books/${bookId}/paragraphs/summary`, {
      body: { relationship_type: 'RELATED', source_paragraph: '3.1.4', related_paragraph: '3.2.3' },
      token,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    const from = (text: string) =>
      explainRelationship({
        relationshipType: 'RELATED',
        source: { id: '3.1.4', text },
        related: { id: '3.2.3', text: TEXT['3.2.3'] },
      });
    expect(graphSummaryResponseSchema.parse(body).summary).toBe(from(`${huge.slice(0, 4000)}…`));
    // Read whole, the shared term would change the summary.
    expect(from(huge)).not.toBe(from(`${huge.slice(0, 4000)}…`));
  });
});

describe('the summary rate limit', () => {
  let server: TestServer;
  let bookId: number;

  beforeAll(async () => {
    server = await startTestServer({ SUMMARY_RATE_LIMIT: '3' });
    bookId = await seedGraphBook(server);
  });
  afterAll(() => server.close());

  test('SUMMARY_RATE_LIMIT calls a minute per user (cached answers count too), then 429', async () => {
    const client = new TestClient(server.baseUrl);
    const [first, second] = [await bearerToken(server), await bearerToken(server)];
    const ask = (token: string) =>
      client.json(`/api/graph/books/${bookId}/paragraphs/summary`, {
        token,
        body: { relationship_type: 'EXAMPLE', source_paragraph: '3.1.3', related_paragraph: '3.2.1' },
      });
    for (let call = 1; call <= 3; call++) expect((await ask(first)).status, `call ${call}`).toBe(200);
    const refused = await ask(first);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ statusCode: 429, message: GraphErrorMessage.tooManySummaries });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user has a limit of their own; other graph calls are not limited.
    expect((await ask(second)).status).toBe(200);
    const related = await client.json(`/api/graph/books/${bookId}/paragraphs/3.1.3/related`, {
      token: first,
    });
    expect(related.status).toBe(200);
  });
});
