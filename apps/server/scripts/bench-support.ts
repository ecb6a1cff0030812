/**
 * What the server benches share: a free loopback port, a child process started and read, waiting for the
 * server to be up, a signed-in user's ID token, and the simulated readers (their loop of calls, the load
 * they make and its timings).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Agent, request } from 'undici';

/** Starts a child and resolves with the first line it prints that `pick` accepts. */
export function startChild(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  pick: (line: string) => string | null,
) {
  return new Promise<{ child: ChildProcess; value: string }>((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let buffered = '';
    let errors = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      for (const line of buffered.split('\n')) {
        const value = pick(line);
        if (value !== null) resolve({ child, value });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}\n${errors}`)));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    probe.on('error', reject);
  });
}

export async function waitForHealth(baseUrl: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server at ${baseUrl} did not start`);
}

export async function signIn(baseUrl: string, email = 'bench@threadbook.test'): Promise<string> {
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'bench-password', name: 'Bench' }),
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const token = await fetch(`${baseUrl}/api/auth/token`, { headers: { cookie, origin: baseUrl } });
  const body = (await token.json()) as { token?: string };
  if (!body.token) throw new Error(`no ID token: ${token.status}`);
  return body.token;
}

/** Users the simulated readers are spread over. */
export const BENCH_USERS = 20;
const RANGE_BYTES = 64 * 1024;
/** Load before the measured runs, so that code is compiled and caches are warm. */
export const WARM_UP_SECONDS = 5;

/** The imported book as the readers see it, the users' tokens, and the servers to spread readers over. */
export interface Reading {
  /** Reader i talks to `baseUrls[i % baseUrls.length]`. */
  baseUrls: string[];
  bookId: string;
  paragraphIds: string[];
  pageCount: number;
  pdfBytes: number;
  tokens: string[];
}

/** What a reader's loop does, step by step: the kind of call of step `step` is `CALL_KINDS[step % 4]`. */
export const CALL_KINDS = ['related', 'PDF range', 'bookmark PUT', 'position PUT'] as const;
export type CallKind = (typeof CALL_KINDS)[number];

export interface Timings {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  /** Database queries per request (the server's Server-Timing header): the mean, and the most one made. */
  queries: { mean: number; max: number };
}

export interface Phase extends Timings {
  byKind: Record<CallKind, Timings>;
  /** The first failure seen (a status or an error message), when there was one. */
  firstError?: string;
}

interface Call {
  method: 'GET' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** What reading does, in a loop: the call of step `step` of a reader's loop. */
function readerCall(r: Reading, step: number): Call {
  const page = () => 1 + Math.floor(Math.random() * r.pageCount);
  const json = { 'content-type': 'application/json' };
  switch (step % 4) {
    case 0: {
      const paragraph = r.paragraphIds[Math.floor(Math.random() * r.paragraphIds.length)]!;
      return {
        method: 'GET',
        path: `/api/graph/books/${r.bookId}/paragraphs/${paragraph}/related?max_distance=1&limit=10&page=1&page_size=20`,
      };
    }
    case 1: {
      const start = Math.floor(Math.random() * Math.max(1, r.pdfBytes - RANGE_BYTES));
      return {
        method: 'GET',
        path: `/api/books/${r.bookId}/files/book.pdf`,
        headers: { range: `bytes=${start}-${start + RANGE_BYTES - 1}` },
      };
    }
    case 2:
      return {
        method: 'PUT',
        path: `/api/books/${r.bookId}/bookmarks/${page()}`,
        headers: json,
        body: JSON.stringify({ label: null }),
      };
    default:
      return {
        method: 'PUT',
        path: `/api/books/${r.bookId}/position`,
        headers: json,
        body: JSON.stringify({ page: page() }),
      };
  }
}

/** The database queries a response says its request made (its Server-Timing header), if it says. */
function queriesOf(serverTiming: string | string[] | undefined): number | undefined {
  const said = /\bdb;[^,]*desc="(\d+) quer/.exec(String(serverTiming ?? ''));
  return said ? Number(said[1]) : undefined;
}

function timingsOf(times: number[], errors: number, elapsed: number, queries: number[]): Timings {
  times.sort((a, b) => a - b);
  const at = (share: number) =>
    times.length === 0 ? 0 : Math.round(times[Math.min(times.length - 1, Math.floor(times.length * share))]!);
  return {
    requestsPerSecond: times.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    max: at(1),
    errors,
    queries: {
      mean: queries.length === 0 ? Number.NaN : queries.reduce((a, b) => a + b, 0) / queries.length,
      max: queries.length === 0 ? Number.NaN : queries.reduce((a, b) => Math.max(a, b)),
    },
  };
}

/** One call of a closed loop: where, and what it sends. */
export interface LoopCall {
  url: string;
  method?: 'GET' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
}

/** How one call went: its time from sending to the end of its body, and its failure if it failed. */
export interface LoopResult {
  loop: number;
  step: number;
  ms: number;
  failure?: string;
  /** The response's Server-Timing header, when it had one. */
  serverTiming?: string;
}

/** Sends `call` and reads its answer's body: the Server-Timing header it had, and its failure if it failed. */
async function send(agent: Agent, call: LoopCall): Promise<Pick<LoopResult, 'failure' | 'serverTiming'>> {
  const said = `${call.method ?? 'GET'} ${call.url}`;
  try {
    const answer = await request(call.url, {
      method: call.method ?? 'GET',
      headers: call.headers,
      body: call.body,
      dispatcher: agent,
    });
    await answer.body.dump({ limit: 1 << 20 });
    const timing = answer.headers['server-timing'];
    return {
      ...(timing === undefined ? {} : { serverTiming: String(timing) }),
      ...(answer.statusCode >= 400 ? { failure: `${said}: ${answer.statusCode}` } : {}),
    };
  } catch (error) {
    return { failure: `${said}: ${(error as Error).message}` };
  }
}

/**
 * `loops` closed loops (each waits for its answer before its next call), one connection each, for
 * `duration` seconds (or until `signal` aborts), call `step` of loop `loop` being `callOf(loop, step)`.
 * undici's client, which lets a body go unread: autocannon's own took a core to read 900 PDF ranges a
 * second, and decoded every compressed answer as UTF-8, and became what was measured.
 */
export async function closedLoops(
  loops: number,
  duration: number,
  callOf: (loop: number, step: number) => LoopCall,
  signal?: AbortSignal,
): Promise<{ results: LoopResult[]; elapsed: number }> {
  const agent = new Agent({ connections: loops });
  const results: LoopResult[] = [];
  const started = performance.now();
  const end = started + duration * 1000;
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      for (let step = loop; performance.now() < end && !signal?.aborted; step++) {
        const sent = performance.now();
        const result: LoopResult = { loop, step, ms: 0, ...(await send(agent, callOf(loop, step))) };
        result.ms = performance.now() - sent;
        results.push(result);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await agent.close();
  return { results, elapsed };
}

/**
 * Calls sent at a steady `rate` a second for `duration` seconds, whether the answers before them have come
 * or not (an open loop: what many readers each asking now and then make), over at most `connections`
 * connections; call i is `callOf(i)`. Each call is timed from when it was due, not from when a connection
 * was free to send it, so a server falling behind shows in the times (no coordinated omission).
 */
export async function openLoop(
  rate: number,
  duration: number,
  connections: number,
  callOf: (step: number) => LoopCall,
): Promise<{ results: LoopResult[]; elapsed: number }> {
  const agent = new Agent({ connections });
  const results: LoopResult[] = [];
  const calls: Promise<void>[] = [];
  const started = performance.now();
  const count = Math.floor(rate * duration);
  for (let step = 0; step < count; step++) {
    const due = started + (step * 1000) / rate;
    const wait = due - performance.now();
    // Never sent before it is due: it is timed from then.
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
    calls.push(
      send(agent, callOf(step)).then((sent) => {
        results.push({ loop: 0, step, ms: performance.now() - due, ...sent });
      }),
    );
  }
  await Promise.all(calls);
  const elapsed = (performance.now() - started) / 1000;
  await agent.close();
  return { results, elapsed };
}

/** The figures of calls: each call's time, in ms, and the queries the responses said they made. */
export function timingsOfResults(results: readonly LoopResult[], elapsed: number): Timings {
  const queries = results.flatMap(({ serverTiming }) => {
    const said = queriesOf(serverTiming);
    return said === undefined ? [] : [said];
  });
  const errors = results.filter((result) => result.failure !== undefined).length;
  return timingsOf(
    results.map((result) => result.ms),
    errors,
    elapsed,
    queries,
  );
}

/** The bench:serve and bench:scale reader mix: `readers` readers, each in a closed loop of CALL_KINDS. */
export async function load(
  r: Reading,
  readers: number,
  duration: number,
  signal?: AbortSignal,
): Promise<Phase> {
  const { results, elapsed } = await closedLoops(
    readers,
    duration,
    (reader, step) => {
      const call = readerCall(r, step);
      return {
        url: `${r.baseUrls[reader % r.baseUrls.length]!}${call.path}`,
        method: call.method,
        headers: { ...call.headers, authorization: `Bearer ${r.tokens[reader % r.tokens.length]!}` },
        body: call.body,
      };
    },
    signal,
  );
  const byKind = Object.fromEntries(
    CALL_KINDS.map((kind, i) => [
      kind,
      timingsOfResults(
        results.filter((result) => result.step % 4 === i),
        elapsed,
      ),
    ]),
  ) as Record<CallKind, Timings>;
  const firstError = results.find((result) => result.failure !== undefined)?.failure;
  return {
    ...timingsOfResults(results, elapsed),
    byKind,
    ...(firstError ? { firstError } : {}),
  };
}

/** Signs in `BENCH_USERS` readers at `baseUrl` and learns what they need to know of the imported book. */
export async function prepareReading(baseUrl: string, bookId: string): Promise<Reading> {
  const tokens: string[] = [];
  for (let i = 0; i < BENCH_USERS; i++) tokens.push(await signIn(baseUrl, `reader${i}@threadbook.test`));
  const get = (url: string) =>
    fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${tokens[0]}` } });
  const graph = (await (await get(`/api/graph/books/${bookId}/graph`)).json()) as { nodes: { id: string }[] };
  const metadata = (await (await get(`/api/books/${bookId}/metadata`)).json()) as { pageCount: number };
  const head = await fetch(`${baseUrl}/api/books/${bookId}/files/book.pdf`, {
    headers: { authorization: `Bearer ${tokens[0]}`, range: 'bytes=0-0' },
  });
  const pdfBytes = Number(head.headers.get('content-range')?.split('/')[1]);
  await head.arrayBuffer();
  if (graph.nodes.length === 0 || !Number.isFinite(pdfBytes))
    throw new Error('the imported book is not readable');
  return {
    baseUrls: [baseUrl],
    bookId,
    paragraphIds: graph.nodes.map((n) => n.id),
    pageCount: metadata.pageCount,
    pdfBytes,
    tokens,
  };
}

/** The header of a table of `timingsRow`s, whose first column is `width` wide. */
export function timingsHeader(first: string, width = 22): string {
  return `${first.padEnd(width)}${'req/s'.padStart(8)}${'p50'.padStart(9)}${'p99'.padStart(9)}${'max'.padStart(10)}${'errors'.padStart(8)}${'queries/req'.padStart(13)}${'most'.padStart(6)}`;
}

/** A row of figures; queries/req is the mean database queries per request, most the most one made. */
export function timingsRow(name: string, p: Timings, width = 22): string {
  const { mean, max } = p.queries;
  return `${name.padEnd(width)}${p.requestsPerSecond.toFixed(0).padStart(8)}${`${p.p50} ms`.padStart(9)}${`${p.p99} ms`.padStart(9)}${`${p.max} ms`.padStart(10)}${String(p.errors).padStart(8)}${(Number.isNaN(mean) ? '-' : mean.toFixed(2)).padStart(13)}${(Number.isNaN(max) ? '-' : String(max)).padStart(6)}`;
}

/** `--name value` taken out of `args`: a whole number, 1 or more, or `fallback` when absent. */
export function wholeNumberOption(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(name);
  const value = at >= 0 ? Number(args.splice(at, 2)[1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a whole number, 1 or more`);
  return value;
}
