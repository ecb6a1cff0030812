import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the server received, its body parsed as JSON (undefined when it was not JSON). */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface OpenAiServerOptions {
  /** Length of the embedding vectors (default 64). */
  dimensions?: number;
  /** The assistant's reply to every chat completion, or a function of the request body (default "OK"). */
  reply?: string | ((body: ChatCompletionRequest) => string);
}

export interface ChatCompletionRequest {
  model?: string;
  messages?: { role: string; content: string }[];
  [key: string]: unknown;
}

export interface OpenAiCompatibleServer {
  /** http://127.0.0.1:PORT/v1, the base URL for an OpenAI client. */
  url: string;
  /** Every request received, oldest first (failed ones too). */
  requests: RecordedRequest[];
  /** Answer the next `count` requests with this HTTP status (e.g. 500, 429) instead of a result. */
  failNext(status: number, count?: number): void;
  /** Answer the next `count` requests (after any failures) with this body: by default, JSON cut short. */
  malformedNext(count?: number, body?: string): void;
  /** Wait this long before answering every request from now on (0 to stop), to provoke timeouts. */
  delay(ms: number): void;
  /** Change the chat reply. */
  setReply(reply: NonNullable<OpenAiServerOptions['reply']>): void;
  /** Drop pending failures and malformed answers, and the delay. */
  reset(): void;
  close(): Promise<void>;
}

/**
 * A real OpenAI-compatible HTTP server on loopback for tests: POST /v1/embeddings and
 * POST /v1/chat/completions, with switches to fail, garble or delay answers. Embeddings are deterministic
 * and meaningful: a hashed bag of the text's longer words, so texts sharing words are similar.
 */
export async function startOpenAiCompatibleServer(
  options: OpenAiServerOptions = {},
): Promise<OpenAiCompatibleServer> {
  const dimensions = options.dimensions ?? 64;
  let reply = options.reply ?? 'OK';
  const requests: RecordedRequest[] = [];
  const failures: number[] = [];
  const malformed: string[] = [];
  let delayMs = 0;

  const server = createServer((req, res) => {
    void answer(req, res).catch(() => res.destroy());
  });

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const text = await readBody(req);
    const body = parseJson(text) as Record<string, unknown> | undefined;
    const path = (req.url ?? '').split('?')[0]!;
    requests.push({ method: req.method ?? '', path, headers: req.headers, body });
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (res.destroyed) return;

    const status = failures.shift();
    if (status !== undefined) return send(res, status, { error: { message: `injected failure ${status}` } });
    const garbled = malformed.shift();
    if (garbled !== undefined) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(garbled);
      return;
    }
    if (req.method !== 'POST') return send(res, 405, { error: { message: 'method not allowed' } });
    if (path === '/v1/embeddings') return send(res, 200, embeddings(body ?? {}, dimensions));
    if (path === '/v1/chat/completions') {
      const content = typeof reply === 'function' ? reply((body ?? {}) as ChatCompletionRequest) : reply;
      return send(res, 200, chatCompletion(body ?? {}, content));
    }
    send(res, 404, { error: { message: `no route ${path}` } });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    failNext: (status, count = 1) => failures.push(...Array<number>(count).fill(status)),
    malformedNext: (count = 1, body = '{"data": [') => malformed.push(...Array<string>(count).fill(body)),
    delay: (ms) => void (delayMs = ms),
    setReply: (next) => void (reply = next),
    reset() {
      failures.length = 0;
      malformed.length = 0;
      delayMs = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** retry-after-ms keeps clients' retries fast in tests (the OpenAI SDK honours it, as for api.openai.com). */
function send(res: ServerResponse, status: number, body: unknown) {
  res
    .writeHead(status, { 'content-type': 'application/json', 'retry-after-ms': '10' })
    .end(JSON.stringify(body));
}

function embeddings(body: Record<string, unknown>, dimensions: number) {
  const inputs = Array.isArray(body.input) ? (body.input as unknown[]) : [body.input];
  const base64 = body.encoding_format === 'base64';
  return {
    object: 'list',
    model: body.model ?? 'test-embedding',
    data: inputs.map((input, index) => {
      const vector = hashedBagOfWords(String(input), dimensions);
      return {
        object: 'embedding',
        index,
        embedding: base64 ? Buffer.from(Float32Array.from(vector).buffer).toString('base64') : vector,
      };
    }),
    usage: { prompt_tokens: 0, total_tokens: 0 },
  };
}

/**
 * Each word of four letters or more (so that "the" and "of" do not dominate) adds 1 to a dimension chosen
 * by its hash; the vector is L2-normalised.
 */
function hashedBagOfWords(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/\p{L}{4,}/gu) ?? []) {
    vector[createHash('sha1').update(word).digest().readUInt32BE(0) % dimensions]! += 1;
  }
  const norm = Math.hypot(...vector);
  // An empty text still gets a valid (non-zero) vector, as real endpoints return.
  return norm > 0 ? vector.map((v) => v / norm) : vector.map((_, i) => (i === 0 ? 1 : 0));
}

function chatCompletion(body: Record<string, unknown>, content: string) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? 'test-chat',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
