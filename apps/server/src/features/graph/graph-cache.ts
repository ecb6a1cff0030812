import type { Db } from '../../db/database.ts';
import { loadGraph, type LoadedGraph } from './loaded-graph.ts';
import { graphVersion, type Missing } from './queries.ts';

export interface GraphCacheOptions {
  /** Books kept at most; the least recently used goes first. */
  maxBooks?: number;
  /** How long a loaded graph is served before its version is checked again. */
  revalidateMs?: number;
}

export interface GraphCache {
  /** The book's graph, or what is missing (no ready book, or no graph). */
  get(bookId: number): Promise<LoadedGraph | Missing>;
}

/**
 * The graph calls about paragraphs (related, texts, one paragraph, a summary) read a book's graph in
 * memory: the related call is the reader's busiest (every selected paragraph, every page's anchors) and a
 * book's graph only changes when it is rebuilt, so the graph is read once and walked there. Whether it was replaced (by the import worker or the CLI, which run elsewhere) is checked at
 * most every `revalidateMs`: one cheap query, and a rebuilt graph is served within that time, whole.
 */
export function createGraphCache(db: Db, options: GraphCacheOptions = {}): GraphCache {
  const { maxBooks = 8, revalidateMs = 1000 } = options;
  const entries = new Map<number, { graph: LoadedGraph; checkedAt: number }>();
  const pending = new Map<number, Promise<LoadedGraph | Missing>>();

  const remember = (bookId: number, graph: LoadedGraph) => {
    entries.delete(bookId);
    entries.set(bookId, { graph, checkedAt: Date.now() });
    if (entries.size > maxBooks) entries.delete(entries.keys().next().value!);
  };

  const revalidate = async (bookId: number): Promise<LoadedGraph | Missing> => {
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
