import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import type { Db } from '../../db/database.ts';

/**
 * Where book files live: DATA_DIR/books/{id}/ holds book.pdf, book.xml and cover.png. An import writes
 * into DATA_DIR/books/.staging-<random>/ and renames that folder to {id} in one step, so a folder named
 * by an id is always complete. The database row says whether the book is 'importing' or 'ready'.
 */
export const COVER_FILE = 'cover.png';
const STAGING_PREFIX = '.staging-';
/** In a staging folder: "host pid" of the importing process. */
export const OWNER_FILE = '.owner';
/** Another machine's unfinished import (shared storage) is left alone for this long. */
const FOREIGN_IMPORT_GRACE_MS = 24 * 60 * 60 * 1000;

export function booksDir(dataDir: string): string {
  return path.join(dataDir, 'books');
}

/** The folder of book `id`; `id` is a number, so no user text ever reaches the path. */
export function bookDir(dataDir: string, id: number): string {
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`not a book id: ${id}`);
  return path.join(booksDir(dataDir), String(id));
}

/** "host pid" of this process: who owns a staging folder or an 'importing' row. */
export function importOwner(): string {
  return `${hostname()} ${process.pid}`;
}

/** A new, empty staging folder owned by this process. */
export function createStagingDir(dataDir: string): string {
  const root = booksDir(dataDir);
  mkdirSync(root, { recursive: true });
  const dir = path.join(root, `${STAGING_PREFIX}${randomBytes(8).toString('hex')}`);
  mkdirSync(dir);
  writeFileSync(path.join(dir, OWNER_FILE), importOwner());
  return dir;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether "host pid" names a process of this machine that is gone (a killed importer or runner). */
export function localProcessIsGone(owner: string): boolean {
  const match = /^(.*) (\d+)$/.exec(owner.trim());
  return match !== null && match[1] === hostname() && !processIsAlive(Number(match[2]));
}

/**
 * Whether an unfinished import may be removed: its owner is a process of this machine that is gone, or
 * it has no owner, or it belongs to another machine and is older than a day.
 */
function isAbandoned(owner: string | null | undefined, startedAt: number): boolean {
  const match = /^(.*) (\d+)$/.exec(owner?.trim() ?? '');
  if (!match) return true;
  if (match[1] !== hostname()) return Date.now() - startedAt > FOREIGN_IMPORT_GRACE_MS;
  return !processIsAlive(Number(match[2]));
}

export interface CleanupReport {
  stagingDirs: number;
  rows: number;
  orphanDirs: number;
}

/**
 * Removes what interrupted imports left behind: staging folders, 'importing' rows with their folders, and
 * id folders without a row. Imports still running (their process is alive) are left alone, so running the
 * import command while the server starts is safe. Folders go before rows: a crash in between leaves an
 * 'importing' row, which the next cleanup removes.
 */
export async function cleanupIncompleteImports(db: Db, dataDir: string): Promise<CleanupReport> {
  const report: CleanupReport = { stagingDirs: 0, rows: 0, orphanDirs: 0 };
  const root = booksDir(dataDir);
  mkdirSync(root, { recursive: true });

  for (const entry of readdirSync(root)) {
    if (!entry.startsWith(STAGING_PREFIX)) continue;
    const dir = path.join(root, entry);
    let owner: string | undefined;
    try {
      owner = readFileSync(path.join(dir, OWNER_FILE), 'utf8');
    } catch {
      owner = undefined;
    }
    let startedAt: number;
    try {
      startedAt = statSync(dir).mtimeMs;
    } catch {
      continue;
    }
    if (!isAbandoned(owner, startedAt)) continue;
    rmSync(dir, { recursive: true, force: true });
    report.stagingDirs += 1;
  }

  const importing = await db
    .selectFrom('book')
    .select(['id', 'import_owner', 'created_at'])
    .where('status', '=', 'importing')
    .execute();
  for (const row of importing) {
    if (!isAbandoned(row.import_owner, Date.parse(row.created_at) || 0)) continue;
    rmSync(bookDir(dataDir, row.id), { recursive: true, force: true });
    await db.deleteFrom('book').where('id', '=', row.id).where('status', '=', 'importing').execute();
    report.rows += 1;
  }

  const idDirs = readdirSync(root).filter((entry) => /^[1-9]\d*$/.test(entry));
  if (idDirs.length > 0) {
    const known = new Set((await db.selectFrom('book').select('id').execute()).map((row) => String(row.id)));
    for (const entry of idDirs) {
      if (known.has(entry)) continue;
      rmSync(path.join(root, entry), { recursive: true, force: true });
      report.orphanDirs += 1;
    }
  }
  return report;
}
