import { createHash } from 'node:crypto';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BookXmlError, parseBookXml, writeBookXml, type BookDocument } from '@threadbook/book';
import { BOOK_FILES } from '@threadbook/contracts';
import {
  ExtractError,
  extractBook,
  inspectPdf,
  renderCover,
  withExplicitRefs,
  type EmbeddingsEndpoint,
} from '@threadbook/pipeline';
import type { Db } from '../../db/database.ts';
// The graph and the search index are stored with the book, in the transaction that makes the book ready.
import { replaceBookGraph } from '../graph/store.ts';
import { searchIndex } from '../search/search-index.ts';
import { buildBookGraph } from './book-graph.ts';
import { BookImportError } from './errors.ts';
import {
  bookDir,
  cleanupIncompleteImports,
  COVER_FILE,
  createStagingDir,
  importOwner,
  OWNER_FILE,
} from './storage.ts';

export { BookImportError } from './errors.ts';

/** Width of the cover image rendered from the first page. */
export const COVER_WIDTH = 400;
const MB = 1024 * 1024;
/** Book XML is read whole; the parser bounds it too. */
const MAX_XML_BYTES = 64 * MB;

export interface ImportInput {
  /** The PDF to import. */
  pdfPath: string;
  /** A Book XML to use instead of extracting one from the PDF. */
  xmlPath?: string | undefined;
  title?: string | undefined;
  author?: string | undefined;
}

export type ImportStage = 'checking' | 'extracting' | 'graph' | 'cover' | 'saving';

/** How progress messages name the stages. */
export const IMPORT_STAGE_WORDS: Record<ImportStage, string> = {
  checking: 'checking the PDF',
  extracting: 'extracting',
  graph: 'building the relationship graph',
  cover: 'rendering the cover',
  saving: 'saving',
};

export interface ImportProgress {
  stage: ImportStage;
  /** Pages done and pages in all, while extracting. */
  done?: number;
  total?: number;
}

export interface ImportContext {
  db: Db;
  dataDir: string;
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

/** "250 MB", "3.4 MB", "0.0095 MB": enough digits to tell a size from the limit. */
function formatMb(bytes: number): string {
  const mb = bytes / MB;
  return `${mb >= 10 ? Math.round(mb) : Number(mb.toPrecision(2))} MB`;
}

const present = (value: string | undefined | null): string | undefined =>
  value !== undefined && value !== null && value.trim() !== '' ? value.trim() : undefined;

/**
 * Imports one book, all or nothing: the PDF is checked (size, completeness, encryption, text), its Book XML
 * is taken from `xmlPath` (validated) or extracted, its relationship graph is built, a cover is rendered,
 * and the files are written to a staging folder. Only then is a row inserted as 'importing', the folder
 * renamed to the book's id, and the graph and the search index stored with the row marked 'ready' in one
 * transaction. A failure removes what was made; a kill leaves a staging folder or an 'importing' row,
 * which `cleanupIncompleteImports` removes at the next start. The same PDF (same SHA-256) is never
 * stored twice: its existing id is returned.
 */
export async function importBook(context: ImportContext, input: ImportInput): Promise<ImportResult> {
  const { db, dataDir, maxBookMb, signal } = context;
  const pdfName = path.basename(input.pdfPath);
  // Each stage begins by checking the signal, so a stopped import ends at the next stage.
  const enterStage = (progress: ImportProgress) => {
    signal?.throwIfAborted();
    context.onProgress?.(progress);
  };
  enterStage({ stage: 'checking' });

  let size: number;
  try {
    const info = await stat(input.pdfPath);
    if (!info.isFile()) throw new BookImportError(`${input.pdfPath} is not a file.`);
    size = info.size;
  } catch (error) {
    if (error instanceof BookImportError) throw error;
    throw new BookImportError(`${input.pdfPath}: no such file.`, { cause: error });
  }
  if (size > maxBookMb * MB) {
    throw new BookImportError(`${pdfName} is ${formatMb(size)}; the limit is ${maxBookMb} MB (MAX_BOOK_MB).`);
  }

  let supplied: BookDocument | undefined;
  if (input.xmlPath !== undefined) {
    const xmlName = path.basename(input.xmlPath);
    let xml: string;
    try {
      const info = await stat(input.xmlPath);
      if (info.size > MAX_XML_BYTES) {
        throw new BookImportError(`${xmlName} is ${formatMb(info.size)}; Book XML is limited to 64 MB.`);
      }
      xml = await readFile(input.xmlPath, 'utf8');
    } catch (error) {
      if (error instanceof BookImportError) throw error;
      throw new BookImportError(`${input.xmlPath}: no such file.`, { cause: error });
    }
    try {
      supplied = parseBookXml(xml);
    } catch (error) {
      if (error instanceof BookXmlError) throw new BookImportError(`${xmlName}: ${error.message}`);
      throw error;
    }
  }

  const pdf = new Uint8Array(await readFile(input.pdfPath));
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const existing = await findBySha(db, sha256);
  if (existing?.status === 'ready') {
    return {
      id: existing.id,
      title: existing.title,
      author: existing.author,
      pageCount: existing.page_count,
      created: false,
    };
  }
  if (existing) {
    // An interrupted import of the same file: clean it up, or report the one still running.
    await cleanupIncompleteImports(db, dataDir);
    if (await findBySha(db, sha256)) {
      throw new BookImportError(`${pdfName} is being imported by another process right now.`);
    }
  }

  const facts = await inspectPdf(pdf, pdfName).catch((error: unknown) => {
    throw error instanceof ExtractError ? new BookImportError(error.message, { cause: error }) : error;
  });
  if (supplied) {
    const beyond = supplied.chapters
      .flatMap((chapter) => chapter.sections.flatMap((section) => section.paragraphs))
      .find((paragraph) => paragraph.page > facts.pageCount);
    if (beyond) {
      throw new BookImportError(
        `${path.basename(input.xmlPath ?? '')}: paragraph ${beyond.id} is on page ${beyond.page}, but ${pdfName} has ${facts.pageCount} pages.`,
      );
    }
  }

  const staging = createStagingDir(dataDir);
  let insertedId: number | undefined;
  try {
    await writeFile(path.join(staging, BOOK_FILES.pdf), pdf);

    let book: BookDocument;
    let pageCount = facts.pageCount;
    if (supplied) {
      book = supplied;
    } else {
      enterStage({ stage: 'extracting', done: 0, total: facts.pageCount });
      try {
        const extracted = await extractBook(pdf, {
          title: present(input.title),
          author: present(input.author),
          // Page by page, without the check: the page worker's messages call this too.
          onProgress: (done, total) => context.onProgress?.({ stage: 'extracting', done, total }),
          signal,
        });
        book = extracted.book;
        pageCount = extracted.pageCount;
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new BookImportError(`${pdfName}: ${(error as Error).message}`, { cause: error });
      }
    }
    const title =
      present(input.title) ??
      present(book.title === 'Untitled Book' ? '' : book.title) ??
      facts.title ??
      path.parse(pdfName).name;
    const author = present(input.author) ?? present(book.author) ?? facts.author ?? '';

    enterStage({ stage: 'graph' });
    const graph = await buildBookGraph(pdfName, book, pdf, context.embeddings);
    book = withExplicitRefs(book, graph);
    await writeFile(path.join(staging, BOOK_FILES.xml), writeBookXml({ ...book, title, author }));

    enterStage({ stage: 'cover' });
    await writeFile(path.join(staging, COVER_FILE), await renderCover(pdf, COVER_WIDTH));

    enterStage({ stage: 'saving' });
    const inserted = await db
      .insertInto('book')
      .values({
        title,
        author,
        page_count: pageCount,
        sha256,
        status: 'importing',
        source_name: pdfName,
        import_owner: importOwner(),
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch(async (error: unknown): Promise<{ id: number; duplicate: true }> => {
        // Another process finished the same file meanwhile (the SHA-256 is unique): that book is ours.
        const winner = await findBySha(db, sha256);
        if (winner?.status === 'ready') return { id: winner.id, duplicate: true };
        throw error;
      });
    if ('duplicate' in inserted) {
      await rm(staging, { recursive: true, force: true });
      return { id: inserted.id, title, author, pageCount, created: false };
    }
    insertedId = inserted.id;
    await rename(staging, bookDir(dataDir, insertedId));
    await rm(path.join(bookDir(dataDir, insertedId), OWNER_FILE), { force: true });
    const bookId = insertedId;
    await db.transaction().execute(async (trx) => {
      await replaceBookGraph(trx, bookId, book, graph);
      await searchIndex.indexBook(trx, bookId, book);
      await trx
        .updateTable('book')
        .set({ status: 'ready', import_owner: null })
        .where('id', '=', bookId)
        .execute();
    });
    return { id: insertedId, title, author, pageCount, created: true };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (insertedId !== undefined) {
      await rm(bookDir(dataDir, insertedId), { recursive: true, force: true });
      await db.deleteFrom('book').where('id', '=', insertedId).execute();
    }
    throw error;
  }
}

function findBySha(db: Db, sha256: string) {
  return db
    .selectFrom('book')
    .select(['id', 'title', 'author', 'page_count', 'status'])
    .where('sha256', '=', sha256)
    .executeTakeFirst();
}
