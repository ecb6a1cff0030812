import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import { figureBands, type BookDocument } from '@threadbook/book';
import type { Database } from '../../db/schema.ts';
import { updateStatistics } from '../../db/statistics.ts';
import type { BookGraph } from '@threadbook/pipeline';
import { reanchorAnnotations } from '../annotations/index.ts';

/**
 * Rows per INSERT: 500 rows of at most 10 columns stay far below SQLite's limit of bound variables
 * (32766) and PostgreSQL's (65535), and are few statements for a book of thousands of edges.
 */
const BATCH_ROWS = 500;

/**
 * What a stored graph holds: 1 nodes and edges, 2 reference spans too, 3 captions' figure bands too, 4
 * defined terms' spans too. A book
 * whose graph is of an older format has its graph built again in the background (book-graph.ts
 * booksNeedingGraph).
 */
export const GRAPH_FORMAT = 4;

/**
 * Replaces the relationship graph of a book: deletes its nodes, edges, reference and term spans and cached
 * summaries, inserts the paragraphs of `book` (in reading order) and places the readers' highlights in
 * them (annotations/anchoring.ts), inserts the edges and spans of `graph`, and gives the graph a new
 * version (graph_book), all in one transaction, so a
 * reader sees the old graph or the new one and a failure leaves the old one. Given a transaction (the
 * import marks the book ready in the same one), it runs inside it instead of opening its own.
 */
export async function replaceBookGraph(
  db: Kysely<Database>,
  bookId: number,
  book: BookDocument,
  graph: BookGraph,
): Promise<void> {
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => replaceBookGraph(trx, bookId, book, graph));
    return;
  }
  const nodes = nodeRows(bookId, book, graph);
  const edges = edgeRows(bookId, graph, new Map(nodes.map((node) => [node.paragraph_id, node.ord])));
  // Summaries and edges first: they refer to the nodes.
  await db.deleteFrom('graph_summary').where('book_id', '=', bookId).execute();
  await db.deleteFrom('graph_edge').where('book_id', '=', bookId).execute();
  await db.deleteFrom('graph_node').where('book_id', '=', bookId).execute();
  await db.deleteFrom('graph_reference_span').where('book_id', '=', bookId).execute();
  await db.deleteFrom('graph_term_span').where('book_id', '=', bookId).execute();
  for (const batch of batches(nodes)) await db.insertInto('graph_node').values(batch).execute();
  // The readers' highlights follow the paragraphs to their new ids, or are marked not placed.
  await reanchorAnnotations(db, bookId, nodes);
  // For the edges' checks of their ends.
  await updateStatistics(db, 'graph_node');
  for (const batch of batches(edges)) await db.insertInto('graph_edge').values(batch).execute();
  // For the next replacement's cascades from the nodes.
  await updateStatistics(db, 'graph_edge');
  for (const batch of batches(spanRows(bookId, graph))) {
    await db.insertInto('graph_reference_span').values(batch).execute();
  }
  for (const batch of batches(termRows(bookId, graph))) {
    await db.insertInto('graph_term_span').values(batch).execute();
  }
  const stamp = { version: randomUUID(), built_at: new Date().toISOString(), format: GRAPH_FORMAT };
  await db
    .insertInto('graph_book')
    .values({ book_id: bookId, ...stamp })
    .onConflict((conflict) => conflict.column('book_id').doUpdateSet(stamp))
    .execute();
}

/** The book's paragraphs in reading order. */
function nodeRows(
  bookId: number,
  book: BookDocument,
  graph: BookGraph,
): Insertable<Database['graph_node']>[] {
  const nodes: Insertable<Database['graph_node']>[] = [];
  const figures = figureBands(book);
  for (const chapter of book.chapters) {
    for (const section of chapter.sections) {
      for (const paragraph of section.paragraphs) {
        nodes.push({
          book_id: bookId,
          paragraph_id: paragraph.id,
          section_id: section.id,
          chapter_id: chapter.id,
          ord: nodes.length,
          page: paragraph.page,
          y_start: paragraph.yStart,
          text: paragraph.text,
          // The graph's references, else those the Book XML came with.
          explicit_refs: (graph.explicitRefs.get(paragraph.id) ?? paragraph.explicitRefs).join(','),
          figure_top: figures.get(paragraph.id)?.top ?? null,
          figure_bottom: figures.get(paragraph.id)?.bottom ?? null,
        });
      }
    }
  }
  return nodes;
}

/** The graph's edges with their ends' places in reading order; an end outside the book is an error. */
function edgeRows(
  bookId: number,
  graph: BookGraph,
  ords: Map<string, number>,
): Insertable<Database['graph_edge']>[] {
  return graph.edges.map((edge) => {
    const ordOf = (id: string) => {
      const ord = ords.get(id);
      if (ord === undefined) {
        throw new Error(`Graph edge ${edge.source} -> ${edge.target}: paragraph ${id} is not in the book.`);
      }
      return ord;
    };
    return {
      book_id: bookId,
      source: edge.source,
      target: edge.target,
      source_ord: ordOf(edge.source),
      target_ord: ordOf(edge.target),
      type: edge.type,
      justification: edge.justification,
      score: edge.score,
      evidence: edge.evidence.join(','),
    };
  });
}

function spanRows(bookId: number, graph: BookGraph): Insertable<Database['graph_reference_span']>[] {
  return graph.spans.map((span) => ({
    book_id: bookId,
    page: span.page,
    ...span.rect,
    text: span.text,
    source: span.sourceId,
    target: span.targetId,
    evidence: span.evidence,
  }));
}

function termRows(bookId: number, graph: BookGraph): Insertable<Database['graph_term_span']>[] {
  return graph.terms.map((span) => ({
    book_id: bookId,
    page: span.page,
    ...span.rect,
    term: span.term,
    source: span.sourceId,
    definition: span.definitionId,
  }));
}

function* batches<T>(rows: T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += BATCH_ROWS) yield rows.slice(start, start + BATCH_ROWS);
}
