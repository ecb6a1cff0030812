import { paragraphLabel } from '@threadbook/book';
import {
  RELATIONSHIP_TYPES,
  type RelatedParagraph,
  type RelatedParagraphsResponse,
  type RelationshipTypeName,
} from './graph.ts';

/**
 * What the related call answers, as one rule for the server (which walks its graph in memory) and the
 * reader (which walks the graph it already holds for the page anchors and asks only for the texts).
 */

/** An edge as seen from one of its ends: `type` is the type from that side, `far` the other end. */
export interface SeenEdge {
  far: string;
  type: RelationshipTypeName;
  justification: string;
  score: number;
}

/** What a walk needs of a graph. */
export interface WalkableGraph {
  /** The edges touching paragraph `id`, each seen from it. */
  edgesAround(id: string): readonly SeenEdge[];
  /** The paragraph's place in book order; undefined when the graph does not hold it. */
  orderOf(id: string): number | undefined;
}

/** A paragraph reached from the source, by its best path. */
interface Reached {
  id: string;
  ord: number;
  type: RelationshipTypeName;
  /** Product of the edge scores along the path. */
  score: number;
  distance: number;
  /** The justification of the path's last edge. */
  justification: string;
  /** The paragraph before this one on the path; undefined next to the source. */
  via: Reached | undefined;
}

/** A paragraph as the answer carries it. */
type PlacedParagraph = RelatedParagraph['node'];

export interface RelatedPaging {
  max_distance: number;
  limit: number;
  page: number;
  page_size: number;
}

/**
 * The type of a paragraph two or more hops away, seen from the source. Only "builds on" and "is developed
 * by" carry over a chain (the background of a background is background too); any other chain, e.g. an
 * example of a paragraph's background, is only RELATED to the source.
 */
function chainType(first: RelationshipTypeName, next: RelationshipTypeName): RelationshipTypeName {
  return first === next && (first === 'BACKGROUND' || first === 'ELABORATION') ? first : 'RELATED';
}

/**
 * Orders best first: score, then fewer hops, then book order. Two edges between the same paragraphs with
 * one score are told apart by type and justification, so the answer does not depend on edge order.
 */
function better(a: Reached, b: Reached): number {
  return (
    b.score - a.score ||
    a.distance - b.distance ||
    a.ord - b.ord ||
    RELATIONSHIP_TYPES.indexOf(a.type) - RELATIONSHIP_TYPES.indexOf(b.type) ||
    (a.justification < b.justification ? -1 : a.justification > b.justification ? 1 : 0)
  );
}

/**
 * The paragraphs within `maxDistance` hops of `sourceId`, best first (score, then distance, then book
 * order), walking edges from either end. Breadth first: a paragraph belongs to the distance at which it is
 * first reached, by its best path at that distance (the highest product of scores), and its type follows
 * `chainType`.
 */
function walkRelated(graph: WalkableGraph, sourceId: string, maxDistance: number): Reached[] {
  const visited = new Set([sourceId]);
  // The source's own place in the walk: no path yet, nothing to carry over.
  let frontier: (Reached | undefined)[] = [undefined];
  const found: Reached[] = [];
  for (let distance = 1; distance <= maxDistance && frontier.length > 0; distance++) {
    const next = new Map<string, Reached>();
    for (const via of frontier) {
      for (const edge of graph.edgesAround(via?.id ?? sourceId)) {
        if (visited.has(edge.far)) continue;
        const candidate: Reached = {
          id: edge.far,
          ord: graph.orderOf(edge.far) ?? Number.MAX_SAFE_INTEGER,
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

/** The related paragraphs the answer covers (`limit` of them, best first) and the page of them it lists. */
export function rankRelated(
  graph: WalkableGraph,
  sourceId: string,
  paging: RelatedPaging,
): { ranked: Reached[]; onPage: Reached[] } {
  const ranked = walkRelated(graph, sourceId, paging.max_distance).slice(0, paging.limit);
  const onPage = ranked.slice((paging.page - 1) * paging.page_size, paging.page * paging.page_size);
  return { ranked, onPage };
}

/** A paragraph as an answer places it: its page, its place on it, its text and a caption's figure band. */
export function placedParagraphOf({ id, page, y_start, text, figure }: PlacedParagraph): PlacedParagraph {
  return { id, page, y_start, text, ...(figure === undefined ? {} : { figure }) };
}

/** The last edge's justification, prefixed for a longer path with the paragraphs it goes through. */
function pathJustification(item: Reached): string {
  const through: string[] = [];
  for (let at = item.via; at; at = at.via) through.unshift(paragraphLabel(at.id));
  return through.length === 0 ? item.justification : `Via ${through.join(', then ')}: ${item.justification}`;
}

/**
 * The related call's answer for `source` from its ranking, with the paragraphs' places and texts from
 * `paragraphOf` (a paragraph it does not know is left out).
 */
export function relatedAnswer(
  source: PlacedParagraph,
  { ranked, onPage }: { ranked: Reached[]; onPage: Reached[] },
  paging: RelatedPaging,
  paragraphOf: (id: string) => PlacedParagraph | undefined,
): RelatedParagraphsResponse {
  const related = onPage.flatMap((item): RelatedParagraph[] => {
    const node = paragraphOf(item.id);
    if (!node) return [];
    return [
      {
        relationship_type: item.type,
        node: placedParagraphOf(node),
        justification: pathJustification(item),
        score: item.score,
        distance: item.distance,
      },
    ];
  });
  return {
    source_node: placedParagraphOf(source),
    related,
    total: ranked.length,
    page: paging.page,
    page_size: paging.page_size,
    total_pages: Math.ceil(ranked.length / paging.page_size),
  };
}
