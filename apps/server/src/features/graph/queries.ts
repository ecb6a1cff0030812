import { sql } from 'kysely';
import { DEFAULT_BOOK_XML_LIMITS } from '@threadbook/book';
import {
  relationshipTypeOf,
  type BookGraphQuery,
  type BookGraphResponse,
  type PageReferences,
  type PageTerms,
  type RelationshipTypeName,
} from '@threadbook/contracts';
import type { Db } from '../../db/database.ts';
import { readyBooks } from '../books/index.ts';

/**
 * A paragraph's text as the API reads it: at most as long as Book XML allows. A book imported before that
 * bound existed may hold longer texts; no answer carries them whole.
 */
export const boundedText = (column: string) =>
  sql<string>`substr(${sql.ref(column)}, 1, ${DEFAULT_BOOK_XML_LIMITS.maxParagraphChars})`.as('text');

/** The type of a stored edge; the builder writes no other, so another is a broken database. */
export function storedType(row: { source: string; target: string; type: string }): RelationshipTypeName {
  const type = relationshipTypeOf(row.type);
  if (!type) throw new Error(`Graph edge ${row.source} -> ${row.target} has no known type: ${row.type}.`);
  return type;
}

/** What a graph call can lack: a ready book (as the books API) or its stored graph. */
export type Missing = 'book' | 'graph';

/** A ready book's graph version (null when it has no graph), or undefined when there is no ready book. */
export function graphVersion(db: Db, bookId: number) {
  return readyBooks(db)
    .leftJoin('graph_book as g', 'g.book_id', 'book.id')
    .select('g.version')
    .where('book.id', '=', bookId)
    .executeTakeFirst();
}

/**
 * A book's graph, or the part of it in one chapter and/or section: its nodes (in reading order) and the
 * edges with both ends among them (as stored: source -> target).
 */
export async function bookGraph(db: Db, bookId: number, part: BookGraphQuery): Promise<BookGraphResponse> {
  let nodes = db.selectFrom('graph_node').where('book_id', '=', bookId);
  if (part.chapter !== undefined) nodes = nodes.where('chapter_id', '=', part.chapter);
  if (part.section !== undefined) nodes = nodes.where('section_id', '=', part.section);
  let edges = db
    .selectFrom('graph_edge')
    .select(['source', 'target', 'type', 'justification', 'score'])
    .where('book_id', '=', bookId)
    .orderBy('source_ord')
    .orderBy('target_ord');
  if (part.chapter !== undefined || part.section !== undefined) {
    const inPart = nodes.select('paragraph_id');
    edges = edges.where('source', 'in', inPart).where('target', 'in', inPart);
  }
  const nodeRows = await nodes
    .select(['paragraph_id', 'section_id', 'chapter_id', 'page', 'y_start'])
    .orderBy('ord')
    .execute();
  return {
    nodes: nodeRows.map((row) => ({
      id: row.paragraph_id,
      section: row.section_id,
      chapter: row.chapter_id,
      page: row.page,
      y_start: row.y_start,
    })),
    edges: (await edges.execute()).map((row) => ({
      source: row.source,
      target: row.target,
      type: storedType(row),
      justification: row.justification,
      score: row.score,
    })),
  };
}

/** The reference spans of one page of a book's stored graph, down the page, each with its target's place. */
export async function pageReferences(db: Db, bookId: number, page: number): Promise<PageReferences> {
  const rows = await db
    .selectFrom('graph_reference_span as s')
    .innerJoin('graph_node as n', (join) =>
      join.onRef('n.book_id', '=', 's.book_id').onRef('n.paragraph_id', '=', 's.target'),
    )
    .select([
      's.x',
      's.y',
      's.w',
      's.h',
      's.text',
      's.source',
      's.target',
      's.evidence',
      'n.page',
      'n.y_start',
    ])
    .where('s.book_id', '=', bookId)
    .where('s.page', '=', page)
    .orderBy('s.y')
    .orderBy('s.x')
    .execute();
  return rows.map((row) => ({
    rect: { x: row.x, y: row.y, w: row.w, h: row.h },
    text: row.text,
    source: row.source,
    target: row.target,
    target_page: row.page,
    target_y_start: row.y_start,
    evidence: row.evidence,
  }));
}

/** The defined terms' uses on one page of a book's stored graph, down the page, each with its definition's place. */
export async function pageTerms(db: Db, bookId: number, page: number): Promise<PageTerms> {
  const rows = await db
    .selectFrom('graph_term_span as t')
    .innerJoin('graph_node as n', (join) =>
      join.onRef('n.book_id', '=', 't.book_id').onRef('n.paragraph_id', '=', 't.definition'),
    )
    .select(['t.x', 't.y', 't.w', 't.h', 't.term', 't.definition', 'n.section_id', 'n.page', 'n.y_start'])
    .where('t.book_id', '=', bookId)
    .where('t.page', '=', page)
    .orderBy('t.y')
    .orderBy('t.x')
    .execute();
  return rows.map((row) => ({
    rect: { x: row.x, y: row.y, w: row.w, h: row.h },
    term: row.term,
    definition: row.definition,
    definition_section: row.section_id,
    definition_page: row.page,
    definition_y_start: row.y_start,
  }));
}
