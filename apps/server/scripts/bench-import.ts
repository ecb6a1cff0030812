/**
 * The whole import of a book, PDF to a ready book, as the import command makes it: each stage timed
 * (checking, extraction, relationship graph, cover, saving), the graph's time per 1,000 paragraphs, and
 * the process's peak memory, against `pdftotext -bbox-layout` on the same file in the same run. Each
 * import runs in a child process of its own (its peak memory is its own) into a fresh DATA_DIR on SQLite,
 * timed from when its modules are loaded and its word counts read, as an upload's process is ready.
 * Imports and pdftotext alternate `--runs` times (1 by default) and the fastest of each is compared.
 *
 *   node apps/server/scripts/bench-import.ts [book.pdf ...] [--runs N] [--joined] [--warm]
 *   # defaults to every book of ../shared/books; --joined adds a book of aata three times over (1,071
 *   # pages, joined with qpdf) and one of every corpus book (about 20,000 paragraphs); --warm times each
 *   # import in a process that has imported another book first, the bundled sample textbook (32 pages):
 *   # what a process warmed up before its job would give (its code compiled by the JIT). The server's
 *   # import processes are fresh, one per job, as the plain run measures.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { corpus } from '@threadbook/test-support';
import { wholeNumberOption } from './bench-support.ts';

const here = import.meta.filename;
/** The whole import of every corpus book and of a 1,000-page book, at most this many times pdftotext. */
const RATIO_TARGET = 5;
const MEMORY_TARGET_MB = 1500;

const STAGES = ['checking', 'extracting', 'graph', 'cover', 'saving'] as const;
type Stage = (typeof STAGES)[number];

interface ImportRun {
  ms: number;
  stages: Partial<Record<Stage, number>>;
  pages: number;
  paragraphs: number;
  maxRssKb: number;
}

/** Child mode: imports `pdf` into the DATA_DIR of the environment and prints an ImportRun as JSON. */
async function child(pdf: string, warm: boolean) {
  const { withInstallation } = await import('../src/cli/command.ts');
  const { importBook } = await import('../src/features/imports/import-book.ts');
  const { openBookStorage } = await import('../src/features/books/storage.ts');
  const { parseBookXml } = await import('@threadbook/book');
  const { BOOK_FILES } = await import('@threadbook/contracts');
  // What an upload's import process has done before its job comes (import-child.ts).
  (await import('@threadbook/pipeline')).preloadWordCounts();
  const run = await withInstallation(async (config, db) => {
    const storage = openBookStorage(config);
    if (warm) {
      const { buildSampleBook } = await import('../../../samples/sample-book/index.ts');
      const samplePdf = path.join(config.dataDir, 'warm-up', 'sample.pdf');
      await buildSampleBook(samplePdf);
      await importBook({ ...config, db, storage }, { pdfPath: samplePdf });
    }
    const stages: Partial<Record<Stage, number>> = {};
    let current: Stage | undefined;
    let since = 0;
    const started = performance.now();
    const enter = (stage: Stage | undefined) => {
      const now = performance.now();
      if (current) stages[current] = (stages[current] ?? 0) + now - since;
      current = stage;
      since = now;
    };
    const result = await importBook(
      { ...config, db, storage, onProgress: ({ stage }) => stage !== current && enter(stage) },
      { pdfPath: pdf },
    );
    enter(undefined);
    const ms = performance.now() - started;
    const book = parseBookXml((await storage.read(result.id, BOOK_FILES.xml)).toString('utf8'));
    const paragraphs = book.chapters.reduce(
      (n, chapter) => n + chapter.sections.reduce((m, section) => m + section.paragraphs.length, 0),
      0,
    );
    return { ms, stages, pages: result.pageCount, paragraphs };
  });
  const report: ImportRun = { ...run, maxRssKb: process.resourceUsage().maxRSS };
  process.stdout.write(JSON.stringify(report));
}

/** The import of `pdf` in a child process with a DATA_DIR of its own, removed after. */
async function importInChild(pdf: string, warm: boolean): Promise<ImportRun> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadbook-bench-import-'));
  try {
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SAMPLE_BOOK: 'false',
      LOG_LEVEL: 'warn',
    };
    const proc = spawn(process.execPath, [here, '--child', pdf, ...(warm ? ['--warm'] : [])], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
    if (code !== 0) throw new Error(`importing ${path.basename(pdf)} failed (${code}):\n${err.slice(-2000)}`);
    return JSON.parse(out) as ImportRun;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function pdftotextMs(pdf: string): number {
  const started = performance.now();
  execFileSync('pdftotext', ['-bbox-layout', pdf, '/dev/null'], { stdio: 'ignore' });
  return performance.now() - started;
}

/** Every PDF of the corpus, one folder per book. */
function corpusPdfs(): string[] {
  if (!corpus.has()) throw new Error(`no books in ${corpus.dir}: give PDFs as arguments`);
  return fs
    .readdirSync(corpus.dir)
    .sort()
    .flatMap((folder) => {
      const dir = corpus.path(folder);
      if (!fs.statSync(dir).isDirectory()) return [];
      const pdf = fs.readdirSync(dir).find((name) => name.endsWith('.pdf'));
      return pdf ? [path.join(dir, pdf)] : [];
    });
}

/** PDFs joined with qpdf into `out`. */
function joined(out: string, pdfs: string[]): string {
  execFileSync('qpdf', ['--empty', '--warning-exit-0', '--pages', ...pdfs, '--', out], { stdio: 'ignore' });
  return out;
}

const seconds = (ms: number | undefined) => (ms === undefined ? '-' : (ms / 1000).toFixed(1));

async function main() {
  const args = process.argv.slice(2);
  const runs = wholeNumberOption(args, '--runs', 1);
  const joinedAt = args.indexOf('--joined');
  if (joinedAt >= 0) args.splice(joinedAt, 1);
  const warmAt = args.indexOf('--warm');
  if (warmAt >= 0) args.splice(warmAt, 1);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadbook-bench-joined-'));
  try {
    const pdfs =
      args.length > 0 ? args.map((arg) => path.resolve(process.env.INIT_CWD ?? '.', arg)) : corpusPdfs();
    if (joinedAt >= 0) {
      const all = corpusPdfs();
      const aata = all.find((pdf) => path.basename(pdf).startsWith('aata'));
      if (aata) pdfs.push(joined(path.join(workDir, 'aata-x3.pdf'), [aata, aata, aata]));
      pdfs.push(joined(path.join(workDir, 'corpus-joined.pdf'), all));
    }
    const columns = [
      'book',
      'pages',
      'paras',
      ...STAGES,
      'total s',
      'pdftotext',
      'ratio',
      'graph/1k',
      'peak MB',
    ];
    const widths = [22, 6, 7, 9, 11, 7, 7, 7, 9, 10, 7, 9, 8];
    const row = (cells: string[]) =>
      cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' ');
    const where = warmAt >= 0 ? 'a process that imported the sample textbook first' : 'a fresh process';
    console.log(
      `whole import on SQLite in ${where}, fastest of ${runs} run(s); stages and totals in seconds`,
    );
    console.log(row(columns));
    for (const pdf of pdfs) {
      let best: ImportRun | undefined;
      let reference = Infinity;
      let peakKb = 0;
      for (let i = 0; i < runs; i++) {
        const run = await importInChild(pdf, warmAt >= 0);
        peakKb = Math.max(peakKb, run.maxRssKb);
        if (!best || run.ms < best.ms) best = run;
        reference = Math.min(reference, pdftotextMs(pdf));
      }
      const { ms, stages, pages, paragraphs } = best!;
      console.log(
        row([
          path.basename(pdf).slice(0, widths[0]),
          String(pages),
          String(paragraphs),
          ...STAGES.map((stage) => seconds(stages[stage])),
          seconds(ms),
          seconds(reference),
          `${(ms / reference).toFixed(1)}x`,
          stages.graph === undefined ? '-' : `${((stages.graph / paragraphs) * 1000).toFixed(0)} ms`,
          (peakKb / 1024).toFixed(0),
        ]),
      );
    }
    console.log(
      `targets: every book's whole import at most ${RATIO_TARGET}x pdftotext; the graph's time per 1,000 paragraphs about the same at 1k, 3k and 15k paragraphs; under ${MEMORY_TARGET_MB} MB for a 1,000-page book`,
    );
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3]!, process.argv[4] === '--warm');
else await main();
