/**
 * The same readers on SQLite with one server, on PostgreSQL with one server, and on PostgreSQL with two.
 *
 * One run, one book, one reader mix (bench-serve's: related paragraphs, a 64 KB range of the PDF, a
 * bookmark PUT, a reading-position PUT; 20 users). SQLite: the book imported with the real import command
 * into a DATA_DIR of its own, one server on it. PostgreSQL: a throw-away cluster (test-support's), the book
 * imported into a database there with its own DATA_DIR; one server, then a second one on another port with
 * the same DATA_DIR, database, secret and PUBLIC_URL (as two servers behind one address would be), the
 * bench spreading readers over them (reader i talks to server i % 2). Each configuration gets a warm-up,
 * then `--duration` seconds of load. Prints req/s, p50, p99, max and errors for each, and per kind of call.
 *
 *   node apps/server/scripts/bench-scale.ts [read.pdf] [--duration 15] [--readers 200]
 *   (default: aata from ../shared/books)
 *
 * The bench's own client runs on the same machine as the servers and the database: with few cores, they
 * all compete for them, and a second server may not be faster than one. The core count is printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpus, createDatabase, startPostgres } from '@threadbook/test-support';
import {
  BENCH_USERS,
  CALL_KINDS,
  freePort,
  load,
  prepareReading,
  timingsHeader,
  timingsRow,
  waitForHealth,
  WARM_UP_SECONDS,
  wholeNumberOption,
  type Phase,
  type Reading,
} from './bench-support.ts';

const here = fileURLToPath(import.meta.url);
const serverRoot = path.resolve(path.dirname(here), '..');

/** Aborted by Ctrl-C or SIGTERM: the load stops, no further child starts, and the run unwinds to its clean-up. */
const stopping = new AbortController();
/** What is left to undo, the latest first: servers, the PostgreSQL cluster, the temporary folder. */
const cleanups: (() => Promise<void> | void)[] = [];
const children = new Set<ChildProcess>();

async function cleanUp() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill();
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()!();
    } catch (error) {
      console.error(`cleaning up: ${(error as Error).message}`);
    }
  }
}

/** A child process that is killed on the way out, whatever the way. */
function spawnChild(args: string[], env: NodeJS.ProcessEnv, stdio: 'inherit' | 'pipe'): ChildProcess {
  stopping.signal.throwIfAborted();
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', stdio, stdio] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Imports `pdf` with the import command; the book's id. */
async function importBook(pdf: string, env: NodeJS.ProcessEnv): Promise<string> {
  const child = spawnChild([path.join(serverRoot, 'src/cli/import.ts'), pdf], env, 'pipe');
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`import failed (${code}):\n${err.slice(-2000)}`);
  return out.trim().split(/\s+/).pop()!;
}

interface Server {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * The real server on a free port, with its own environment; resolves once it answers its health check.
 * Its PUBLIC_URL is its own address unless it is to be one site with a server at `publicUrl`: the ID tokens
 * one signs name that address, and the other checks them against it.
 */
async function startServer(env: NodeJS.ProcessEnv, publicUrl?: string): Promise<Server> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawnChild(
    [path.join(serverRoot, 'src/main.ts')],
    { ...env, PORT: String(port), PUBLIC_URL: publicUrl ?? baseUrl },
    'inherit',
  );
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the server on port ${port} exited with ${code}`))),
  );
  exited.catch(() => {});
  await Promise.race([waitForHealth(baseUrl), exited]);
  return {
    baseUrl,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await gone;
    },
  };
}

/** Warm-up, then the measured load. */
async function measure(name: string, reading: Reading, readers: number, duration: number) {
  process.stderr.write(`${name}: ${WARM_UP_SECONDS} s of warm-up, then ${duration} s...\n`);
  await load(reading, readers, WARM_UP_SECONDS, stopping.signal);
  const phase = await load(reading, readers, duration, stopping.signal);
  stopping.signal.throwIfAborted();
  return { name, phase };
}

async function main() {
  const args = process.argv.slice(2);
  const duration = wholeNumberOption(args, '--duration', 15);
  const readers = wholeNumberOption(args, '--readers', 200);
  if (args.length > 1) throw new Error('give one PDF to read (or none for aata)');
  const readPdf = path.resolve(
    process.env.INIT_CWD ?? process.cwd(),
    args[0] ?? corpus.path('aata/aata-20220728.pdf'),
  );
  if (!fs.existsSync(readPdf)) throw new Error(`no such PDF: ${readPdf}`);

  // Other work on the machine takes cores from the run: its load average is printed with the figures.
  const loadBefore = os.loadavg()[0]!;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadbook-bench-scale-'));
  cleanups.push(() => fs.rmSync(workDir, { recursive: true, force: true }));
  const common = {
    ...process.env,
    SAMPLE_BOOK: 'false',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    // Both PostgreSQL servers are one site: the same secret, and the same PUBLIC_URL (startServer).
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    SIGN_UP_RATE_LIMIT: '1000',
    // An empty allow-list lets everyone sign up; the bench's readers are not on a list that may be set.
    ALLOWED_EMAILS: '',
  };
  const results: { name: string; phase: Phase }[] = [];

  // SQLite, one server.
  {
    const env = { ...common, DATA_DIR: path.join(workDir, 'sqlite-data'), DATABASE_URL: '' };
    process.stderr.write(`importing ${path.basename(readPdf)} into SQLite...\n`);
    const bookId = await importBook(readPdf, env);
    const server = await startServer(env);
    cleanups.push(() => server.stop());
    const reading = await prepareReading(server.baseUrl, bookId);
    results.push(await measure('SQLite, 1 server', reading, readers, duration));
    await cleanups.pop()!();
  }

  // PostgreSQL, one server and then two on the same data.
  {
    process.stderr.write('starting PostgreSQL...\n');
    const cluster = await startPostgres();
    cleanups.push(() => cluster.stop());
    process.stderr.write(`PostgreSQL on port ${new URL(cluster.url).port}\n`);
    const env = {
      ...common,
      DATA_DIR: path.join(workDir, 'postgres-data'),
      DATABASE_URL: await createDatabase(cluster.url, 'threadbook_bench'),
    };
    process.stderr.write(`importing ${path.basename(readPdf)} into PostgreSQL...\n`);
    const bookId = await importBook(readPdf, env);
    const first = await startServer(env);
    cleanups.push(() => first.stop());
    const reading = await prepareReading(first.baseUrl, bookId);
    results.push(await measure('PostgreSQL, 1 server', reading, readers, duration));
    const second = await startServer(env, first.baseUrl);
    cleanups.push(() => second.stop());
    const both = { ...reading, baseUrls: [first.baseUrl, second.baseUrl] };
    results.push(await measure('PostgreSQL, 2 servers', both, readers, duration));
  }

  const width = 24;
  console.log(
    `${readers} readers (${BENCH_USERS} users) on ${path.basename(readPdf)}, ${duration} s per configuration after ${WARM_UP_SECONDS} s of warm-up: related, 64 KB PDF range, bookmark PUT, position PUT`,
  );
  console.log(
    `${os.availableParallelism()} cores shared by the bench's client, the server(s) and PostgreSQL; with two servers, reader i talks to server i % 2`,
  );
  console.log(
    `1-minute load average before the run: ${loadBefore.toFixed(1)} (near 0 on an otherwise idle machine; more means other work shared the cores)`,
  );
  console.log(timingsHeader('configuration', width));
  for (const { name, phase } of results) console.log(timingsRow(name, phase, width));
  for (const { name, phase } of results) {
    console.log(`\n${timingsHeader(name, width)}`);
    for (const kind of CALL_KINDS) console.log(timingsRow(`  ${kind}`, phase.byKind[kind], width));
    if (phase.firstError) console.log(`  first error: ${phase.firstError}`);
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // A second one: out at once.
    if (stopping.signal.aborted) process.exit(128 + os.constants.signals[signal]);
    process.stderr.write(`\n${signal}: stopping the servers and PostgreSQL...\n`);
    process.exitCode = 128 + os.constants.signals[signal];
    stopping.abort();
    for (const child of children) child.kill();
  });
}

try {
  await main();
} catch (error) {
  if (!stopping.signal.aborted) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
} finally {
  await cleanUp();
}
