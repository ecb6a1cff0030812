/**
 * Find in the book under load: the search endpoint of the real server (real SQLite, the book imported
 * through the import command with its graph and search index, a signed-in bearer token) under autocannon,
 * 50 connections, one run per kind of query (common words, rare words, two words, phrases) and one over
 * them all; the server keeps its answers, so these measure answers asked for again. A last run cycles
 * through more distinct queries than the server keeps, so that every answer is searched and made anew.
 * The server is a child process.
 *
 *   node apps/server/scripts/bench-search.ts [book.pdf] [--duration 10]   # defaults to ../shared/books/ipsur
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { BookSearchResponse } from '@threadbook/contracts';
import { freePort, signIn, waitForHealth } from './bench-support.ts';

const here = fileURLToPath(import.meta.url);
const serverRoot = path.resolve(path.dirname(here), '..');
const repoRoot = path.resolve(serverRoot, '../..');
const defaultBook = path.resolve(repoRoot, '../shared/books/ipsur/IPSUR.pdf');
const CONNECTIONS = 50;
const P99_TARGET_MS = 25;

/** What a reader of a statistics book looks for (ipsur); other books get other hit counts. */
const QUERIES: Record<string, string[]> = {
  'common words': ['the', 'data', 'sample', 'distribution', 'probability'],
  'rare words': ['Kolmogorov', 'mesokurtic', 'Weibull', 'kurtosis', 'bootstrap'],
  'two words': ['confidence interval', 'standard deviation', 'sample mean', 'random variable'],
  phrases: ['"null hypothesis"', '"normal distribution"', '"random variable"', '"sample mean"'],
};

/**
 * Words that are common in ipsur, paired into more distinct two-word queries than the server keeps
 * answers for: cycled through, every request is searched anew.
 */
const COMMON_WORDS = (
  'the data sample distribution probability mean random variable normal test value function model ' +
  'population interval hypothesis variance standard estimate parameter regression error example number'
).split(' ');
const DISTINCT_PAIRS = COMMON_WORDS.flatMap((first, i) =>
  COMMON_WORDS.slice(i + 1).map((second) => `${first} ${second}`),
);

interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(baseUrl: string, duration: number, token: string, paths: string[]): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration,
    // As a browser asks: the server sends its kept brotli form.
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' },
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
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--duration');
  const duration = at >= 0 ? Number(args.splice(at, 2)[1]) : 10;
  const pdf = args[0] ? path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]) : defaultBook;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadbook-bench-search-'));
  const env = {
    ...process.env,
    DATA_DIR: path.join(workDir, 'data'),
    SAMPLE_BOOK: 'false',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  };
  try {
    const started = performance.now();
    const imported = spawnSync(process.execPath, [path.join(serverRoot, 'src/cli/import.ts'), pdf], {
      env: { ...env, INIT_CWD: repoRoot },
      encoding: 'utf8',
    });
    if (imported.status !== 0) throw new Error(`import failed:\n${imported.stderr}`);
    const bookId = imported.stdout.trim().split(/\s+/).pop();
    console.log(
      `${path.basename(pdf)} imported as book ${bookId} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const port = await freePort();
    const server = spawn(process.execPath, [path.join(serverRoot, 'src/main.ts')], {
      env: { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
      stdio: 'inherit',
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    try {
      await waitForHealth(baseUrl);
      const token = await signIn(baseUrl);
      const pathOf = (q: string) => `/api/books/${bookId}/search?q=${encodeURIComponent(q)}`;

      console.log('\nquery                      hits   total    JSON');
      for (const q of Object.values(QUERIES).flat()) {
        const response = await fetch(`${baseUrl}${pathOf(q)}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        if (!response.ok) throw new Error(`${q}: the search answered ${response.status}`);
        const json = await response.text();
        const { hits, total } = JSON.parse(json) as BookSearchResponse;
        const size = `${(json.length / 1000).toFixed(1)} kB`;
        console.log(
          `${q.padEnd(24)}${String(hits.length).padStart(7)}${String(total).padStart(8)}${size.padStart(10)}`,
        );
      }

      console.log(
        `\nsearch (${CONNECTIONS} connections, ${duration} s each)    req/s   p50 ms   p99 ms   errors`,
      );
      const runs: [string, string[]][] = [
        // What the machine allows: a route of the same server with one small query behind the same token.
        ['baseline: book metadata', [`/api/books/${bookId}/metadata`]],
        ...Object.entries(QUERIES).map(([name, queries]): [string, string[]] => [name, queries.map(pathOf)]),
        ['all of them', Object.values(QUERIES).flat().map(pathOf)],
        [`${DISTINCT_PAIRS.length} distinct pairs, none kept`, DISTINCT_PAIRS.map(pathOf)],
      ];
      for (const [name, paths] of runs) {
        const r = await load(baseUrl, duration, token, paths);
        console.log(
          [
            name.padEnd(36),
            r.requestsPerSecond.toFixed(0).padStart(8),
            String(r.p50).padStart(8),
            String(r.p99).padStart(8),
            String(r.errors).padStart(8),
          ].join(' '),
        );
      }
      console.log(`target: p99 < ${P99_TARGET_MS} ms`);
    } finally {
      server.kill();
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
