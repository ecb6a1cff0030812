import { paragraphLabel } from '@threadbook/book';
import type { RelatedParagraph } from '@threadbook/contracts';
import type { LoadedGraph } from './graph-cache.ts';
import type { RelationshipType } from './pipeline.ts';

/** A paragraph reached from the source, by its best path. */
export interface Reached {
  id: string;
  ord: number;
  type: RelationshipType;
  /** Product of the edge scores along the path. */
  score: number;
  distance: number;
  /** The justification of the path's last edge. */
  justification: string;
  /** The paragraph before this one on the path; undefined next to the source. */
  via: Reached | undefined;
}

/**
 * The type of a paragraph two or more hops away, seen from the source. Only "builds on" and "is developed
 * by" carry over a chain (the background of a background is background too); any other chain, e.g. an
 * example of a paragraph's background, is only RELATED to the source.
 */
function chainType(first: RelationshipType, next: RelationshipType): RelationshipType {
  return first === next && (first === 'BACKGROUND' || first === 'ELABORATION') ? first : 'RELATED';
}

/** Orders best first: score, then fewer hops, then book order. */
function better(a: Reached, b: Reached): number {
  return b.score - a.score || a.distance - b.distance || a.ord - b.ord;
}

/**
 * The paragraphs within `maxDistance` hops of `sourceId`, best first (score, then distance, then book
 * order), walking edges from either end. Breadth first: a paragraph belongs to the distance at which it is
 * first reached, by its best path at that distance (the highest product of scores), and its type follows
 * `chainType`.
 */
export function walkRelated(graph: LoadedGraph, sourceId: string, maxDistance: number): Reached[] {
  const visited = new Set([sourceId]);
  // The source's own place in the walk: no path yet, nothing to carry over.
  let frontier: (Reached | undefined)[] = [undefined];
  const found: Reached[] = [];
  for (let distance = 1; distance <= maxDistance && frontier.length > 0; distance++) {
    const next = new Map<string, Reached>();
    for (const via of frontier) {
      for (const edge of graph.around.get(via?.id ?? sourceId) ?? []) {
        if (visited.has(edge.far)) continue;
        const candidate: Reached = {
          id: edge.far,
          ord: graph.nodes.get(edge.far)?.ord ?? Number.MAX_SAFE_INTEGER,
          type: via ? chainType(via.type, edge.type) : edge.type,
          score: (via?.score ?? 1) * edge.score,
          distance,
          justification: edge.justification,
          via,
        };
        const best = next.get(edge.far);
        if (!best || better(candidate, best) < 0) next.set(edge.far, candidate);
      }
    }
    for (const id of next.keys()) visited.add(id);
    const reached = [...next.values()];
    found.push(...reached);
    frontier = reached;
  }
  return found.sort(better);
}

/** The last edge's justification, prefixed for a longer path with the paragraphs it goes through. */
function pathJustification(item: Reached): string {
  const through: string[] = [];
  for (let at = item.via; at; at = at.via) through.unshift(paragraphLabel(at.id));
  return through.length === 0 ? item.justification : `Via ${through.join(', then ')}: ${item.justification}`;
}

/** The answer items for `reached` (one page of them), with the paragraphs' places and texts. */
export function relatedItems(graph: LoadedGraph, reached: Reached[]): RelatedParagraph[] {
  return reached.flatMap((item) => {
    const node = graph.nodes.get(item.id);
    if (!node) return [];
    return {
      relationship_type: item.type,
      node: { id: item.id, text: node.text, page: node.page, y_start: node.y_start },
      justification: pathJustification(item),
      score: item.score,
      distance: item.distance,
    };
  });
}
