/**
 * The server under a crowd of readers, idle and while a book is imported.
 *
 * The real server (a child process, real SQLite, loopback only) holds one book imported through the real
 * import command. Each simulated reader (one connection, one of 20 signed-in users) loops over what
 * reading does: the related paragraphs of a paragraph, a 64 KB range of the PDF, a bookmark PUT and a
 * reading-position PUT. After a warm-up, the load runs three times for `--duration` seconds: with the
 * server idle; while the import command imports the other books into the same DATA_DIR, one after another
 * (the one running when the load ends is stopped); and while two users add the first two of them from the
 * Library (POST /api/uploads, imported by the server's own job runner). Prints req/s, p50, p99, max and
 * errors for each, and the related and PDF-range calls' p99 against their idle p99.
 *
 *   node apps/server/scripts/bench-serve.ts [read.pdf import.pdf ...] [--duration 30] [--readers 200]
 *   (defaults: read aata, import ipsur, dmoi and decay from ../shared/books)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BENCH_USERS,
  type CallKind,
  type Phase,
  type Reading,
  freePort,
  load,
  prepareReading,
  timingsHeader,
  timingsRow,
  waitForHealth,
  WARM_UP_SECONDS,
  wholeNumberOption,
} from './bench-support.ts';
import { corpus } from '@threadbook/test-support';

const here = fileURLToPath(import.meta.url);
const serverRoot = path.resolve(path.dirname(here), '..');

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

/**
 * Two readers add a PDF each from the Library at once (POST /api/uploads, as the web app does); the
 * server's job runner imports them. `finished()` says how many are books by now.
 */
async function uploadTwo(reading: Reading, pdfs: string[]) {
  const baseUrl = reading.baseUrls[0]!;
  const users = reading.tokens.slice(0, 2);
  await Promise.all(
    users.map(async (token, i) => {
      const pdf = pdfs[i % pdfs.length]!;
      const query = new URLSearchParams({ fileName: path.basename(pdf) });
      const response = await fetch(`${baseUrl}/api/uploads?${query}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
        body: fs.readFileSync(pdf),
      });
      if (response.status !== 202 && response.status !== 200) {
        throw new Error(`upload of ${pdf}: ${response.status} ${await response.text()}`);
      }
    }),
  );
  return {
    async finished() {
      let pending = 0;
      for (const token of users) {
        const response = await fetch(`${baseUrl}/api/uploads`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const { uploads } = (await response.json()) as { uploads: { state: string }[] };
        pending += uploads.filter((upload) => upload.state !== 'failed').length;
      }
      return users.length - pending;
    },
  };
}

/** "related p99 34 ms (1.3x idle)": a call's p99 in a phase against its idle p99. */
function againstIdle(kind: CallKind, phase: Phase, idle: Phase): string {
  const ratio = phase.byKind[kind].p99 / Math.max(1, idle.byKind[kind].p99);
  return `${kind} p99 ${phase.byKind[kind].p99} ms (${ratio.toFixed(1)}x idle)`;
}

async function main() {
  const args = process.argv.slice(2);
  const duration = wholeNumberOption(args, '--duration', 30);
  const readers = wholeNumberOption(args, '--readers', 200);
  const defaults = [
    'aata/aata-20220728.pdf',
    'ipsur/IPSUR.pdf',
    'dmoi/discretebook.pdf',
    'decay/decay-book-4print.pdf',
  ];
  const [readPdf, ...importPdfs] = (args.length > 0 ? args : defaults.map((book) => corpus.path(book))).map(
    (a) => path.resolve(process.env.INIT_CWD ?? process.cwd(), a),
  );
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
    const uploads = await uploadTwo(reading, importPdfs);
    const uploading = await load(reading, readers, duration);
    const uploaded = await uploads.finished();

    console.log(
      `${readers} readers (${BENCH_USERS} users) on ${path.basename(readPdf)}, ${duration} s each after ${WARM_UP_SECONDS} s of warm-up: related, 64 KB PDF range, bookmark PUT, position PUT`,
    );
    console.log(timingsHeader('phase'));
    console.log(timingsRow('idle', idle));
    console.log(timingsRow('importing', during));
    console.log(timingsRow('two uploads', uploading));
    console.log(
      `(${finished} import(s) finished during the run${stillImporting ? ', one more was running at its end' : '; none was running at its end'}; ${uploaded} of 2 uploads became books during theirs)`,
    );
    for (const [name, phase] of [
      ['importing', during],
      ['two uploads', uploading],
    ] as const) {
      console.log(
        `${name}: ${againstIdle('related', phase, idle)}, ${againstIdle('PDF range', phase, idle)}`,
      );
    }
    console.log('targets: p99 under 100 ms idle, and under twice the idle p99 while importing; no errors');
  } finally {
    server.kill();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
