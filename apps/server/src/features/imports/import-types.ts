import { z } from 'zod';
import type { ImportStageName } from '@threadbook/contracts';
import type { EmbeddingsEndpoint } from '@threadbook/pipeline';
import type { Db } from '../../db/database.ts';
import { bookOwnerSchema, type BookStorage } from '../books/index.ts';

/** What an import is asked (import-book.ts), what it is given and what it reports. */

export const importInputSchema = z.object({
  /** The PDF to import. */
  pdfPath: z.string(),
  /** A Book XML to use instead of extracting one from the PDF. */
  xmlPath: z.string().optional(),
  /** The operator's title and author for the book (the import command, a LIBRARY_DIR sidecar). */
  title: z.string().optional(),
  author: z.string().optional(),
  /** The user adding it (an upload): the book is private to them. Without, it joins the shared library. */
  owner: bookOwnerSchema.optional(),
  /** The file's name for messages, when `pdfPath` is an upload's stored file. */
  displayName: z.string().optional(),
});
export type ImportInput = z.infer<typeof importInputSchema>;

export type ImportStage = ImportStageName;

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

/** A PDF a user added (features/uploads): where it waits, what they called it, and its size. */
export const uploadPayloadSchema = z.object({
  /** The upload's name in the book storage (BookStorage.uploadFile). */
  upload: z.string(),
  fileName: z.string(),
  title: z.string().optional(),
  author: z.string().optional(),
  size: z.number(),
});
export type UploadPayload = z.infer<typeof uploadPayloadSchema>;

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
