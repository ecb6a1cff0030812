import OpenAI from 'openai';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '@threadbook/test-support';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildEmbeddingsIndex, EmbeddingsError } from '../src/graph/semantic/index.ts';

// Sentences of Judson's Abstract Algebra (aata): three about cosets, three about codes, four about rings.
const TEXTS = [
  'Let G be a group and H a subgroup of G. Define a left coset of H with representative g to be the set gH.',
  'The left cosets of H in G partition G, and the number of left cosets of H in G is the index of H in G.',
  'Lagrange: the order of a subgroup divides the order of the group, since the cosets of the subgroup partition the group.',
  'A code is an error-detecting code if the minimum distance between codewords is at least two.',
  'The Hamming distance between two codewords is the number of positions in which the codewords differ.',
  'A linear code detects errors when the minimum distance between its codewords is large enough.',
  'A ring is a nonempty set with two binary operations, addition and multiplication.',
  'A commutative ring with identity in which every nonzero element is a unit is a field.',
  'An integral domain is a commutative ring with identity and no zero divisors.',
  'Every finite integral domain is a field.',
];

describe('embeddings from an OpenAI-compatible endpoint', () => {
  let server: OpenAiCompatibleServer;
  beforeAll(async () => {
    server = await startOpenAiCompatibleServer({ dimensions: 128 });
  });
  afterEach(() => server.reset());
  afterAll(() => server.close());

  /** The requests made while running `work`. */
  async function requestsDuring<T>(work: () => Promise<T>) {
    const before = server.requests.length;
    const result = await work().catch((error: unknown) => error);
    return { result, requests: server.requests.slice(before) };
  }

  it('sends the texts in batches, in order, with the model and key, and finds neighbours by cosine', async () => {
    const { result, requests } = await requestsDuring(() =>
      buildEmbeddingsIndex(TEXTS, {
        baseUrl: server.url,
        model: 'nomic-embed',
        apiKey: 'sk-test',
        batchSize: 4,
      }),
    );
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(Array(3).fill('POST /v1/embeddings'));
    const inputs = requests.map((r) => (r.body as { input: string[] }).input);
    expect(inputs.map((input) => input.length)).toEqual([4, 4, 2]);
    expect(inputs.flat()).toEqual(TEXTS);
    expect(requests.every((r) => (r.body as { model: string }).model === 'nomic-embed')).toBe(true);
    expect(requests[0]!.headers.authorization).toBe('Bearer sk-test');

    const index = result as Awaited<ReturnType<typeof buildEmbeddingsIndex>>;
    // The server's vectors are bags of words: each text's nearest is one on its own topic.
    const topic = (i: number) => Math.min(2, Math.floor(i / 3));
    for (const i of TEXTS.keys()) {
      const [nearest] = index.neighbours(i, 1);
      expect(topic(nearest!.index), `nearest to text ${i}`).toBe(topic(i));
    }
    const neighbours = index.neighbours(0, 9);
    expect(neighbours.map((n) => n.index)).not.toContain(0);
    expect(neighbours.map((n) => n.similarity)).toEqual(
      [...neighbours.map((n) => n.similarity)].sort((a, b) => b - a),
    );
    expect(index.sharedTerms(3, 4, 3)).toContain('codewords');
  });

  it('retries after a 500 and after a 429, then succeeds', async () => {
    server.failNext(500);
    server.failNext(429);
    const { result, requests } = await requestsDuring(() =>
      buildEmbeddingsIndex(TEXTS, { baseUrl: server.url, batchSize: 5 }),
    );
    expect(result).not.toBeInstanceOf(Error);
    expect(requests).toHaveLength(4);
    expect(requests[0]!.body).toEqual(requests[2]!.body);
  });

  it('fails with a clear error naming the endpoint and the status once the retries are spent', async () => {
    server.failNext(500, 10);
    const { result, requests } = await requestsDuring(() =>
      buildEmbeddingsIndex(TEXTS, { baseUrl: server.url, maxRetries: 2 }),
    );
    expect(result).toBeInstanceOf(EmbeddingsError);
    expect((result as Error).message).toMatch(
      new RegExp(`^Embeddings endpoint ${server.url} failed: 500 Internal Server Error`),
    );
    expect(requests).toHaveLength(3);
  });

  it('gives up on a slow endpoint after the timeout', async () => {
    server.delay(1000);
    const { result, requests } = await requestsDuring(() =>
      buildEmbeddingsIndex(TEXTS, { baseUrl: server.url, timeoutMs: 150, maxRetries: 1 }),
    );
    expect(result).toBeInstanceOf(EmbeddingsError);
    expect((result as Error).message).toBe(
      `Embeddings endpoint ${server.url} failed: timed out after 150 ms`,
    );
    expect(requests).toHaveLength(2);
  });

  it('rejects a response that is not JSON', async () => {
    server.malformedNext();
    const { result } = await requestsDuring(() => buildEmbeddingsIndex(TEXTS, { baseUrl: server.url }));
    expect(result).toBeInstanceOf(EmbeddingsError);
    expect((result as Error).message).toMatch(/^Embeddings endpoint .* failed: malformed response/);
  });

  it('rejects JSON that does not hold one vector per text', async () => {
    server.malformedNext(1, '{"object": "list", "data": []}');
    const { result } = await requestsDuring(() => buildEmbeddingsIndex(TEXTS, { baseUrl: server.url }));
    expect((result as Error).message).toBe(
      `Embeddings endpoint ${server.url} failed: malformed response (0 embeddings for 10 texts)`,
    );
  });

  it('names the endpoint when nothing listens there', async () => {
    const gone = await startOpenAiCompatibleServer();
    await gone.close();
    const error = await buildEmbeddingsIndex(TEXTS, { baseUrl: gone.url, maxRetries: 0 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EmbeddingsError);
    expect((error as Error).message).toMatch(
      new RegExp(`^Embeddings endpoint ${gone.url} failed: could not connect`),
    );
  });
});

describe('the loopback server answers chat completions too', () => {
  it('returns the configured reply and records the prompt', async () => {
    const server = await startOpenAiCompatibleServer({
      reply: (body) => `You said ${body.messages?.length} things`,
    });
    try {
      const client = new OpenAI({ baseURL: server.url, apiKey: 'none' });
      const completion = await client.chat.completions.create({
        model: 'local',
        messages: [
          { role: 'system', content: 'Explain how two paragraphs relate.' },
          { role: 'user', content: 'Theorem 6.10 and Example 6.2' },
        ],
      });
      expect(completion.choices[0]!.message.content).toBe('You said 2 things');
      expect(server.requests.at(-1)!.path).toBe('/v1/chat/completions');
      expect((server.requests.at(-1)!.body as { messages: { content: string }[] }).messages[1]!.content).toBe(
        'Theorem 6.10 and Example 6.2',
      );
    } finally {
      await server.close();
    }
  });
});
