/**
 * Find in the book under load: the search endpoint of the real server (real SQLite, the book imported
 * through the import command with its graph and search index, a signed-in bearer token) under 50 closed
 * loops of undici's client (bench-support.ts), one run per kind of query (common words, rare words, two
 * words, phrases: the book's own, see queriesOf) and one over them all; the server keeps its answers, so
 * these measure answers asked for again. A last run cycles through more distinct queries than the server
 * keeps, so that every answer is searched and made anew, then again on one connection: the time one
 * student waits for such an answer, where fifty loops measure how many answers the machine makes; and
 * arriving at a steady rate (a quarter and half of that many a second), each timed from when it was due:
 * what a student waits while many others search too.
 * Beside them, what the machine allows: a plain node:http server sending as many bytes as the largest
 * answer, and the book's metadata route. The servers are child processes.
 *
 *   node apps/server/scripts/bench-search.ts [book.pdf] [--duration 10]   # defaults to ../shared/books/ipsur
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseBookXml, type BookDocument } from '@threadbook/book';
import { BOOK_FILES, type BookSearchResponse } from '@threadbook/contracts';
import { corpus } from '@threadbook/test-support';
import {
  closedLoops,
  freePort,
  type LoopResult,
  openLoop,
  signIn,
  startChild,
  timingsOfResults,
  waitForHealth,
} from './bench-support.ts';

const here = fileURLToPath(import.meta.url);
const serverRoot = path.resolve(path.dirname(here), '..');
const repoRoot = path.resolve(serverRoot, '../..');
const defaultBook = corpus.path('ipsur/IPSUR.pdf');
const CONNECTIONS = 50;
const P99_TARGET_MS = 25;
/**
 * Searches made anew arriving at these shares of the rate fifty loops flat out get: a server a quarter and
 * half busy with them (every other kind of call aside).
 */
const OPEN_LOOP_SHARES = [0.25, 0.5];

/** Paragraphs holding each key, most first (ties in alphabetical order). */
function mostFirst(counts: Map<string, number>, keep: (key: string, count: number) => boolean): string[] {
  return [...counts]
    .filter(([key, count]) => keep(key, count))
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
    .map(([key]) => key);
}

/**
 * What a reader looks for, from the book's own words: 'the' and its four most widespread words of six
 * letters or more; five rare words (seven letters or more, in two or three paragraphs); its four most
 * widespread two-word phrases, as two words and as phrases; and, to search anew, the pairs of its 24
 * most widespread words (276, more than the server keeps answers for).
 */
function queriesOf(book: BookDocument): { kinds: Record<string, string[]>; distinctPairs: string[] } {
  const words = new Map<string, number>();
  const phrases = new Map<string, number>();
  const add = (counts: Map<string, number>, keys: Iterable<string>) => {
    for (const key of new Set(keys)) counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  for (const paragraph of book.chapters.flatMap((c) => c.sections.flatMap((s) => s.paragraphs))) {
    const said = paragraph.text.toLowerCase().match(/\p{L}+/gu) ?? [];
    add(words, said);
    add(
      phrases,
      said
        .slice(1)
        .flatMap((word, i) => (word.length >= 5 && said[i]!.length >= 5 ? [`${said[i]} ${word}`] : [])),
    );
  }
  const common = mostFirst(words, (word) => word.length >= 6);
  const rare = mostFirst(words, (word, count) => word.length >= 7 && count >= 2 && count <= 3).sort();
  const twoWords = mostFirst(phrases, () => true).slice(0, 4);
  const top = common.slice(0, 24);
  return {
    kinds: {
      'common words': ['the', ...common.slice(0, 4)],
      'rare words': Array.from({ length: 5 }, (_, i) => rare[Math.floor((i * rare.length) / 5)]!),
      'two words': twoWords,
      phrases: twoWords.map((phrase) => `"${phrase}"`),
    },
    distinctPairs: top.flatMap((first, i) => top.slice(i + 1).map((second) => `${first} ${second}`)),
  };
}

interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** As a browser asks: the server sends its kept brotli form. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

/** The calls cycling through `paths` at `url`, the n-th (counted across loops) asking for path n. */
function cycling(url: string, headers: Record<string, string>, paths: string[]) {
  return (n: number) => ({
    url: `${url}${paths[n % paths.length]!}`,
    headers: { 'accept-encoding': ACCEPT_ENCODING, ...headers },
  });
}

function figures({ results, elapsed }: { results: LoopResult[]; elapsed: number }): LoadResult {
  const { requestsPerSecond, p50, p99, errors } = timingsOfResults(results, elapsed);
  return { requestsPerSecond, p50, p99, errors };
}

/** `connections` closed loops flat out, cycling through `paths`. */
async function load(
  url: string,
  duration: number,
  headers: Record<string, string>,
  paths: string[],
  connections = CONNECTIONS,
): Promise<LoadResult> {
  const callOf = cycling(url, headers, paths);
  let next = 0;
  return figures(await closedLoops(connections, duration, () => callOf(next++)));
}

/**
 * Searches arriving at `rate` a second whatever the answers before them (openLoop), cycling through `paths`,
 * each timed from when it was due.
 */
async function arriving(
  url: string,
  duration: number,
  headers: Record<string, string>,
  paths: string[],
  rate: number,
): Promise<LoadResult> {
  return figures(await openLoop(rate, duration, CONNECTIONS, cycling(url, headers, paths)));
}

/** Child mode "bare": a plain node:http server answering `bytes` bytes to every request; prints its port. */
async function bareChild(bytes: number) {
  const body = Buffer.alloc(bytes, 'x');
  const server = http.createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
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
      const xml = fs.readFileSync(path.join(env.DATA_DIR, 'books', String(bookId), BOOK_FILES.xml), 'utf8');
      const { kinds, distinctPairs } = queriesOf(parseBookXml(xml));

      const authorization = { authorization: `Bearer ${token}` };
      const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`.padStart(10);
      let largest = 0;
      console.log('\nquery                      hits   total      JSON    brotli');
      for (const q of Object.values(kinds).flat()) {
        const response = await fetch(`${baseUrl}${pathOf(q)}`, {
          headers: { ...authorization, 'accept-encoding': ACCEPT_ENCODING },
        });
        if (!response.ok) throw new Error(`${q}: the search answered ${response.status}`);
        // fetch decodes the body; the length is what travelled.
        const sent = Number(response.headers.get('content-length'));
        const json = await response.text();
        const { hits, total } = JSON.parse(json) as BookSearchResponse;
        largest = Math.max(largest, sent);
        console.log(
          `${q.padEnd(24)}${String(hits.length).padStart(7)}${String(total).padStart(8)}${kB(json.length)}${kB(sent)}`,
        );
      }

      console.log(
        `\nsearch (${CONNECTIONS} connections, ${duration} s each)    req/s   p50 ms   p99 ms   errors`,
      );
      const row = (name: string, r: LoadResult) =>
        console.log(
          [
            name.padEnd(36),
            r.requestsPerSecond.toFixed(0).padStart(8),
            String(r.p50).padStart(8),
            String(r.p99).padStart(8),
            String(r.errors).padStart(8),
          ].join(' '),
        );
      // What the machine allows: a plain node:http server sending the largest answer's bytes (beside each
      // run at a steady rate too), and a route of the same server with one small query behind the same token.
      const bare = await startChild(
        process.execPath,
        [here, '--bare', String(largest)],
        process.env,
        (line) => (/^\d+$/.test(line.trim()) ? line.trim() : null),
      );
      const bareUrl = `http://127.0.0.1:${bare.value}`;
      try {
        row(`bare node:http, ${kB(largest).trim()} body`, await load(bareUrl, duration, {}, ['/']));
        const runs: [string, string[]][] = [
          ['book metadata (same server)', [`/api/books/${bookId}/metadata`]],
          ...Object.entries(kinds).map(([name, queries]): [string, string[]] => [name, queries.map(pathOf)]),
          ['all of them', Object.values(kinds).flat().map(pathOf)],
        ];
        for (const [name, paths] of runs) row(name, await load(baseUrl, duration, authorization, paths));
        const uncached = distinctPairs.map(pathOf);
        const flatOut = await load(baseUrl, duration, authorization, uncached);
        row(`${distinctPairs.length} distinct pairs, none kept`, flatOut);
        // Fifty loops flat out measure throughput: each waits for the forty-nine before it, and the bare
        // server's p99 is that wait. One loop measures what a student waits for a search made anew (in the
        // same cycle through more queries than are kept, none is found kept after its first round); searches
        // made anew arriving at a steady rate, what a student waits while many others search too.
        row('the same, one connection', await load(baseUrl, duration, authorization, uncached, 1));
        for (const share of OPEN_LOOP_SHARES) {
          const rate = Math.max(1, Math.round(flatOut.requestsPerSecond * share));
          const name = `the same, ${rate}/s arriving (${share * 100}%)`;
          row(name, await arriving(baseUrl, duration, authorization, uncached, rate));
          row(`bare node:http, ${rate}/s arriving`, await arriving(bareUrl, duration, {}, ['/'], rate));
        }
        console.log(`target: p99 < ${P99_TARGET_MS} ms`);
      } finally {
        bare.child.kill();
      }
    } finally {
      server.kill();
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--bare') await bareChild(Number(process.argv[3]));
else await main();
