import { STATUS_CODES } from 'node:http';
import type OpenAI from 'openai';
import { denseIndex, type SimilarityIndex } from './similarity-index.ts';
import { buildTermMatrix } from './term-matrix.ts';
import { lemmaTokens } from './tokenise.ts';

export interface EmbeddingsEndpoint {
  /** The OpenAI-compatible API root, e.g. "https://api.openai.com/v1" or "http://127.0.0.1:1234/v1". */
  baseUrl: string;
  model?: string;
  apiKey?: string;
  /** Texts per request. */
  batchSize?: number;
  /** Per request. */
  timeoutMs?: number;
  /** Retries of a request after a timeout, a lost connection, 408, 409, 429 or 5xx, with backoff. */
  maxRetries?: number;
}

export const EMBEDDINGS_DEFAULTS = {
  model: 'text-embedding-3-small',
  batchSize: 64,
  timeoutMs: 60_000,
  maxRetries: 3,
};

/** The endpoint failed for good (after retries), or answered something that is not embeddings. */
export class EmbeddingsError extends Error {
  override name = 'EmbeddingsError';
}

/**
 * Similarity by embeddings from an OpenAI-compatible endpoint (POST {baseUrl}/embeddings), cosine over the
 * returned vectors. The openai SDK does the HTTP: it retries with exponential backoff (honouring
 * Retry-After) and enforces the timeout, which is all this needs. It is loaded only here, when an endpoint
 * is set (it takes a fifth of a second to load). Shared terms still come from the book's own TF-IDF,
 * since vectors name no words.
 */
export async function buildEmbeddingsIndex(
  texts: string[],
  endpoint: EmbeddingsEndpoint,
): Promise<SimilarityIndex> {
  const { model, batchSize, timeoutMs, maxRetries } = { ...EMBEDDINGS_DEFAULTS, ...endpoint };
  const sdk = await import('openai');
  const client = new sdk.OpenAI({
    baseURL: endpoint.baseUrl,
    // Local servers need no key; the SDK insists on one.
    apiKey: endpoint.apiKey || 'none',
    timeout: timeoutMs,
    maxRetries,
  });
  const fail = (cause: string, error?: unknown) =>
    new EmbeddingsError(`Embeddings endpoint ${endpoint.baseUrl} failed: ${cause}`, { cause: error });

  let dimensions = 0;
  let vectors = new Float32Array(0);
  for (let start = 0; start < texts.length; start += batchSize) {
    // The API rejects empty strings.
    const input = texts.slice(start, start + batchSize).map((text) => text || ' ');
    let response: OpenAI.CreateEmbeddingResponse;
    try {
      response = await client.embeddings.create({ model, input, encoding_format: 'float' });
    } catch (error) {
      throw fail(describe(error, timeoutMs, sdk), error);
    }
    const batch = embeddingsOf(response, input.length);
    if (typeof batch === 'string') throw fail(batch);
    if (start === 0) {
      dimensions = batch[0]?.length ?? 0;
      vectors = new Float32Array(texts.length * dimensions);
    }
    for (const [i, embedding] of batch.entries()) {
      if (embedding.length !== dimensions) {
        throw fail(`malformed response (a vector of ${embedding.length} dimensions, expected ${dimensions})`);
      }
      vectors.set(embedding, (start + i) * dimensions);
    }
  }
  const terms = buildTermMatrix(texts.map(lemmaTokens), { mergePlurals: true });
  return denseIndex(vectors, Math.max(dimensions, 1), terms);
}

/** The vectors of a response in input order, or what is wrong with it. */
function embeddingsOf(response: OpenAI.CreateEmbeddingResponse, expected: number): number[][] | string {
  const data: unknown = response?.data;
  if (!Array.isArray(data)) return 'malformed response (no data array)';
  if (data.length !== expected) return `malformed response (${data.length} embeddings for ${expected} texts)`;
  const ordered = [...(data as { index?: unknown; embedding?: unknown }[])].sort(
    (a, b) => Number(a.index ?? 0) - Number(b.index ?? 0),
  );
  const vectors: number[][] = [];
  for (const item of ordered) {
    const embedding = item?.embedding;
    if (!Array.isArray(embedding) || embedding.length === 0 || !embedding.every(Number.isFinite)) {
      return 'malformed response (an embedding is not a list of numbers)';
    }
    vectors.push(embedding as number[]);
  }
  return vectors;
}

function describe(error: unknown, timeoutMs: number, sdk: typeof import('openai')): string {
  if (error instanceof sdk.APIConnectionTimeoutError) return `timed out after ${timeoutMs} ms`;
  if (error instanceof sdk.APIConnectionError) {
    const cause = error.cause instanceof Error ? (error.cause.cause ?? error.cause) : undefined;
    return `could not connect (${cause instanceof Error ? cause.message : error.message})`;
  }
  if (error instanceof sdk.APIError && error.status !== undefined) {
    const detail = (error.error as { message?: unknown } | undefined)?.message;
    return (
      `${error.status} ${STATUS_CODES[error.status] ?? ''}`.trim() + (detail ? ` (${String(detail)})` : '')
    );
  }
  if (error instanceof SyntaxError) return `malformed response (${error.message})`;
  return error instanceof Error ? error.message : String(error);
}
