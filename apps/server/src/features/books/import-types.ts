import type { EmbeddingsEndpoint } from '@threadbook/pipeline';
import type { Db } from '../../db/database.ts';
import type { BookStorage } from './storage.ts';

/** What an import is asked (import-book.ts), what it is given and what it reports. */

export interface ImportInput {
  /** The PDF to import. */
  pdfPath: string;
  /** A Book XML to use instead of extracting one from the PDF. */
  xmlPath?: string | undefined;
  title?: string | undefined;
  author?: string | undefined;
  /** The user adding it (an upload): the book is private to them. Without, it joins the shared library. */
  ownerId?: string | undefined;
  /** The file's name for messages, when `pdfPath` is an upload's stored file. */
  displayName?: string | undefined;
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
