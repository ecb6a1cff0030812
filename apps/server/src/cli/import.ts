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
} from '../features/books/import-book.ts';
import { rebuildBookGraph } from '../features/books/book-graph.ts';
import { readyBooks } from '../features/books/ready-books.ts';
import { cleanupIncompleteImports } from '../features/books/storage.ts';
import { runAsBackground } from '../features/books/background.ts';

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
    await cleanupIncompleteImports(database.db, config.dataDir);
    const result = await importBook(
      {
        db: database.db,
        dataDir: config.dataDir,
        maxBookMb: config.maxBookMb,
        embeddings: config.embeddings,
        onProgress: progressPrinter(),
      },
      {
        pdfPath: fromInvocationDir(pdfPath),
        xmlPath: values.xml === undefined ? undefined : fromInvocationDir(values.xml),
        title: values.title,
        author: values.author,
      },
    );
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
