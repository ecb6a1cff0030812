import path from 'node:path';
import { parseArgs } from 'node:util';
import { createPagesProgress } from '@threadbook/pipeline';
import { ConfigError, loadConfig } from '../config.ts';
import { loadDotEnv } from '../dotenv.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import {
  BookImportError,
  IMPORT_STAGE_WORDS,
  importBook,
  type ImportProgress,
  type ImportResult,
  type ImportStage,
} from '../features/books/import-book.ts';
import { rebuildBookGraph } from '../features/books/book-graph.ts';
import { readyBooks } from '../features/books/ready-books.ts';
import { cleanupIncompleteImports } from '../features/books/storage.ts';
import { runAsBackground } from '../features/books/background.ts';
import { enqueueImportJob, runClaimedJob } from '../features/books/jobs.ts';
import { createSqliteJobQueue, newLeaseOwner, type JobQueue } from '../features/jobs/queue.ts';
import type { Db } from '../db/database.ts';

const usage = `Usage: npm run import -- <book.pdf> [--xml book.xml] [--title T] [--author A]
       npm run import -- --rebuild-graph <book id | all>

  Imports a textbook PDF into the library and prints the new book's id (the existing id when the same
  PDF is already there). Its Book XML is extracted from the PDF, or taken from --xml (validated), and
  its relationship graph is built. Progress goes to stderr. Uses DATA_DIR (default ./data) like the
  server; PDFs over MAX_BOOK_MB (default 200) are refused.

  --rebuild-graph builds the relationship graph of stored books again (after an upgrade, or with a
  new EMBEDDINGS_BASE_URL); each new graph replaces the old one at once.`;

/** Progress for people on stderr: the pipeline's page bar while extracting, a line for every other stage. */
function progressPrinter(): (progress: ImportProgress) => void {
  const pages = createPagesProgress();
  let extracting = false;
  return ({ stage, done, total }) => {
    if (stage === 'extracting' && done !== undefined && total) {
      extracting = true;
      pages.update(done, total);
      return;
    }
    if (extracting) pages.stop();
    extracting = false;
    process.stderr.write(`${IMPORT_STAGE_WORDS[stage]}...\n`);
  };
}

/** npm runs the script inside apps/server; paths on the command line mean the folder the user ran npm in. */
function fromInvocationDir(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        xml: { type: 'string' },
        title: { type: 'string' },
        author: { type: 'string' },
        'rebuild-graph': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  const { positionals, values } = parsed;
  if (values.help) {
    console.log(usage);
    return 0;
  }
  // On the server's machine an import must not slow its readers down.
  runAsBackground();
  const rebuild = values['rebuild-graph'];
  const [pdfPath] = positionals;
  if (rebuild !== undefined ? positionals.length > 0 : !pdfPath || positionals.length !== 1) {
    console.error(usage);
    return 2;
  }
  if (rebuild !== undefined && rebuild !== 'all' && !/^[1-9]\d{0,14}$/.test(rebuild)) {
    console.error(`Error: --rebuild-graph takes a book id or "all", not "${rebuild}".`);
    return 2;
  }

  loadDotEnv();
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db);
    if (rebuild !== undefined) {
      const ids =
        rebuild === 'all'
          ? (await readyBooks(database.db).select('id').execute()).map((row) => row.id)
          : [Number(rebuild)];
      for (const id of ids) {
        process.stderr.write(`book ${id}: ${IMPORT_STAGE_WORDS.graph}...\n`);
        const rebuilt = await rebuildBookGraph({ ...config, db: database.db }, id);
        process.stderr.write(`Book ${id} ("${rebuilt.title}"): ${rebuilt.edges} relationships.\n`);
      }
      return 0;
    }
    if (!pdfPath) return 2;
    const input = {
      pdfPath: fromInvocationDir(pdfPath),
      xmlPath: values.xml === undefined ? undefined : fromInvocationDir(values.xml),
      title: values.title,
      author: values.author,
    };
    // The import is a job in the queue: this command runs it, unless a server's runner claimed it first,
    // and then this command follows it. Killed, it leaves the job to the next runner (the server).
    const queue = createSqliteJobQueue(database.db);
    const jobId = await enqueueImportJob(queue, { kind: 'file', input });
    const owner = newLeaseOwner();
    const claimed = await queue.claim(owner, CLI_LEASE_MS, { id: jobId });
    if (!claimed) return followJob(database.db, queue, jobId);
    await cleanupIncompleteImports(database.db, config.dataDir);
    const printer = progressPrinter();
    let imported: ImportResult | undefined;
    const { outcome, error } = await runClaimedJob(
      queue,
      claimed,
      owner,
      async (onProgress) => {
        imported = await importBook(
          {
            db: database.db,
            dataDir: config.dataDir,
            maxBookMb: config.maxBookMb,
            embeddings: config.embeddings,
            onProgress: (progress) => {
              printer(progress);
              onProgress(progress);
            },
          },
          input,
        );
        return { bookId: imported.id };
      },
      // Building the graph keeps this thread busy for a while: a long lease, which a server on this machine
      // expires at once if this process is killed (its pid is gone).
      { maxAttempts: 1, leaseMs: CLI_LEASE_MS },
    );
    if (outcome !== 'done' || !imported) throw error;
    const result = imported;
    process.stderr.write(
      result.created
        ? `Imported "${result.title}" (${result.pageCount} pages) as book ${result.id}.\n`
        : `Already in the library as book ${result.id} ("${result.title}").\n`,
    );
    process.stdout.write(`${result.id}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

/** The lease of the job this command runs (see runClaimedJob). */
const CLI_LEASE_MS = 10 * 60_000;

/** How often a job another process runs is looked at. */
const FOLLOW_MS = 250;

/** Follows job `id`, which a server's runner is running: prints its progress and ends as it ends. */
async function followJob(db: Db, queue: JobQueue, id: number): Promise<number> {
  process.stderr.write(`The server is running this import (job ${id}).\n`);
  const printer = progressPrinter();
  let seen = '';
  for (;;) {
    const job = await queue.find(id);
    if (!job) throw new Error(`job ${id} is gone`);
    const now = `${job.stage} ${job.pagesDone} ${job.pagesTotal}`;
    if (job.stage && now !== seen && job.state === 'running') {
      seen = now;
      printer({
        stage: job.stage as ImportStage,
        done: job.pagesDone ?? undefined,
        total: job.pagesTotal ?? undefined,
      });
    }
    if (job.state === 'failed') throw new BookImportError(job.error ?? 'the import failed');
    if (job.state === 'done' && job.bookId !== null) {
      const book = await db
        .selectFrom('book')
        .select(['title', 'page_count'])
        .where('id', '=', job.bookId)
        .executeTakeFirst();
      process.stderr.write(
        `Imported "${book?.title ?? ''}" (${book?.page_count ?? 0} pages) as book ${job.bookId}.\n`,
      );
      process.stdout.write(`${job.bookId}\n`);
      return 0;
    }
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_MS));
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof BookImportError || error instanceof ConfigError) {
      console.error(`Error: ${error.message}`);
    } else {
      console.error('Import failed:', error);
    }
    process.exit(1);
  },
);
