import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BOOK_FILES } from '@threadbook/contracts';
import type { Db } from '../../db/database.ts';
import type { UserFiles } from '../../db/user-data.ts';
import { hostAndPid, processIsAlive, thisProcess } from '../../process-owner.ts';

export const COVER_FILE = 'cover.png';
/** The folder of a stored book where its page images are kept (features/page-images). */
export const PAGE_IMAGES_DIR = 'pages';

/** The file name of a page image: page and width are numbers, so no user text reaches a path. */
export function pageImageName(page: number, width: number): string {
  if (!Number.isSafeInteger(page) || page <= 0 || !Number.isSafeInteger(width) || width <= 0) {
    throw new Error(`not a page image: page ${page}, width ${width}`);
  }
  return `${page}-${width}.webp`;
}
/** The files of a stored book: its PDF, its Book XML and its cover. */
export type StoredFileName = (typeof BOOK_FILES)[keyof typeof BOOK_FILES] | typeof COVER_FILE;

/** What serving a file needs to know of it: its size and when it was written (ETag, Last-Modified). */
export interface BookFileStat {
  size: number;
  mtime: Date;
  /** Changes whenever the file is rewritten (a graph rebuild rewrites book.xml): what caches key on. */
  version: string;
}

/**
 * Where the books' files are kept, behind which every feature reads and writes them (one instance per
 * process, made from the configuration): a folder today, an object store could be another. An import
 * writes a book's files into a local staging folder, then `putStaged` makes them the book's all at once,
 * so the files of a stored book are always complete; the database row says whether it is ready.
 */
export interface BookStorage {
  /** A new, empty local folder for an import to write a book's files into, owned by this process. */
  createStaging(): Promise<string>;
  /** Makes the files of `staging` those of book `id`, in one step (the folder is used up). */
  putStaged(staging: string, id: number): Promise<void>;
  /** Removes a staging folder and what is in it. */
  discardStaged(staging: string): Promise<void>;
  /**
   * Removes the staging folders of unfinished imports that `abandoned` gives up (from the owner written
   * at creation, see process-owner.ts, and when the folder was last written); answers how many went.
   */
  removeAbandonedStaging(
    abandoned: (owner: string | undefined, startedAt: number) => boolean,
  ): Promise<number>;
  /** The size and time of a book's file; undefined when there is no such file. */
  stat(id: number, name: StoredFileName): Promise<BookFileStat | undefined>;
  /** A book's whole file. */
  read(id: number, name: StoredFileName): Promise<Buffer>;
  /** The bytes `start` to `end` (inclusive) of a book's file, streamed. */
  readRange(id: number, name: StoredFileName, range: { start: number; end: number }): Readable;
  /** Replaces one file of a stored book in one step: a reader sees the old or the new one. */
  replace(id: number, name: StoredFileName, content: string | Uint8Array): Promise<void>;
  /** Page image `name` (pageImageName) of book `id` with its stat; undefined when it is not kept. */
  readPageImage(id: number, name: string): Promise<{ bytes: Buffer; stat: BookFileStat } | undefined>;
  /**
   * Keeps page image `name` of book `id` and answers its stat, as readPageImage will (undefined, and
   * nothing kept, when the book is gone); the book's oldest images go once its images pass `budget` bytes.
   */
  putPageImage(
    id: number,
    name: string,
    bytes: Uint8Array,
    budget: number,
  ): Promise<BookFileStat | undefined>;
  /** Removes a book's files (none is fine). */
  remove(id: number): Promise<void>;
  /** The ids that have files. */
  list(): Promise<number[]>;
  /** Where book `id` is kept, for messages. */
  describe(id: number): string;
  /**
   * A new upload (a PDF a user is adding, until its import is done): a fresh name, and the local file to
   * stream it into, which the import reads. Every server's runner finds it by its name.
   */
  createUpload(): Promise<{ name: string; file: string }>;
  /** The local file of upload `name`. */
  uploadFile(name: string): string;
  /** Removes upload `name` (none is fine). */
  removeUpload(name: string): Promise<void>;
  /** The uploads kept, with when each was last written (ms). */
  listUploads(): Promise<{ name: string; writtenAt: number }[]>;
}

const STAGING_PREFIX = '.staging-';
/** In a staging folder: "host pid" of the importing process. */
const OWNER_FILE = '.owner';
/** Another machine's unfinished import (shared storage) is left alone for this long. */
const FOREIGN_IMPORT_GRACE_MS = 24 * 60 * 60 * 1000;

/** Folder names of book ids; a number, so no user text ever reaches a path. */
function idName(id: number): string {
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`not a book id: ${id}`);
  return String(id);
}

/**
 * The books in a local folder, DATA_DIR/books (shared by the servers of an installation, NFS for one):
 * {id}/ holds book.pdf, book.xml, cover.png and pages/ (page images). A staging folder is DATA_DIR/books/.staging-<random>/,
 * renamed to {id} in one step, so a folder named by an id is always complete. Uploads wait in
 * DATA_DIR/uploads/<name>.pdf until imported.
 */
export function localBookStorage(dataDir: string): BookStorage {
  const root = path.join(dataDir, 'books');
  const fileOf = (id: number, name: StoredFileName) => path.join(root, idName(id), name);
  const uploads = path.join(dataDir, 'uploads');
  const uploadFileOf = (name: string) => {
    // Names are made here (hex); nothing a user typed ever reaches a path.
    if (!/^[0-9a-f]{32}$/.test(name)) throw new Error(`not an upload name: ${name}`);
    return path.join(uploads, `${name}.pdf`);
  };
  return {
    async createStaging() {
      await mkdir(root, { recursive: true });
      const dir = path.join(root, `${STAGING_PREFIX}${randomBytes(8).toString('hex')}`);
      await mkdir(dir);
      await writeFile(path.join(dir, OWNER_FILE), thisProcess());
      return dir;
    },
    async putStaged(staging, id) {
      const dir = path.join(root, idName(id));
      await rename(staging, dir);
      await rm(path.join(dir, OWNER_FILE), { force: true });
    },
    async discardStaged(staging) {
      await rm(staging, { recursive: true, force: true });
    },
    async removeAbandonedStaging(abandoned) {
      await mkdir(root, { recursive: true });
      let removed = 0;
      for (const entry of await readdir(root)) {
        if (!entry.startsWith(STAGING_PREFIX)) continue;
        const dir = path.join(root, entry);
        const owner = await readFile(path.join(dir, OWNER_FILE), 'utf8').catch(() => undefined);
        const startedAt = await stat(dir).then(
          (stats) => stats.mtimeMs,
          () => undefined,
        );
        if (startedAt === undefined || !abandoned(owner, startedAt)) continue;
        await rm(dir, { recursive: true, force: true });
        removed += 1;
      }
      return removed;
    },
    async stat(id, name) {
      const stats = await stat(fileOf(id, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
        throw error;
      });
      return stats?.isFile() ? fileStat(stats) : undefined;
    },
    read: (id, name) => readFile(fileOf(id, name)),
    readRange: (id, name, { start, end }) => createReadStream(fileOf(id, name), { start, end }),
    async replace(id, name, content) {
      const file = fileOf(id, name);
      const fresh = `${file}.${process.pid}.tmp`;
      await writeFile(fresh, content);
      await rename(fresh, file);
    },
    async readPageImage(id, name) {
      const file = path.join(root, idName(id), PAGE_IMAGES_DIR, name);
      try {
        const bytes = await readFile(file);
        return { bytes, stat: fileStat(await stat(file)) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async putPageImage(id, name, bytes, budget) {
      const dir = path.join(root, idName(id), PAGE_IMAGES_DIR);
      // Not recursive: a book removed meanwhile is not made again.
      const made = await mkdir(dir).then(
        () => true,
        (error: NodeJS.ErrnoException) => error.code === 'EEXIST',
      );
      if (!made) return undefined;
      const file = path.join(dir, name);
      const fresh = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(fresh, bytes);
      const written = fileStat(await stat(fresh));
      await rename(fresh, file);
      await keepWithin(dir, budget);
      return written;
    },
    async remove(id) {
      await rm(path.join(root, idName(id)), { recursive: true, force: true });
    },
    async list() {
      await mkdir(root, { recursive: true });
      return (await readdir(root))
        .filter((entry) => /^[1-9]\d*$/.test(entry))
        .map(Number)
        .filter(Number.isSafeInteger);
    },
    describe: (id) => path.join(root, idName(id)),
    async createUpload() {
      await mkdir(uploads, { recursive: true });
      const name = randomBytes(16).toString('hex');
      return { name, file: uploadFileOf(name) };
    },
    uploadFile: uploadFileOf,
    async removeUpload(name) {
      await rm(uploadFileOf(name), { force: true });
    },
    async listUploads() {
      await mkdir(uploads, { recursive: true });
      const found: { name: string; writtenAt: number }[] = [];
      for (const entry of await readdir(uploads)) {
        const name = /^([0-9a-f]{32})\.pdf$/.exec(entry)?.[1];
        if (!name) continue;
        const written = await stat(path.join(uploads, entry)).then(
          (stats) => stats.mtimeMs,
          () => undefined,
        );
        if (written !== undefined) found.push({ name, writtenAt: written });
      }
      return found;
    },
  };
}

/** What serving a file needs of its stat (a rename keeps size and mtime). */
function fileStat(stats: { size: number; mtime: Date; mtimeMs: number }): BookFileStat {
  return { size: stats.size, mtime: stats.mtime, version: `${stats.size}-${stats.mtimeMs}` };
}

/** Removes the oldest images of `dir` until the rest take at most `budget` bytes. */
async function keepWithin(dir: string, budget: number): Promise<void> {
  const kept: { file: string; size: number; at: number }[] = [];
  for (const entry of await readdir(dir)) {
    if (!entry.endsWith('.webp')) continue;
    const file = path.join(dir, entry);
    const stats = await stat(file).catch(() => undefined);
    if (stats) kept.push({ file, size: stats.size, at: stats.mtimeMs });
  }
  let total = kept.reduce((sum, image) => sum + image.size, 0);
  for (const image of kept.sort((a, b) => a.at - b.at)) {
    if (total <= budget) break;
    await rm(image.file, { force: true });
    total -= image.size;
  }
}

/** Removes the files of a deleted account's own books and uploads, once their rows are gone. */
export async function removeUserFiles(storage: BookStorage, files: UserFiles): Promise<void> {
  for (const id of files.books) await storage.remove(id);
  for (const name of files.uploads) await storage.removeUpload(name);
}

/**
 * The installation's book storage, from its configuration: the one place that picks where book files
 * live (the folder DATA_DIR/books today), used by the server, its import worker and the commands.
 */
export function openBookStorage(settings: { dataDir: string }): BookStorage {
  return localBookStorage(settings.dataDir);
}

/**
 * Whether an unfinished import may be removed: its owner is a process of this machine that is gone, or
 * it has no owner, or it is `gone` (the runner whose job lease expired), or it belongs to another
 * machine and is older than a day.
 */
function isAbandoned(owner: string | null | undefined, startedAt: number, gone?: string): boolean {
  const found = hostAndPid(owner);
  if (!found) return true;
  if (gone !== undefined && owner?.trim() === gone) return true;
  if (found.host !== hostname()) return Date.now() - startedAt > FOREIGN_IMPORT_GRACE_MS;
  return !processIsAlive(found.pid);
}

export interface CleanupReport {
  stagingDirs: number;
  rows: number;
  orphanDirs: number;
}

/**
 * Removes what interrupted imports left behind: staging folders, 'importing' rows with their files, and
 * files of ids without a row. Imports still running (their process is alive) are left alone, so running
 * the import command while the server starts is safe. Files go before rows: a crash in between leaves an
 * 'importing' row, which the next cleanup removes. `gone` names ("host pid") an importer known to have
 * stopped, on any machine: the runner whose lease on a job expired, whose import is removed at once.
 */
export async function cleanupIncompleteImports(
  db: Db,
  books: BookStorage,
  { gone }: { gone?: string | undefined } = {},
): Promise<CleanupReport> {
  const abandoned = (owner: string | null | undefined, startedAt: number) =>
    isAbandoned(owner, startedAt, gone);
  const report: CleanupReport = { stagingDirs: 0, rows: 0, orphanDirs: 0 };
  report.stagingDirs = await books.removeAbandonedStaging(abandoned);

  const importing = await db
    .selectFrom('book')
    .select(['id', 'import_owner', 'created_at'])
    .where('status', '=', 'importing')
    .execute();
  for (const row of importing) {
    if (!abandoned(row.import_owner, Date.parse(row.created_at) || 0)) continue;
    await books.remove(row.id);
    await db.deleteFrom('book').where('id', '=', row.id).where('status', '=', 'importing').execute();
    report.rows += 1;
  }

  const stored = await books.list();
  if (stored.length > 0) {
    const known = new Set((await db.selectFrom('book').select('id').execute()).map((row) => row.id));
    for (const id of stored) {
      if (known.has(id)) continue;
      await books.remove(id);
      report.orphanDirs += 1;
    }
  }
  return report;
}
