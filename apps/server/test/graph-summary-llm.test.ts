import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { GraphErrorMessage } from '@threadbook/contracts';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '@threadbook/test-support';
import { ConfigError, loadConfig } from '../src/config.ts';
import { bearerToken } from './books-fixtures.ts';
import { EDGE, seedGraphBook, TEXT } from './graph-fixtures.ts';
import { TestClient } from './support/client.ts';
import { makeTempDir, startTestServer, type TestServer } from './support/server.ts';

/** What the server sent to the chat endpoint, as the OpenAI API defines it. */
interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
}

const TIMEOUT_MS = 300;

/** Summaries from an OpenAI-compatible endpoint (a real one on loopback), cached per provider. */
describe('relationship summaries from an OpenAI-compatible endpoint', () => {
  let llm: OpenAiCompatibleServer;
  let server: TestServer;
  let client: TestClient;
  let token: string;
  let bookId: number;
  let replies = 0;

  beforeAll(async () => {
    // Each answer is new ("Reply 1", "Reply 2", ...), so a cached one is told from a fresh one.
    llm = await startOpenAiCompatibleServer({ reply: () => `  Reply ${++replies}: the two are linked.\n` });
    server = await startTestServer({
      LLM_BASE_URL: llm.url,
      LLM_API_KEY: 'sk-test',
      LLM_MODEL: 'tutor-model',
      LLM_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    client = new TestClient(server.baseUrl);
    bookId = await seedGraphBook(server);
    token = await bearerToken(server);
  });
  afterEach(() => llm.reset());
  afterAll(async () => {
    await server?.close();
    await llm?.close();
  });

  const summary = (type: string, source: string, related: string) =>
    client.json(`/api/graph/books/${bookId}/paragraphs/summary`, {
      token,
      body: { relationship_type: type, source_paragraph: source, related_paragraph: related },
    });
  const cachedRows = (source: string, target: string) =>
    server.db
      .selectFrom('graph_summary')
      .select(['type', 'provider', 'summary'])
      .where('book_id', '=', bookId)
      .where('source', '=', source)
      .where('target', '=', target)
      .execute();

  test('asks the model with both paragraphs, their labels, the type and the edge’s evidence; the answer is cached', async () => {
    const before = llm.requests.length;
    const first = await summary('background', '3.1.3', '3.1.2');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(llm.requests.length).toBe(before + 1);
    // The model's answer, trimmed.
    expect(first.body.summary).toBe(`Reply ${replies}: the two are linked.`);
    const request = llm.requests.at(-1)!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    const body = request.body as ChatRequest;
    expect(body.model).toBe('tutor-model');
    const prompt = body.messages.map((message) => message.content).join('\n');
    for (const part of [
      TEXT['3.1.3'],
      TEXT['3.1.2'],
      'BACKGROUND',
      'Section 3.1, Paragraph 3',
      'Section 3.1, Paragraph 2',
      EDGE.E2.justification,
      'an explicit reference in the text',
    ]) {
      expect(prompt).toContain(part);
    }
    expect(body.messages[0]?.role).toBe('system');
    expect(prompt).toMatch(/2 to 3 .*sentences/);

    // The same relationship again (type in another case, prefixed id): from the cache, no second request.
    const again = await summary('BACKGROUND', `${bookId}:3.1.3`, '3.1.2');
    expect(again.body.summary).toBe(first.body.summary);
    expect(llm.requests.length).toBe(before + 1);
    expect(await cachedRows('3.1.3', '3.1.2')).toEqual([
      { type: 'BACKGROUND', provider: 'llm:tutor-model', summary: first.body.summary },
    ]);

    // Another type between the same paragraphs is another question.
    const other = await summary('RELATED', '3.1.3', '3.1.2');
    expect(other.status).toBe(200);
    expect(other.body.summary).not.toBe(first.body.summary);
    expect(llm.requests.length).toBe(before + 2);
  });

  test('a summary cached by another provider (the built-in explainer) is not served for the model', async () => {
    await server.db
      .insertInto('graph_summary')
      .values({
        book_id: bookId,
        source: '3.2.1',
        target: '3.1.3',
        type: 'EXAMPLE',
        provider: 'builtin',
        summary: 'From the built-in explainer.',
        created_at: new Date().toISOString(),
      })
      .execute();
    const before = llm.requests.length;
    const answer = await summary('EXAMPLE', '3.2.1', '3.1.3');
    expect(answer.status).toBe(200);
    expect(answer.body.summary).toBe(`Reply ${replies}: the two are linked.`);
    expect(llm.requests.length).toBe(before + 1);
  });

  test('a failing service is a 502 naming its status (after one retry), and nothing is cached', async () => {
    const before = llm.requests.length;
    llm.failNext(500, 2);
    const failed = await summary('EXAMPLE', '3.1.3', '3.2.1');
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ statusCode: 502, error: 'Bad Gateway' });
    expect(failed.body.message).toBe(`${GraphErrorMessage.explanationFailed}500 injected failure 500`);
    expect(llm.requests.length).toBe(before + 2);
    expect(await cachedRows('3.1.3', '3.2.1')).toEqual([]);
    // Served once the service is back.
    const recovered = await summary('EXAMPLE', '3.1.3', '3.2.1');
    expect(recovered.status).toBe(200);
    expect(await cachedRows('3.1.3', '3.2.1')).toHaveLength(1);
  });

  test('one failure is forgiven: the retry answers', async () => {
    llm.failNext(503);
    const answer = await summary('CONTRAST', '3.1.1', '3.2.2');
    expect(answer.status).toBe(200);
    expect(answer.body.summary).toBe(`Reply ${replies}: the two are linked.`);
  });

  test('a service that does not answer within LLM_TIMEOUT_MS is a 502 saying so', async () => {
    const before = llm.requests.length;
    llm.delay(TIMEOUT_MS * 5);
    const started = Date.now();
    const slow = await summary('RELATED', '3.1.3', '3.2.3');
    const took = Date.now() - started;
    expect(slow.status).toBe(502);
    expect(slow.body.message).toBe(GraphErrorMessage.explanationTimeout);
    expect(llm.requests.length).toBe(before + 2);
    // Two tries of TIMEOUT_MS each, plus the SDK's short back-off; never the service's own delay twice.
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS * 2);
    expect(took).toBeLessThan(TIMEOUT_MS * 2 + 2500);
    expect(await cachedRows('3.1.3', '3.2.3')).toEqual([]);
  });

  test('an empty answer is a 502 saying so', async () => {
    llm.setReply('   ');
    try {
      const empty = await summary('ELABORATION', '3.1.3', '3.1.4');
      expect(empty.status).toBe(502);
      expect(empty.body.message).toBe(GraphErrorMessage.explanationEmpty);
      expect(await cachedRows('3.1.3', '3.1.4')).toEqual([]);
    } finally {
      llm.setReply(() => `  Reply ${++replies}: the two are linked.\n`);
    }
  });

  test('a malformed answer (JSON cut short, or not a chat completion) is a 502 saying so', async () => {
    for (const body of [undefined, '{"object": "list", "data": []}', '<html>Bad gateway</html>']) {
      llm.malformedNext(1, body);
      const garbled = await summary('ELABORATION', '3.1.3', '3.1.4');
      expect(garbled.status, body).toBe(502);
      expect(garbled.body.message, body).toBe(GraphErrorMessage.explanationMalformed);
    }
    expect(await cachedRows('3.1.3', '3.1.4')).toEqual([]);
  });
});

describe('the explanation settings', () => {
  const dir = makeTempDir('threadbook-graph-config-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...env });

  test('defaults: 30 s, 20 summaries a minute, gpt-4o-mini', () => {
    const config = load({ LLM_BASE_URL: 'http://127.0.0.1:1/v1' });
    expect(config.llm).toMatchObject({ timeoutMs: 30_000, model: 'gpt-4o-mini' });
    expect(config.summaryRateLimit).toBe(20);
    expect(load({}).llm).toBeUndefined();
  });

  test.each([
    ['LLM_TIMEOUT_MS', '0'],
    ['LLM_TIMEOUT_MS', 'soon'],
    ['SUMMARY_RATE_LIMIT', '0'],
    ['SUMMARY_RATE_LIMIT', '2.5'],
  ])('%s=%s stops the server with a message naming it', (name, value) => {
    expect(() => load({ [name]: value })).toThrow(ConfigError);
    expect(() => load({ [name]: value })).toThrow(new RegExp(`${name}: `));
  });
});
