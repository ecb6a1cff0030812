import { parseBookXml, writeBookXml, type BookDocument } from '@threadbook/book';
import { BOOK_FILES } from '@threadbook/contracts';
import {
  buildGraph,
  EmbeddingsError,
  withExplicitRefs,
  type BookGraph,
  type BuildGraphOptions,
  type EmbeddingsEndpoint,
} from '@threadbook/pipeline';
import type { Db } from '../../db/database.ts';
import { GRAPH_FORMAT, replaceBookGraph } from '../graph/index.ts';
import { searchIndex } from '../search/index.ts';
import { BookImportError, readyBooks } from '../books/index.ts';
import type { ImportContext } from './import-types.ts';

/** The book's relationship graph; an embeddings endpoint that fails is the import's error, named. */
export async function buildBookGraph(
  label: string,
  book: BookDocument,
  pdf: Uint8Array,
  embeddings: EmbeddingsEndpoint | undefined,
  pages?: BuildGraphOptions['pages'],
): Promise<BookGraph> {
  try {
    return await buildGraph(book, { pdf, embeddings, pages });
  } catch (error) {
    if (!(error instanceof EmbeddingsError)) throw error;
    throw new BookImportError(`${label}: the relationship graph could not be built: ${error.message}`, {
      cause: error,
    });
  }
}

export interface RebuiltGraph {
  id: number;
  title: string;
  edges: number;
}

/**
 * Builds a stored book's relationship graph again from its files (after the graph builder or the
 * embeddings setting changed, or for books imported before graphs existed). The new graph and the book's
 * search index replace the old ones in one transaction, so readers see one or the other; then book.xml
 * gets the new explicit_refs in one step (BookStorage.replace).
 */
export async function rebuildBookGraph(
  context: Pick<ImportContext, 'db' | 'storage' | 'embeddings'>,
  bookId: number,
): Promise<RebuiltGraph> {
  const { db, storage } = context;
  const row = await readyBooks(db).select(['id', 'title']).where('id', '=', bookId).executeTakeFirst();
  if (!row) throw new BookImportError(`There is no book ${bookId} in the library.`);

  const [xml, pdf] = await Promise.all([
    storage.read(bookId, BOOK_FILES.xml).then((bytes) => bytes.toString('utf8')),
    storage.read(bookId, BOOK_FILES.pdf).then((bytes) => new Uint8Array(bytes)),
  ]).catch((error: unknown) => {
    throw new BookImportError(`The files of book ${bookId} are missing from ${storage.describe(bookId)}.`, {
      cause: error,
    });
  });
  const stored = parseBookXml(xml);
  const graph = await buildBookGraph(`Book ${bookId}`, stored, pdf, context.embeddings);
  const book = withExplicitRefs(stored, graph);
  await db.transaction().execute(async (trx) => {
    await replaceBookGraph(trx, bookId, book, graph);
    await searchIndex.indexBook(trx, bookId, book);
  });

  await storage.replace(bookId, BOOK_FILES.xml, writeBookXml(book));
  return { id: bookId, title: row.title, edges: graph.edges.length };
}

/**
 * Ready books whose graph is to be built: with none stored (imported before the graph existed, or never
 * built), or with one of an older format than the builder's (GRAPH_FORMAT: without reference spans).
 */
export async function booksNeedingGraph(db: Db): Promise<{ id: number; title: string }[]> {
  return readyBooks(db)
    .select(['id', 'title'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('graph_book')
            .select('version')
            .whereRef('graph_book.book_id', '=', 'book.id')
            .where('graph_book.format', '>=', GRAPH_FORMAT),
        ),
      ),
    )
    .orderBy('id')
    .execute();
}
