import type { EmbeddingsEndpoint } from '@threadbook/pipeline';
import type { Db } from '../../db/database.ts';
import type { BookStorage } from './storage.ts';

/** What an import is asked (import-book.ts), what it is given and what it reports. */

export interface ImportInput {
  /** The PDF to import. */
  pdfPath: string;
  /** A Book XML to use instead of extracting one from the PDF. */
  xmlPath?: string | undefined;
  /** The operator's title and author for the book (the import command, a LIBRARY_DIR sidecar). */
  title?: string | undefined;
  author?: string | undefined;
  /** The user adding it (an upload): the book is private to them. Without, it joins the shared library. */
  owner?: BookOwner | undefined;
  /** The file's name for messages, when `pdfPath` is an upload's stored file. */
  displayName?: string | undefined;
}

/**
 * A user adding a PDF, with what they called it. Their names are theirs alone (own-books.ts): the book
 * itself is named from the PDF, since another user adding the same file gets the same book.
 */
export interface BookOwner {
  userId: string;
  title?: string | undefined;
  author?: string | undefined;
  /** Their file's name: their title for a book whose PDF names none. */
  fileName: string;
}

export type ImportStage = 'checking' | 'extracting' | 'graph' | 'cover' | 'saving';

export interface ImportProgress {
  stage: ImportStage;
  /** Pages done and pages in all, while extracting. */
  done?: number;
  total?: number;
}

export interface ImportContext {
  db: Db;
  dataDir: string;
  /** Where book files are kept (storage.ts, openBookStorage). */
  storage: BookStorage;
  /** MAX_BOOK_MB. */
  maxBookMb: number;
  /** EMBEDDINGS_BASE_URL and friends: the graph's similarity from an endpoint instead of the book's LSA. */
  embeddings?: EmbeddingsEndpoint | undefined;
  onProgress?: (progress: ImportProgress) => void;
  /** Stops the import between pages and between stages; it then fails with the signal's reason. */
  signal?: AbortSignal;
}

export interface ImportResult {
  id: number;
  title: string;
  author: string;
  pageCount: number;
  /** False when a book with the same SHA-256 was already in the library (its id is returned). */
  created: boolean;
}

/** A PDF a user added (features/uploads): where it waits, what they called it, and who they are. */
export interface UploadPayload {
  /** The upload's name in the book storage (BookStorage.uploadFile). */
  upload: string;
  fileName: string;
  title?: string | undefined;
  author?: string | undefined;
  size: number;
}

/**
 * One background job: import a PDF (with its sidecar metadata), the bundled sample textbook or a PDF a
 * user added, or build the relationship graph of a stored book that has none. Each is a row of the job
 * queue (../jobs/queue.ts).
 */
export type ImportJob =
  | { kind: 'file'; input: ImportInput }
  | { kind: 'sample' }
  | { kind: 'graph'; bookId: number; title: string }
  | { kind: 'upload'; upload: UploadPayload; userId: string };

/** What every import process is given to open the installation (the server's settings). */
export interface ImportJobsOptions {
  dataDir: string;
  /** DATABASE_URL: the import process opens the server's database, SQLite in dataDir unless this is set. */
  databaseUrl?: string | undefined;
  maxBookMb: number;
  embeddings?: EmbeddingsEndpoint | undefined;
}
