import { inverseRelationshipType, type SeenEdge, type WalkableGraph } from '@threadbook/contracts';
import type { Db } from '../../db/database.ts';
import { boundedText, graphVersion, storedType, type Missing } from './queries.ts';

/** A paragraph as the related call answers it. */
export interface LoadedNode {
  id: string;
  ord: number;
  page: number;
  y_start: number;
  text: string;
}

/** A book's graph in memory: its paragraphs, and per paragraph the edges touching it, from either end. */
export interface LoadedGraph extends WalkableGraph {
  version: string;
  nodes: Map<string, LoadedNode>;
}

export interface GraphCacheOptions {
  /** Books kept at most; the least recently used goes first. */
  maxBooks?: number;
  /** How long a loaded graph is served before its version is checked again. */
  revalidateMs?: number;
}

export interface GraphCache {
  /** The book's graph, or what is missing (no ready book, or no graph). */
  get(bookId: number): Promise<LoadedGraph | Exclude<Missing, 'paragraph'>>;
}

/**
 * The related-paragraphs call is the reader's busiest (every selected paragraph, every page's anchors)
 * and a book's graph only changes when it is rebuilt, so the graph is read once into memory and walked
 * there. Whether it was replaced (by the import worker or the CLI, which run elsewhere) is checked at
 * most every `revalidateMs`: one cheap query, and a rebuilt graph is served within that time, whole.
 */
export function createGraphCache(db: Db, options: GraphCacheOptions = {}): GraphCache {
  const { maxBooks = 8, revalidateMs = 1000 } = options;
  const entries = new Map<number, { graph: LoadedGraph; checkedAt: number }>();
  const pending = new Map<number, Promise<LoadedGraph | Exclude<Missing, 'paragraph'>>>();

  const remember = (bookId: number, graph: LoadedGraph) => {
    entries.delete(bookId);
    entries.set(bookId, { graph, checkedAt: Date.now() });
    if (entries.size > maxBooks) entries.delete(entries.keys().next().value!);
  };

  const revalidate = async (bookId: number): Promise<LoadedGraph | Exclude<Missing, 'paragraph'>> => {
    const row = await graphVersion(db, bookId);
    if (!row || row.version === null) {
      entries.delete(bookId);
      return row ? 'graph' : 'book';
    }
    const known = entries.get(bookId)?.graph;
    const graph = known?.version === row.version ? known : await loadGraph(db, bookId, row.version);
    remember(bookId, graph);
    return graph;
  };

  return {
    get(bookId) {
      const entry = entries.get(bookId);
      if (entry && Date.now() - entry.checkedAt < revalidateMs) return Promise.resolve(entry.graph);
      // One check or load per book at a time, however many requests wait for it.
      let load = pending.get(bookId);
      if (!load) {
        load = revalidate(bookId).finally(() => pending.delete(bookId));
        pending.set(bookId, load);
      }
      return load;
    },
  };
}

/** Reads a book's graph, in one transaction so nodes and edges are of the same version. */
async function loadGraph(db: Db, bookId: number, version: string): Promise<LoadedGraph> {
  return db.transaction().execute(async (trx) => {
    const nodeRows = await trx
      .selectFrom('graph_node')
      .select(['paragraph_id', 'ord', 'page', 'y_start', boundedText('text')])
      .where('book_id', '=', bookId)
      .execute();
    const edgeRows = await trx
      .selectFrom('graph_edge')
      .select(['source', 'target', 'type', 'justification', 'score'])
      .where('book_id', '=', bookId)
      .execute();
    const nodes = new Map(
      nodeRows.map((row) => [
        row.paragraph_id,
        { id: row.paragraph_id, ord: row.ord, page: row.page, y_start: row.y_start, text: row.text },
      ]),
    );
    const around = new Map<string, SeenEdge[]>();
    const add = (near: string, edge: SeenEdge) => {
      const list = around.get(near);
      if (list) list.push(edge);
      else around.set(near, [edge]);
    };
    for (const row of edgeRows) {
      const type = storedType(row);
      const { justification, score } = row;
      add(row.source, { far: row.target, type, justification, score });
      add(row.target, { far: row.source, type: inverseRelationshipType(type), justification, score });
    }
    return {
      version,
      nodes,
      edgesAround: (id) => around.get(id) ?? [],
      orderOf: (id) => nodes.get(id)?.ord,
    };
  });
}
