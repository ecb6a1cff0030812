/**
 * The server under a crowd of readers, idle and while a book is imported.
 *
 * The real server (a child process, real SQLite, loopback only) holds one book imported through the real
 * import command. Each simulated reader (one connection, one of 20 signed-in users) loops over what
 * reading does: the related paragraphs of a paragraph, a 64 KB range of the PDF, a bookmark PUT and a
 * reading-position PUT. After a warm-up, the load runs twice for `--duration` seconds: with the server idle,
 * then while the import command imports the other books into the same DATA_DIR, one after another (the
 * one running when the load ends is stopped). Prints req/s, p50, p99, max and errors for each.
 *
 *   node apps/server/scripts/bench-serve.ts [read.pdf import.pdf ...] [--duration 30] [--readers 200]
 *   (defaults: read aata, import ipsur, dmoi and decay from ../shared/books)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { freePort, signIn, waitForHealth } from './bench-support.ts';

const here = fileURLToPath(import.meta.url);
const serverRoot = path.resolve(path.dirname(here), '..');
const repoRoot = path.resolve(serverRoot, '../..');
const booksDir = path.resolve(repoRoot, '../shared/books');
const USERS = 20;
const RANGE_BYTES = 64 * 1024;
/** Load before the measured runs, so that code is compiled and caches are warm. */
const WARM_UP_SECONDS = 5;

interface Reading {
  baseUrl: string;
  bookId: string;
  paragraphIds: string[];
  pageCount: number;
  pdfBytes: number;
  tokens: string[];
}

interface Phase {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
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

/**
 * `readers` closed loops (each waits for its answer before its next call), one connection each, for
 * `duration` seconds; every call's time from sending to the end of its body. undici's client: autocannon's
 * own took a core to read 900 PDF ranges a second and became what was measured.
 */
async function load(r: Reading, readers: number, duration: number): Promise<Phase> {
  const agent = new Agent({ connections: readers });
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + duration * 1000;
  await Promise.all(
    Array.from({ length: readers }, async (_, reader) => {
      const authorization = `Bearer ${r.tokens[reader % r.tokens.length]!}`;
      for (let step = reader; performance.now() < end; step++) {
        const call = readerCall(r, step);
        const sent = performance.now();
        try {
          const answer = await request(`${r.baseUrl}${call.path}`, {
            method: call.method,
            headers: { ...call.headers, authorization },
            body: call.body,
            dispatcher: agent,
          });
          await answer.body.dump({ limit: 1 << 20 });
          if (answer.statusCode >= 400) errors++;
        } catch {
          errors++;
        }
        times.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await agent.close();
  times.sort((a, b) => a - b);
  const at = (share: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(times.length * share))]!);
  return { requestsPerSecond: times.length / elapsed, p50: at(0.5), p99: at(0.99), max: at(1), errors };
}

function importCommand(pdf: string) {
  return [path.join(serverRoot, 'src/cli/import.ts'), pdf];
}

/** The import command on each PDF in turn (again from the first when all are in), until stopped. */
function importOneAfterAnother(pdfs: string[], env: NodeJS.ProcessEnv) {
  let finished = 0;
  let current: ChildProcess | undefined;
  let stopped = false;
  const next = (i: number) => {
    if (stopped) return;
    current = spawn(process.execPath, importCommand(pdfs[i % pdfs.length]!), { env, stdio: 'ignore' });
    current.once('exit', (code) => {
      if (stopped) return;
      if (code === 0) finished++;
      next(i + 1);
    });
  };
  next(0);
  return {
    async stop() {
      stopped = true;
      const running = current?.exitCode === null ? current : undefined;
      if (running) {
        running.kill();
        await new Promise((resolve) => running.once('exit', resolve));
      }
      return { finished, stillImporting: running !== undefined };
    },
  };
}

/** Everything a reader needs to know of the imported book, and the users' tokens. */
async function prepareReading(baseUrl: string, bookId: string): Promise<Reading> {
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) tokens.push(await signIn(baseUrl, `reader${i}@threadbook.test`));
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
    baseUrl,
    bookId,
    paragraphIds: graph.nodes.map((n) => n.id),
    pageCount: metadata.pageCount,
    pdfBytes,
    tokens,
  };
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: number) => {
    const at = args.indexOf(name);
    const value = at >= 0 ? Number(args.splice(at, 2)[1]) : fallback;
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a whole number, 1 or more`);
    return value;
  };
  const duration = option('--duration', 30);
  const readers = option('--readers', 200);
  const corpus = [
    'aata/aata-20220728.pdf',
    'ipsur/IPSUR.pdf',
    'dmoi/discretebook.pdf',
    'decay/decay-book-4print.pdf',
  ];
  const [readPdf, ...importPdfs] = (
    args.length > 0 ? args : corpus.map((book) => path.join(booksDir, book))
  ).map((a) => path.resolve(process.env.INIT_CWD ?? process.cwd(), a));
  if (!readPdf || importPdfs.length === 0) throw new Error('give the PDF to read and at least one to import');

  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadbook-bench-serve-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DATA_DIR: path.join(workDir, 'data'),
    SAMPLE_BOOK: 'false',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    SIGN_UP_RATE_LIMIT: '1000',
  };
  const imported = spawnSync(process.execPath, importCommand(readPdf), { env, encoding: 'utf8' });
  if (imported.status !== 0) throw new Error(`import failed:\n${imported.stderr}`);
  const bookId = imported.stdout.trim().split(/\s+/).pop()!;

  const server = spawn(process.execPath, [path.join(serverRoot, 'src/main.ts')], { env, stdio: 'inherit' });
  try {
    await waitForHealth(baseUrl);
    const reading = await prepareReading(baseUrl, bookId);
    await load(reading, readers, WARM_UP_SECONDS);
    const idle = await load(reading, readers, duration);
    const imports = importOneAfterAnother(importPdfs, env);
    const during = await load(reading, readers, duration);
    const { finished, stillImporting } = await imports.stop();

    const row = (name: string, p: Phase) =>
      `${name.padEnd(22)}${p.requestsPerSecond.toFixed(0).padStart(8)}${`${p.p50} ms`.padStart(9)}${`${p.p99} ms`.padStart(9)}${`${p.max} ms`.padStart(10)}${String(p.errors).padStart(8)}`;
    console.log(
      `${readers} readers (${USERS} users) on ${path.basename(readPdf)}, ${duration} s each after ${WARM_UP_SECONDS} s of warm-up: related, 64 KB PDF range, bookmark PUT, position PUT`,
    );
    console.log('phase                    req/s      p50      p99       max  errors');
    console.log(row('idle', idle));
    console.log(row('importing', during));
    console.log(
      `(${finished} import(s) finished during the run${stillImporting ? ', one more was running at its end' : '; none was running at its end'})`,
    );
    console.log('targets: p99 under 100 ms idle, and under twice the idle p99 during an import; no errors');
  } finally {
    server.kill();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
