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

/**
 * `readers` closed loops (each waits for its answer before its next call), one connection each, for
 * `duration` seconds (or until `signal` aborts); every call's time from sending to the end of its body. undici's client: autocannon's
 * own took a core to read 900 PDF ranges a second and became what was measured.
 */
export async function load(
  r: Reading,
  readers: number,
  duration: number,
  signal?: AbortSignal,
): Promise<Phase> {
  const agent = new Agent({ connections: readers });
  const times: number[] = [];
  const kindTimes = CALL_KINDS.map(() => [] as number[]);
  const kindErrors = CALL_KINDS.map(() => 0);
  const kindQueries = CALL_KINDS.map(() => [] as number[]);
  let firstError: string | undefined;
  const started = performance.now();
  const end = started + duration * 1000;
  await Promise.all(
    Array.from({ length: readers }, async (_, reader) => {
      const authorization = `Bearer ${r.tokens[reader % r.tokens.length]!}`;
      const baseUrl = r.baseUrls[reader % r.baseUrls.length]!;
      for (let step = reader; performance.now() < end && !signal?.aborted; step++) {
        const call = readerCall(r, step);
        const sent = performance.now();
        let failure: string | undefined;
        try {
          const answer = await request(`${baseUrl}${call.path}`, {
            method: call.method,
            headers: { ...call.headers, authorization },
            body: call.body,
            dispatcher: agent,
          });
          await answer.body.dump({ limit: 1 << 20 });
          const queries = queriesOf(answer.headers['server-timing']);
          if (queries !== undefined) kindQueries[step % 4]!.push(queries);
          if (answer.statusCode >= 400) failure = `${call.method} ${call.path}: ${answer.statusCode}`;
        } catch (error) {
          failure = `${call.method} ${call.path}: ${(error as Error).message}`;
        }
        const took = performance.now() - sent;
        times.push(took);
        kindTimes[step % 4]!.push(took);
        if (failure !== undefined) {
          kindErrors[step % 4]!++;
          firstError ??= failure;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await agent.close();
  const byKind = Object.fromEntries(
    CALL_KINDS.map((kind, i) => [kind, timingsOf(kindTimes[i]!, kindErrors[i]!, elapsed, kindQueries[i]!)]),
  ) as Record<CallKind, Timings>;
  const errors = kindErrors.reduce((a, b) => a + b, 0);
  return {
    ...timingsOf(times, errors, elapsed, kindQueries.flat()),
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
