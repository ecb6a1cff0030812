import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { corpus } from '@threadbook/test-support';
import { runServerCommand } from './server.ts';

/**
 * Real textbooks of ../shared/books (read in place, never copied into the repository), by folder: the PDF
 * and the title its metadata gives the imported book.
 */
export const SHARED_BOOKS = {
  aata: { pdf: 'aata/aata-20220728.pdf', title: 'Abstract Algebra' },
  linalg: { pdf: 'linalg/linalg.pdf', title: 'Linear Algebra via Exterior Products' },
} as const;
export type SharedBookName = keyof typeof SHARED_BOOKS;

/** The absolute path of a shared book's PDF. */
export const sharedBookPdf = (name: SharedBookName) => corpus.path(SHARED_BOOKS[name].pdf);

/** Where the global setup tells the workers its imports are (the runner's environment reaches them). */
const IMPORTS_VARIABLE = 'THREADBOOK_E2E_IMPORTS';
/** How long a worker waits for the import of a shared book (on a busy machine, alongside the tests). */
const IMPORT_WAIT_MS = 150_000;

/**
 * Imports each shared book the corpus has once for the whole run, each with the import command into a data
 * directory of its own (SQLite), in the background while the first tests run. A worker's server of a shared
 * book starts on a copy of it (`copyImportedBook`), where it imported the book itself before: the same
 * import, once instead of once per worker. Answers the teardown.
 */
export function startSharedBookImports(): () => Promise<void> {
  const root = mkdtempSync(path.join(tmpdir(), 'threadbook-e2e-imports-'));
  process.env[IMPORTS_VARIABLE] = root;
  const runs = Object.keys(SHARED_BOOKS).flatMap((key) => {
    const name = key as SharedBookName;
    if (!corpus.has(SHARED_BOOKS[name].pdf)) return [];
    const dir = path.join(root, name);
    mkdirSync(dir);
    const { done, stop } = runServerCommand('import', [sharedBookPdf(name)], {
      DATA_DIR: path.join(dir, 'data'),
    });
    const finished = done.then(
      () => writeFileSync(path.join(dir, 'done'), 'ok'),
      (error: Error) => writeFileSync(path.join(dir, 'done'), error.message),
    );
    return [{ finished, stop }];
  });
  return async () => {
    for (const run of runs) run.stop();
    await Promise.all(runs.map((run) => run.finished));
    rmSync(root, { recursive: true, force: true });
  };
}

/**
 * A copy of the data directory the global setup imported shared book `name` into, once its import is done:
 * a fresh directory the caller owns.
 */
export async function copyImportedBook(name: SharedBookName): Promise<string> {
  const root = process.env[IMPORTS_VARIABLE];
  if (!root) throw new Error(`no ${IMPORTS_VARIABLE}: the global setup (e2e/global-setup.ts) did not run`);
  const dir = path.join(root, name);
  const marker = path.join(dir, 'done');
  const deadline = Date.now() + IMPORT_WAIT_MS;
  while (!existsSync(marker)) {
    if (Date.now() > deadline) throw new Error(`the import of ${name} took over ${IMPORT_WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const outcome = readFileSync(marker, 'utf8');
  if (outcome !== 'ok') throw new Error(`the import of ${name} failed: ${outcome}`);
  const copy = mkdtempSync(path.join(tmpdir(), `threadbook-e2e-${name}-`));
  cpSync(path.join(dir, 'data'), copy, { recursive: true });
  return copy;
}

/** Copies the SQLite database of `dataDir` into the empty PostgreSQL database `databaseUrl` (`db:copy`). */
export function copyDatabaseToPostgres(dataDir: string, databaseUrl: string): Promise<void> {
  return runServerCommand('db-copy', ['--to', databaseUrl], { DATA_DIR: dataDir }).done;
}
