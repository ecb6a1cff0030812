import path from 'node:path';
import { parseArgs } from 'node:util';
import { createPagesProgress } from '@threadbook/pipeline';
import { runCommand, withInstallation } from './command.ts';
import {
  BookImportError,
  IMPORT_STAGE_WORDS,
  importBook,
  type ImportContext,
  type ImportInput,
  type ImportProgress,
  type ImportResult,
  type ImportStage,
} from '../features/imports/import-book.ts';
import { rebuildBookGraph, type RebuiltGraph } from '../features/imports/book-graph.ts';
import { readyBooks } from '../features/books/ready-books.ts';
import { cleanupIncompleteImports, openBookStorage, type BookStorage } from '../features/books/storage.ts';
import { runAsBackground } from '../features/imports/background-priority.ts';
import type { ImportJob } from '../features/imports/import-types.ts';
import { enqueueImportJob, isFinalImportError } from '../features/imports/index.ts';
import {
  createJobQueue,
  newLeaseOwner,
  ownerProcess,
  runClaimedJob,
  type JobQueue,
} from '../features/jobs/index.ts';
import type { Db } from '../db/database.ts';

const usage = `Usage: npm run import -- <book.pdf> [--xml book.xml] [--title T] [--author A]
       npm run import -- --rebuild-graph <book id | all>

  Imports a textbook PDF into the library and prints the new book's id (the existing id when the same
  PDF is already there). Its Book XML is extracted from the PDF, or taken from --xml (validated), and
  its relationship graph is built. Progress goes to stderr. Uses DATA_DIR (default ./data) and
  DATABASE_URL like the server; PDFs over MAX_BOOK_MB (default 200) are refused.

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

  return withInstallation(async (config, db) => {
    const here = { db: db, queue: createJobQueue(db), storage: openBookStorage(config) };
    const context = (onProgress: (progress: ImportProgress) => void): ImportContext => ({
      ...config,
      ...here,
      onProgress,
    });
    if (rebuild !== undefined) {
      let books = readyBooks(db).select(['id', 'title']);
      if (rebuild !== 'all') books = books.where('id', '=', Number(rebuild));
      const found = await books.execute();
      if (found.length === 0 && rebuild !== 'all')
        throw new BookImportError(`There is no book ${rebuild} in the library.`);
      for (const { id, title } of found) {
        process.stderr.write(`book ${id}: ${IMPORT_STAGE_WORDS.graph}...\n`);
        let rebuilt: RebuiltGraph | undefined;
        await runJobHere(here, { kind: 'graph', bookId: id, title }, async (onProgress) => {
          rebuilt = await rebuildBookGraph(context(onProgress), id);
          return id;
        });
        process.stderr.write(
          rebuilt
            ? `Book ${id} ("${title}"): ${rebuilt.edges} relationships.\n`
            : `Book ${id} ("${title}"): its graph was rebuilt by the server.\n`,
        );
      }
      return 0;
    }
    if (!pdfPath) return 2;
    const input: ImportInput = {
      pdfPath: fromInvocationDir(pdfPath),
      xmlPath: values.xml === undefined ? undefined : fromInvocationDir(values.xml),
      title: values.title,
      author: values.author,
    };
    let imported: ImportResult | undefined;
    const bookId = await runJobHere(here, { kind: 'file', input }, async (onProgress) => {
      imported = await importBook(context(onProgress), input);
      return imported.id;
    });
    if (imported && !imported.created) {
      process.stderr.write(`Already in the library as book ${imported.id} ("${imported.title}").\n`);
    } else {
      const book = await db
        .selectFrom('book')
        .select(['title', 'page_count'])
        .where('id', '=', bookId)
        .executeTakeFirstOrThrow();
      process.stderr.write(`Imported "${book.title}" (${book.page_count} pages) as book ${bookId}.\n`);
    }
    process.stdout.write(`${bookId}\n`);
    return 0;
  });
}

/** The lease of the job this command runs (see runClaimedJob). */
const CLI_LEASE_MS = 10 * 60_000;

/** How often a job another process runs is looked at. */
const FOLLOW_MS = 250;

/**
 * Runs `job` as a job of the database's queue, so that a killed command leaves it to a server's runner:
 * queued (or found queued), claimed and run here by `execute` with progress on stderr; when a server's
 * runner holds it already, this command follows it instead. Answers the job's book id.
 */
async function runJobHere(
  { db, queue, storage }: { db: Db; queue: JobQueue; storage: BookStorage },
  job: ImportJob,
  execute: (onProgress: (progress: ImportProgress) => void) => Promise<number>,
): Promise<number> {
  const jobId = await enqueueImportJob(queue, job);
  const owner = newLeaseOwner();
  const claimed = await queue.claim(owner, CLI_LEASE_MS, { id: jobId });
  if (!claimed) return followJob(queue, jobId);
  // Before its import (a staging folder of a dead importer with the same PDF would otherwise block it).
  const gone = claimed.previousOwner === null ? undefined : ownerProcess(claimed.previousOwner);
  await cleanupIncompleteImports(db, storage, { gone });
  const printer = progressPrinter();
  const { outcome, error, bookId } = await runClaimedJob(
    queue,
    claimed,
    owner,
    async (onProgress) => ({
      bookId: await execute((progress) => {
        printer(progress);
        onProgress(progress);
      }),
    }),
    // Building the graph keeps this thread busy for a while: a long lease, which a server on this machine
    // expires at once if this process is killed (its pid is gone).
    { isFinal: isFinalImportError, maxAttempts: 1, leaseMs: CLI_LEASE_MS },
  );
  if (outcome !== 'done' || bookId == null) throw error;
  return bookId;
}

/** Follows job `id`, which a server's runner is running: prints its progress; answers its book id. */
async function followJob(queue: JobQueue, id: number): Promise<number> {
  process.stderr.write(`The server is running this job (job ${id}).\n`);
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
    if (job.state === 'failed') throw new BookImportError(job.error ?? 'the job failed');
    if (job.state === 'done' && job.bookId !== null) return job.bookId;
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_MS));
  }
}

runCommand(main);
