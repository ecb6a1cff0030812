import { stripBookPrefix } from '@threadbook/book';
import {
  inverseRelationshipType,
  type BookGraphResponse,
  type RelationshipTypeName,
  type SeenEdge,
  type WalkableGraph,
} from '@threadbook/contracts';
import type { ParagraphPlace } from '../model/index.ts';

/**
 * The book's graph arranged for the page overlays (docs/product.md §2 "PDF page overlays"): per page, the paragraphs
 * that have relationships (the anchors, with what the tooltip lists), and for every paragraph where it
 * sits, so a highlight can cover it. Pure: built once per graph.
 */

/** docs/product.md §3: an edge without a justification is shown with this one. */
export const NO_JUSTIFICATION = 'No justification provided';

/** Where the last paragraph of a page is taken to end (the bottom margin of a typical page). */
export const PAGE_TEXT_BOTTOM = 0.92;
/** A paragraph is never drawn thinner than this (about one line). */
const MIN_HEIGHT = 0.02;

/** One relationship as the anchor's tooltip shows it, seen from the anchor's paragraph. */
export interface AnchorRelationship {
  type: RelationshipTypeName;
  targetId: string;
  /** The related paragraph's section; null when the graph does not know the paragraph. */
  targetSection: string | null;
  justification: string;
  score: number;
}

export interface ParagraphAnchor extends ParagraphPlace {
  /** Best first. */
  relationships: AnchorRelationship[];
}

/** Also the graph the related panel walks (plain ids), so it asks the server only for texts. */
export interface AnchorIndex extends WalkableGraph {
  /** The anchors of `page`, top to bottom; empty when none of its paragraphs has a relationship. */
  anchorsOn(page: number): readonly ParagraphAnchor[];
  /** Where paragraph `id` (with or without a book prefix) sits; undefined when the graph lacks it. */
  placeOf(id: string): ParagraphPlace | undefined;
  /**
   * The paragraph that holds height `y` (a fraction of the page) on `page`: the last one starting at or above
   * it, else the page's first; undefined for a page without paragraphs.
   */
  paragraphAt(page: number, y: number): ParagraphPlace | undefined;
}

export const EMPTY_ANCHOR_INDEX: AnchorIndex = {
  anchorsOn: () => [],
  placeOf: () => undefined,
  paragraphAt: () => undefined,
  edgesAround: () => [],
  orderOf: () => undefined,
};

/** How many pages' anchors are kept made: the page shown and a few around it. */
const PAGES_KEPT = 8;

/** One string object per distinct text: a graph repeats its justifications and sections thousands of times. */
function createInterner(): (text: string) => string {
  const known = new Map<string, string>();
  return (text) => {
    const found = known.get(text);
    if (found !== undefined) return found;
    known.set(text, text);
    return text;
  };
}

/** The graph's paragraphs in reading order (page, then top to bottom), in flat arrays. */
interface Paragraphs {
  count: number;
  ids: string[];
  sections: string[];
  /** Each paragraph's place in the graph's node list, which is in book order. */
  orders: Int32Array;
  pages: Int32Array;
  yStarts: Float64Array;
  yEnds: Float64Array;
  indexOf: Map<string, number>;
}

/** The graph's edges; a half-edge is an edge seen from one end: 2 × edge, or 2 × edge + 1 from its target. */
interface Edges {
  /** Source and target of edge e at 2e and 2e + 1. */
  ends: string[];
  types: RelationshipTypeName[];
  /** As the graph gives them (the tooltip shows NO_JUSTIFICATION for an empty one). */
  justifications: string[];
  scores: Float64Array;
  /** Paragraph i's half-edges, in the graph's order, are halfEdges[starts[i]..starts[i + 1]). */
  starts: Int32Array;
  halfEdges: Int32Array;
}

function readParagraphs(nodes: BookGraphResponse['nodes'], intern: (text: string) => string): Paragraphs {
  // Ties keep the graph's order.
  const ordered = nodes
    .map((node, position) => ({ node, position }))
    .sort((a, b) => a.node.page - b.node.page || a.node.y_start - b.node.y_start || a.position - b.position);
  const count = ordered.length;
  const paragraphs: Paragraphs = {
    count,
    ids: [],
    sections: [],
    orders: Int32Array.from(ordered, ({ position }) => position),
    pages: new Int32Array(count),
    yStarts: new Float64Array(count),
    yEnds: new Float64Array(count),
    indexOf: new Map(),
  };
  ordered.forEach(({ node }, index) => {
    // Each paragraph runs to the next one's start on its page, the last to the bottom of the text.
    const next = ordered[index + 1]?.node;
    const end = next && next.page === node.page ? next.y_start : Math.max(PAGE_TEXT_BOTTOM, node.y_start);
    const yStart = Math.min(1, Math.max(0, node.y_start));
    paragraphs.ids.push(node.id);
    paragraphs.sections.push(intern(node.section));
    paragraphs.pages[index] = node.page;
    paragraphs.yStarts[index] = yStart;
    paragraphs.yEnds[index] = Math.min(1, Math.max(end, yStart + MIN_HEIGHT));
    paragraphs.indexOf.set(node.id, index);
  });
  return paragraphs;
}

function readEdges(
  edges: BookGraphResponse['edges'],
  { count, ids, indexOf }: Paragraphs,
  intern: (text: string) => string,
): Edges {
  const kept = edges.filter((edge) => edge.source !== edge.target);
  // A known paragraph's id is its own string; an unknown one's is shared like any text.
  const idOf = (id: string) => {
    const index = indexOf.get(id);
    return index === undefined ? intern(id) : ids[index]!;
  };
  const owners = kept.flatMap((edge) => [indexOf.get(edge.source) ?? -1, indexOf.get(edge.target) ?? -1]);
  const starts = new Int32Array(count + 1);
  for (const owner of owners) if (owner >= 0) starts[owner + 1]! += 1;
  for (let index = 0; index < count; index++) starts[index + 1]! += starts[index]!;
  const halfEdges = new Int32Array(starts[count]!);
  const filled = starts.slice(0, count);
  owners.forEach((owner, halfEdge) => {
    if (owner >= 0) halfEdges[filled[owner]!++] = halfEdge;
  });
  return {
    ends: kept.flatMap((edge) => [idOf(edge.source), idOf(edge.target)]),
    types: kept.map((edge) => edge.type),
    justifications: kept.map((edge) => intern(edge.justification)),
    scores: Float64Array.from(kept, (edge) => edge.score),
    starts,
    halfEdges,
  };
}

/**
 * Built compactly (a 1,000-page book has 10,000 paragraphs and 25,000 edges): paragraphs and edges sit in
 * flat arrays, strings are shared, nothing of the graph's JSON is kept, and a page's anchors are made when
 * the page asks for them.
 */
export function buildAnchorIndex(graph: BookGraphResponse): AnchorIndex {
  const intern = createInterner();
  const paragraphs = readParagraphs(graph.nodes, intern);
  return new CompactAnchorIndex(paragraphs, readEdges(graph.edges, paragraphs, intern));
}

class CompactAnchorIndex implements AnchorIndex {
  readonly #paragraphs: Paragraphs;
  readonly #edges: Edges;
  // The same page gets the same list (the overlays render again only when it changes).
  readonly #made = new Map<number, ParagraphAnchor[]>();

  constructor(paragraphs: Paragraphs, edges: Edges) {
    this.#paragraphs = paragraphs;
    this.#edges = edges;
  }

  anchorsOn(page: number): readonly ParagraphAnchor[] {
    let anchors = this.#made.get(page);
    if (!anchors) {
      anchors = this.#makeAnchors(page);
      this.#made.set(page, anchors);
      if (this.#made.size > PAGES_KEPT) this.#made.delete(this.#made.keys().next().value!);
    }
    return anchors;
  }

  placeOf(id: string): ParagraphPlace | undefined {
    const index = this.#paragraphs.indexOf.get(stripBookPrefix(id));
    return index === undefined ? undefined : this.#placeAt(index);
  }

  paragraphAt(page: number, y: number): ParagraphPlace | undefined {
    const { pages, yStarts, count } = this.#paragraphs;
    const first = this.#firstOnOrAfter(page);
    if (first >= count || pages[first] !== page) return undefined;
    let found = first;
    for (let index = first + 1; index < count && pages[index] === page && yStarts[index]! <= y; index++) {
      found = index;
    }
    return this.#placeAt(found);
  }

  edgesAround(id: string): SeenEdge[] {
    const index = this.#paragraphs.indexOf.get(id);
    if (index === undefined) return [];
    const { starts, halfEdges } = this.#edges;
    return Array.from(halfEdges.subarray(starts[index], starts[index + 1]), (halfEdge) =>
      this.#seenFrom(halfEdge),
    );
  }

  orderOf(id: string): number | undefined {
    const index = this.#paragraphs.indexOf.get(id);
    return index === undefined ? undefined : this.#paragraphs.orders[index];
  }

  #placeAt(index: number): ParagraphPlace {
    const { ids, pages, yStarts, yEnds } = this.#paragraphs;
    return { id: ids[index]!, page: pages[index]!, yStart: yStarts[index]!, yEnd: yEnds[index]! };
  }

  /** The edge of `halfEdge` seen from its end. */
  #seenFrom(halfEdge: number): SeenEdge {
    const { ends, types, justifications, scores } = this.#edges;
    const edge = halfEdge >> 1;
    const fromTarget = (halfEdge & 1) === 1;
    return {
      far: ends[fromTarget ? 2 * edge : 2 * edge + 1]!,
      // Seen from its target, an edge has the inverse type (Background <-> Elaboration).
      type: fromTarget ? inverseRelationshipType(types[edge]!) : types[edge]!,
      justification: justifications[edge]!,
      score: scores[edge]!,
    };
  }

  #relationshipOf(halfEdge: number): AnchorRelationship {
    const { far, type, justification, score } = this.#seenFrom(halfEdge);
    const target = this.#paragraphs.indexOf.get(far);
    return {
      type,
      targetId: far,
      targetSection: target === undefined ? null : this.#paragraphs.sections[target]!,
      justification: justification.trim() || NO_JUSTIFICATION,
      score,
    };
  }

  /** The first paragraph on `page` or after it (the paragraphs are in page order). */
  #firstOnOrAfter(page: number): number {
    const { pages, count } = this.#paragraphs;
    let low = 0;
    let high = count;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (pages[middle]! < page) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  #makeAnchors(page: number): ParagraphAnchor[] {
    const { pages, count } = this.#paragraphs;
    const { starts, halfEdges } = this.#edges;
    const anchors: { anchor: ParagraphAnchor; firstHalfEdge: number }[] = [];
    for (let index = this.#firstOnOrAfter(page); index < count && pages[index] === page; index++) {
      const own = halfEdges.subarray(starts[index], starts[index + 1]);
      if (own.length === 0) continue;
      const relationships = Array.from(own, (halfEdge) => this.#relationshipOf(halfEdge)).sort(
        (a, b) => b.score - a.score,
      );
      anchors.push({ anchor: { ...this.#placeAt(index), relationships }, firstHalfEdge: own[0]! });
    }
    // Top to bottom; paragraphs at one height in the order the graph first names them.
    anchors.sort((a, b) => a.anchor.yStart - b.anchor.yStart || a.firstHalfEdge - b.firstHalfEdge);
    return anchors.map(({ anchor }) => anchor);
  }
}
