/**
 * The relationship graph's cost and the graph API's speed.
 *
 * 1. Per book: the time and peak memory of building the graph from an extracted book (the extraction runs
 *    first in another process and is not counted), each build in a child process of its own.
 * 2. The related-paragraphs endpoint of the real server (real SQLite, first book imported with its graph,
 *    a signed-in bearer token, paragraph ids varied per request) under autocannon, 50 connections for 20 s,
 *    beside a bare Fastify route answering a constant JSON in the same run. Each server is a child process.
 *
 *   node apps/server/scripts/bench-graph.ts [book.pdf ...] [--duration 20]   # defaults to ../shared/books
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { corpus } from '@threadbook/test-support';
import { freePort, signIn, startChild, waitForHealth } from './bench-support.ts';

const here = fileURLToPath(import.meta.url);
const serverRoot = path.resolve(path.dirname(here), '..');
const repoRoot = path.resolve(serverRoot, '../..');
const CONNECTIONS = 50;

interface BuildResult {
  ms: number;
  maxRssKb: number;
  paragraphs: number;
  edges: number;
}

/** Child mode "extract": the book's XML into a file, so the graph build is measured alone. */
async function extractChild(pdfPath: string, xmlOut: string) {
  const { extractBook } = await import('@threadbook/pipeline');
  const { writeBookXml } = await import('@threadbook/book');
  const { book } = await extractBook(new Uint8Array(fs.readFileSync(pdfPath)));
  fs.writeFileSync(xmlOut, writeBookXml(book));
}

/** Child mode "graph": build the graph of an extracted book and report time, size and peak RSS as JSON. */
async function graphChild(pdfPath: string, xmlPath: string) {
  const { buildGraph } = await import('@threadbook/pipeline');
  const { parseBookXml } = await import('@threadbook/book');
  const pdf = new Uint8Array(fs.readFileSync(pdfPath));
  const book = parseBookXml(fs.readFileSync(xmlPath, 'utf8'));
  const started = performance.now();
  const graph = await buildGraph(book, { pdf });
  const ms = performance.now() - started;
  const paragraphs = book.chapters.flatMap((c) => c.sections.flatMap((s) => s.paragraphs)).length;
  const result: BuildResult = {
    ms,
    maxRssKb: process.resourceUsage().maxRSS,
    paragraphs,
    edges: graph.edges.length,
  };
  process.stdout.write(JSON.stringify(result));
}

/** Child mode "bare": a Fastify server with one constant JSON route; prints its port. */
async function bareChild() {
  const { default: Fastify } = await import('fastify');
  const app = Fastify();
  app.get('/bare', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
}

function runChild(args: string[]): string {
  const run = spawnSync(process.execPath, [here, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`${args[0]} failed:\n${run.stderr}`);
  return run.stdout;
}

function benchBuilds(pdfs: string[], workDir: string): string[] {
  const xmls: string[] = [];
  console.log('graph build          paragraphs    edges     time   peak RSS');
  for (const pdf of pdfs) {
    const xml = path.join(workDir, `${path.basename(pdf, '.pdf')}.xml`);
    runChild(['--extract', pdf, xml]);
    xmls.push(xml);
    const r = JSON.parse(runChild(['--graph', pdf, xml])) as BuildResult;
    console.log(
      [
        path.basename(pdf).padEnd(20),
        String(r.paragraphs).padStart(10),
        String(r.edges).padStart(8),
        `${(r.ms / 1000).toFixed(2)} s`.padStart(8),
        `${(r.maxRssKb / 1024).toFixed(0)} MB`.padStart(10),
      ].join(' '),
    );
  }
  console.log('target: the graph of aata builds in under 20 s\n');
  return xmls;
}

interface LoadResult {
  requestsPerSecond: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, duration: number, headers: Record<string, string>, paths: string[]) {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    headers,
    requests: [
      {
        setupRequest: (request) => {
          request.path = paths[next++ % paths.length]!;
          return request;
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  } satisfies LoadResult;
}

async function benchEndpoint(pdf: string, xml: string, workDir: string, duration: number) {
  const dataDir = path.join(workDir, 'data');
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    SAMPLE_BOOK: 'false',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  };
  // The book goes in through the real import command, with the XML extracted above.
  const imported = spawnSync(
    process.execPath,
    [path.join(serverRoot, 'src/cli/import.ts'), pdf, '--xml', xml],
    { env: { ...env, INIT_CWD: repoRoot }, encoding: 'utf8' },
  );
  if (imported.status !== 0) throw new Error(`import failed:\n${imported.stderr}`);
  const bookId = imported.stdout.trim().split(/\s+/).pop();

  const port = await freePort();
  const server = spawn(process.execPath, [path.join(serverRoot, 'src/main.ts')], {
    env: { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: 'inherit',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl);
  const bare = await startChild(process.execPath, [here, '--bare'], process.env, (line) =>
    /^\d+$/.test(line.trim()) ? line.trim() : null,
  );
  try {
    const token = await signIn(baseUrl);
    const { parseBookXml } = await import('@threadbook/book');
    const ids = parseBookXml(fs.readFileSync(xml, 'utf8')).chapters.flatMap((c) =>
      c.sections.flatMap((s) => s.paragraphs.map((p) => p.id)),
    );
    const paths = ids.map(
      (id) =>
        `/api/graph/books/${bookId}/paragraphs/${id}/related?max_distance=1&limit=10&page=1&page_size=20`,
    );
    const check = await fetch(`${baseUrl}${paths[0]}`, { headers: { authorization: `Bearer ${token}` } });
    if (!check.ok) throw new Error(`the related endpoint answered ${check.status}`);

    const bareResult = await load(`http://127.0.0.1:${bare.value}`, duration, {}, ['/bare']);
    const related = await load(baseUrl, duration, { authorization: `Bearer ${token}` }, paths);
    const row = (name: string, r: LoadResult) =>
      `${name.padEnd(26)}${r.requestsPerSecond.toFixed(0).padStart(9)}${`${r.p99} ms`.padStart(10)}${String(r.errors + r.non2xx).padStart(9)}`;
    console.log(
      `endpoint (${path.basename(pdf)}, ${CONNECTIONS} connections, ${duration} s)  req/s    p99   errors`,
    );
    console.log(row('bare Fastify route', bareResult));
    console.log(row('related paragraphs', related));
    console.log(
      `related / bare throughput: ${(related.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2)} (target >= 0.33); p99 target < 25 ms`,
    );
  } finally {
    server.kill();
    bare.child.kill();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--duration');
  const duration = at >= 0 ? Number(args.splice(at, 2)[1]) : 20;
  const pdfs =
    args.length > 0
      ? args.map((a) => path.resolve(process.env.INIT_CWD ?? process.cwd(), a))
      : [corpus.path('aata/aata-20220728.pdf'), corpus.path('dmoi/discretebook.pdf')];
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadbook-bench-graph-'));
  try {
    const xmls = benchBuilds(pdfs, workDir);
    await benchEndpoint(pdfs[0]!, xmls[0]!, workDir, duration);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

const mode = process.argv[2];
if (mode === '--extract') await extractChild(process.argv[3]!, process.argv[4]!);
else if (mode === '--graph') await graphChild(process.argv[3]!, process.argv[4]!);
else if (mode === '--bare') await bareChild();
else await main();
