/**
 * Every book of the corpus imported as the server imports it, in one table: pages, import time (extraction
 * and graph; taken and CPU) and its peak memory, prose cut in two, running heads left in blocks, explicit references
 * against the PDF's links (links used and text only, P/R; references no link shows, not judged), paragraphs
 * recovered against the source, and graph reasons that quote none of the book's words. Each book runs in a
 * child process of its own, two at a time: its memory is its own, measured and freed before the next.
 *
 *   npm run eval:corpus                         # every book of ../shared/books
 *   npm run eval:corpus -- book.pdf src/ b.pdf  # a PDF, then its source folder if any
 *   --json            the rows as JSON instead of the table
 *   --check           compare with eval/corpus-baseline.json: exit 1 on any figure worse than its noise allows
 *   --write-baseline  write the run's books into eval/corpus-baseline.json (noise and known errors kept)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bookArgs } from '../book-args.ts';
import type { CorpusBook } from '../corpus.ts';
import { baselineFrom, checkCorpus, parseBaseline, type CorpusRow } from '../corpus-check.ts';
import { measureBook } from '../corpus-measure.ts';
import { formatTable } from '../table.ts';

const here = fileURLToPath(import.meta.url);
const BASELINE = path.resolve(import.meta.dirname, '../corpus-baseline.json');
const OPTIONS = ['--json', '--check', '--write-baseline'];
/** Books measured at once: the machines this runs on have two cores. */
const AT_ONCE = 2;

/** Measures one book in a child process; its row comes back as JSON on stdout. */
function inChild(book: CorpusBook): Promise<CorpusRow> {
  return new Promise((resolve, reject) => {
    const run = spawn(process.execPath, [here, '--child', JSON.stringify(book)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    run.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    run.on('error', reject);
    run.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as CorpusRow)
        : reject(new Error(`${book.name}: measuring it failed (exit ${code})`)),
    );
  });
}

/** Every book measured, AT_ONCE at a time, in the books' order; a book that failed is its error. */
async function measureAll(books: readonly CorpusBook[]): Promise<(CorpusRow | Error)[]> {
  const rows: (CorpusRow | Error)[] = [];
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < books.length; i = next++) {
      rows[i] = await inChild(books[i]!).catch((error: Error) => error);
      console.error(`measured ${books[i]!.name} (${rows.filter(Boolean).length}/${books.length})`);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, lane));
  return rows;
}

const pct = (v: number | null) => (v === null ? '-' : `${(100 * v).toFixed(1)}%`);
const pair = (p: number | null, r: number | null) =>
  p === null || r === null ? '-' : `${p.toFixed(2)}/${r.toFixed(2)}`;

function table(rows: readonly CorpusRow[]): string {
  const cells = rows.map(({ book, pages, figures: f, errors }) => [
    book,
    String(pages),
    f.seconds!.toFixed(1),
    f.cpuSeconds!.toFixed(1),
    String(f.rssMb),
    pct(f.lowerCase),
    String(f.headsInBlocks),
    pair(f.linksP, f.linksR),
    pair(f.textP, f.textR),
    f.unjudged === null ? '-' : String(f.unjudged),
    errors.recovered === undefined ? pct(f.recovered) : 'error',
    `${f.unquotedReasons} (${f.unquotedLinks})`,
    String(f.identicalEdges),
    String(f.commonWordIdeas),
  ]);
  const header = [
    'book',
    'pages',
    'import s',
    'cpu s',
    'peak MB',
    'lower-case',
    'heads',
    'links P/R',
    'text P/R',
    'unjudged',
    'recovered',
    'unquoted (links)',
    'same text',
    'common words',
  ];
  return formatTable([header, ...cells]);
}

/** The run against the baseline, said line by line; whether it passes. */
function check(rows: readonly CorpusRow[], failed: number): boolean {
  const { regressions, errors, notes } = checkCorpus(parseBaseline(fs.readFileSync(BASELINE, 'utf8')), rows);
  for (const r of regressions)
    console.log(
      `regression: ${r.book} ${r.figure}: baseline ${r.baseline}, now ${r.now}, allowed noise ${Number(r.noise.toFixed(4))}`,
    );
  for (const error of errors) console.log(`error: ${error}`);
  for (const note of notes) console.log(`known: ${note}`);
  const ok = regressions.length === 0 && errors.length === 0 && failed === 0;
  if (ok) console.log('no regression');
  return ok;
}

async function main() {
  const started = performance.now();
  const args = process.argv.slice(2);
  // A mistyped --check must not pass as a run that checks nothing.
  for (const option of args.filter((a) => a.startsWith('--')))
    if (!OPTIONS.includes(option)) throw new Error(`${option}: expected one of ${OPTIONS.join(', ')}`);
  const books = bookArgs(args.filter((a) => !a.startsWith('--')));
  const results = await measureAll(books);
  const rows = results.filter((r): r is CorpusRow => !(r instanceof Error));
  const failed = results.filter((r) => r instanceof Error);

  if (args.includes('--json')) console.log(JSON.stringify(rows, null, 2));
  else {
    console.log(table(rows));
    for (const row of rows)
      for (const [figure, error] of Object.entries(row.errors))
        console.log(`${row.book} ${figure}: ${error}`);
  }
  for (const error of failed) console.error(`failed: ${error.message}`);

  let ok = failed.length === 0;
  if (args.includes('--check')) ok = check(rows, failed.length);
  if (args.includes('--write-baseline')) {
    const baseline = baselineFrom(rows, parseBaseline(fs.readFileSync(BASELINE, 'utf8')));
    if (ok) fs.writeFileSync(BASELINE, `${JSON.stringify(baseline, null, 2)}\n`);
    console.log(
      `${ok ? 'wrote' : 'not written, as the run failed:'} ${path.relative(process.cwd(), BASELINE)}`,
    );
  }
  console.error(`total wall time: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  process.exitCode = ok ? 0 : 1;
}

if (process.argv[2] === '--child') {
  const row = await measureBook(JSON.parse(process.argv[3]!) as CorpusBook);
  process.stdout.write(JSON.stringify(row));
} else await main();
