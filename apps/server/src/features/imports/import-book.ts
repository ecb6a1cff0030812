import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UNTITLED_BOOK, writeBookXml, type BookDocument } from '@threadbook/book';
import { BOOK_FILES, type PageImageWidth } from '@threadbook/contracts';
import {
  extractBook,
  MIN_PAGES_FOR_WORKER,
  onSideThread,
  withExplicitRefs,
  type BookGraph,
  type ExtractedBook,
  type OpeningPages,
} from '@threadbook/pipeline';
import { buildBookGraph } from './book-graph.ts';
import {
  BookImportError,
  COVER_FILE,
  PAGE_IMAGES_DIR,
  pageImageName,
  placeInLibrary,
} from '../books/index.ts';
import { checkImport, type CheckedPdf } from './import-check.ts';
import { storeBook, type StoredWith } from './import-store.ts';
import type {
  ImportContext,
  ImportInput,
  ImportProgress,
  ImportResult,
  ImportStage,
} from './import-types.ts';

export { BookImportError } from '../books/index.ts';
// What callers of the import use, from the one module they import.
export type * from './import-types.ts';

/** Width of the cover image rendered from the first page. */
export const COVER_WIDTH = 400;
/**
 * The page images made at import (features/page-images), for the first opening of a book to show its
 * first page at once: the pages a student opens at first, at the widths of the reader's page on the
 * usual screens (a laptop's, a desktop's, a dense laptop's). Others are made when first asked.
 */
export const IMPORT_PAGE_IMAGES = {
  pages: 2,
  widths: [768, 1024, 1280] satisfies PageImageWidth[],
} as const;

/** How progress messages name the stages. */
export const IMPORT_STAGE_WORDS: Record<ImportStage, string> = {
  checking: 'checking the PDF',
  extracting: 'extracting',
  graph: 'building the relationship graph',
  cover: 'rendering the cover and first pages',
  saving: 'saving',
};

/**
 * Imports one book, all or nothing: the PDF is checked (size, completeness, encryption, text), its Book XML
 * is taken from `xmlPath` (validated) or extracted, its relationship graph is built, a cover is rendered,
 * and the files are written to a staging folder. Only then is a row inserted as 'importing', the folder
 * renamed to the book's id, and the graph and the search index stored with the row marked 'ready' in one
 * transaction. A failure removes what was made; a kill leaves a staging folder or an 'importing' row,
 * which `cleanupIncompleteImports` removes at the next start. The same PDF (same SHA-256) is never
 * stored twice: its existing id is returned. A user's import is private to them, under their names for
 * it; the book itself is named from the PDF alone (own-books.ts).
 */
export async function importBook(
  context: ImportContext,
  input: ImportInput,
  storedWith?: StoredWith,
): Promise<ImportResult> {
  const result = await importOrFind(context, input, storedWith);
  await placeInLibrary(context.db, result.id, input.owner);
  return result;
}

/** importBook's stages, up to the book made or found with the same PDF. */
async function importOrFind(
  context: ImportContext,
  input: ImportInput,
  storedWith: StoredWith | undefined,
): Promise<ImportResult> {
  // Each stage begins by checking the signal, so a stopped import ends at the next stage.
  const enterStage = (progress: ImportProgress) => {
    context.signal?.throwIfAborted();
    context.onProgress?.(progress);
  };
  enterStage({ stage: 'checking' });
  const checked = await checkImport(context, input);
  if ('existing' in checked) return checked.existing;

  const { storage } = context;
  const staging = await storage.createStaging();
  try {
    await writeFile(path.join(staging, BOOK_FILES.pdf), checked.pdf);
    // A supplied Book XML has no pages' text: the graph reads the pages' words from the PDF.
    let extracted: Extracted | undefined = checked.supplied && {
      book: checked.supplied,
      pageCount: checked.facts.pageCount,
    };
    if (!extracted) {
      enterStage({ stage: 'extracting', done: 0, total: checked.facts.pageCount });
      extracted = await extract(context, input, checked);
    }
    const names = titleAndAuthor(input, extracted.book, checked);
    enterStage({ stage: 'graph' });
    // The graph first: it asks the side thread for the paragraphs' nearest in meaning before anything
    // waits. Then the first pages are drawn there while this thread builds the rest of the graph: the
    // cover stage only writes them.
    const graphing = makeGraph(context, checked, extracted, staging, names);
    const opening = drawOpening(checked.pdf, extracted.pageCount);
    opening.catch(() => undefined);
    const { book, graph } = await graphing;
    enterStage({ stage: 'cover' });
    await writeOpening(await opening, staging);
    enterStage({ stage: 'saving' });
    return await storeBook(context.db, storage, {
      ...names,
      staging,
      pdfName: checked.pdfName,
      sha256: checked.sha256,
      owner: input.owner,
      pageCount: extracted.pageCount,
      book,
      graph,
      storedWith,
    });
  } catch (error) {
    await storage.discardStaged(staging);
    throw error;
  }
}

/** The book as extracted from its PDF, or as supplied (without the pages' text). */
type Extracted = Omit<ExtractedBook, 'pages'> & Partial<Pick<ExtractedBook, 'pages'>>;

/** The extracting stage: the Book XML data from the PDF, reporting page by page. */
async function extract(
  context: ImportContext,
  input: ImportInput,
  { pdf, pdfName }: CheckedPdf,
): Promise<ExtractedBook> {
  try {
    return await extractBook(pdf, {
      title: present(input.title),
      author: present(input.author),
      // Page by page, without the check: the page worker's messages call this too.
      onProgress: (done, total) => context.onProgress?.({ stage: 'extracting', done, total }),
      signal: context.signal,
    });
  } catch (error) {
    if (context.signal?.aborted) throw error;
    throw new BookImportError(`${pdfName}: ${(error as Error).message}`, { cause: error });
  }
}

const present = (value: string | undefined | null): string | undefined =>
  value !== undefined && value !== null && value.trim() !== '' ? value.trim() : undefined;

/**
 * The operator's title and author, else the Book XML's, else the PDF's; for a title, then the file's name,
 * except for a user's upload: its file's name is the user's, and the book is everyone's who adds the PDF.
 */
function titleAndAuthor(
  input: ImportInput,
  book: BookDocument,
  { facts, pdfName }: CheckedPdf,
): { title: string; author: string } {
  const title =
    present(input.title) ??
    present(book.title === UNTITLED_BOOK ? '' : book.title) ??
    facts.title ??
    (input.owner ? UNTITLED_BOOK : path.parse(pdfName).name);
  const author = present(input.author) ?? present(book.author) ?? facts.author ?? '';
  return { title, author };
}

/** The graph stage: the relationship graph, and the Book XML with its explicit references in staging. */
async function makeGraph(
  context: ImportContext,
  { pdf, pdfName }: CheckedPdf,
  extracted: Extracted,
  staging: string,
  names: { title: string; author: string },
): Promise<{ book: BookDocument; graph: BookGraph }> {
  const graph = await buildBookGraph(pdfName, extracted.book, pdf, context.embeddings, extracted.pages);
  const book = withExplicitRefs(extracted.book, graph);
  await writeFile(path.join(staging, BOOK_FILES.xml), writeBookXml({ ...book, ...names }));
  return { book, graph };
}

/** The cover and the first pages' images (drawn on the side thread, for a book of some length). */
function drawOpening(pdf: Uint8Array, pageCount: number): Promise<OpeningPages> {
  const request = { pdf, ...IMPORT_PAGE_IMAGES, coverWidth: COVER_WIDTH };
  return onSideThread('openingPages', request, pageCount >= MIN_PAGES_FOR_WORKER);
}

/** The cover stage, in staging: the cover and the first pages' images. */
async function writeOpening({ cover, images }: OpeningPages, staging: string): Promise<void> {
  await writeFile(path.join(staging, COVER_FILE), cover);
  await mkdir(path.join(staging, PAGE_IMAGES_DIR));
  for (const { page, width, webp } of images) {
    await writeFile(path.join(staging, PAGE_IMAGES_DIR, pageImageName(page, width)), webp);
  }
}
