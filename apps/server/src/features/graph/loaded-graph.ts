import { splitExplicitRefs, type PageBand } from '@threadbook/book';
import {
  inverseRelationshipType,
  type ParagraphDetail,
  type RelationshipTypeName,
  type SeenEdge,
  type WalkableGraph,
} from '@threadbook/contracts';
import type { Db } from '../../db/database.ts';
import { boundedText, storedType } from './queries.ts';

/** A paragraph as the graph API answers it; `explicit_refs` as stored (comma-separated). */
export interface LoadedNode {
  id: string;
  section: string;
  chapter: string;
  ord: number;
  page: number;
  y_start: number;
  text: string;
  explicit_refs: string;
  /** A caption's band of its page, with what it labels (figureBands). */
  figure?: PageBand;
}

/** An edge seen from one end, with its evidence kinds as stored (comma-separated). */
export interface LoadedEdge extends SeenEdge {
  evidence: string;
}

/** A book's graph in memory: its paragraphs, and per paragraph the edges touching it, from either end. */
export interface LoadedGraph extends WalkableGraph {
  version: string;
  nodes: Map<string, LoadedNode>;
  edgesAround(id: string): readonly LoadedEdge[];
}

/**
 * Reads a book's graph, in one transaction so nodes and edges are of the same version. The few distinct
 * section, chapter and evidence strings are shared rather than held once per row.
 */
export async function loadGraph(db: Db, bookId: number, version: string): Promise<LoadedGraph> {
  const shared = new Map<string, string>();
  const intern = (value: string) => {
    const known = shared.get(value);
    if (known !== undefined) return known;
    shared.set(value, value);
    return value;
  };
  return db.transaction().execute(async (trx) => {
    const nodeRows = await trx
      .selectFrom('graph_node')
      .select([
        'paragraph_id',
        'section_id',
        'chapter_id',
        'ord',
        'page',
        'y_start',
        boundedText('text'),
        'explicit_refs',
        'figure_top',
        'figure_bottom',
      ])
      .where('book_id', '=', bookId)
      .execute();
    const edgeRows = await trx
      .selectFrom('graph_edge')
      .select(['source', 'target', 'type', 'justification', 'score', 'evidence'])
      .where('book_id', '=', bookId)
      .execute();
    const nodes = new Map(
      nodeRows.map((row): [string, LoadedNode] => [
        row.paragraph_id,
        {
          id: row.paragraph_id,
          section: intern(row.section_id),
          chapter: intern(row.chapter_id),
          ord: row.ord,
          page: row.page,
          y_start: row.y_start,
          text: row.text,
          explicit_refs: row.explicit_refs,
          ...(row.figure_top === null || row.figure_bottom === null
            ? {}
            : { figure: { top: row.figure_top, bottom: row.figure_bottom } }),
        },
      ]),
    );
    const around = new Map<string, LoadedEdge[]>();
    const add = (near: string, edge: LoadedEdge) => {
      const list = around.get(near);
      if (list) list.push(edge);
      else around.set(near, [edge]);
    };
    for (const row of edgeRows) {
      const type = storedType(row);
      const { justification, score } = row;
      const evidence = intern(row.evidence);
      add(row.source, { far: row.target, type, justification, score, evidence });
      add(row.target, {
        far: row.source,
        type: inverseRelationshipType(type),
        justification,
        score,
        evidence,
      });
    }
    return {
      version,
      nodes,
      edgesAround: (id) => around.get(id) ?? [],
      orderOf: (id) => nodes.get(id)?.ord,
    };
  });
}

/** A paragraph of the graph as the paragraph call answers it, or undefined when the graph lacks it. */
export function paragraphDetail(graph: LoadedGraph, id: string): ParagraphDetail | undefined {
  const node = graph.nodes.get(id);
  return (
    node && {
      id: node.id,
      section: node.section,
      chapter: node.chapter,
      page: node.page,
      y_start: node.y_start,
      text: node.text,
      explicit_refs: splitExplicitRefs(node.explicit_refs),
    }
  );
}

/**
 * The stored evidence for `type` between two paragraphs, seen from `sourceId`: the edge whose type from
 * that side is `type`, else the highest scored edge between them; undefined when they share none (e.g.
 * paragraphs two hops apart).
 */
export function edgeBetween(
  graph: LoadedGraph,
  sourceId: string,
  relatedId: string,
  type: RelationshipTypeName,
): { justification: string; evidence: string[] } | undefined {
  const between = graph
    .edgesAround(sourceId)
    .filter((edge) => edge.far === relatedId)
    .sort((a, b) => b.score - a.score);
  const edge = between.find((candidate) => candidate.type === type) ?? between[0];
  return (
    edge && { justification: edge.justification, evidence: edge.evidence ? edge.evidence.split(',') : [] }
  );
}
