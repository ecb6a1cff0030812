import { stripBookPrefix } from '@threadbook/book';
import {
  inverseRelationshipType,
  type BookGraphResponse,
  type RelationshipTypeName,
} from '@threadbook/contracts';

/**
 * The book's graph arranged for the page overlays (SPEC §2 "PDF page overlays"): per page, the paragraphs
 * that have relationships (the anchors, with what the tooltip lists), and for every paragraph where it
 * sits, so a highlight can cover it. Pure: built once per graph.
 */

/** SPEC §3: an edge without a justification is shown with this one. */
export const NO_JUSTIFICATION = 'No justification provided';

/** Where the last paragraph of a page is taken to end (the bottom margin of a typical page). */
const PAGE_TEXT_BOTTOM = 0.92;
/** A paragraph is never drawn thinner than this (about one line). */
const MIN_HEIGHT = 0.02;

/** A paragraph's place: its page and its vertical extent as fractions of the page height (0 top). */
export interface ParagraphPlace {
  id: string;
  page: number;
  yStart: number;
  yEnd: number;
}

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

export interface AnchorIndex {
  /** The anchors of `page`, top to bottom; empty when none of its paragraphs has a relationship. */
  anchorsOn(page: number): readonly ParagraphAnchor[];
  /** Where paragraph `id` (with or without a book prefix) sits; undefined when the graph lacks it. */
  placeOf(id: string): ParagraphPlace | undefined;
}

export const EMPTY_ANCHOR_INDEX: AnchorIndex = { anchorsOn: () => [], placeOf: () => undefined };

/** The extents of `nodes`: each paragraph runs to the next one's start on its page, the last to the bottom. */
function placesOf(nodes: BookGraphResponse['nodes']): Map<string, ParagraphPlace> {
  const ordered = [...nodes].sort((a, b) => a.page - b.page || a.y_start - b.y_start);
  const places = new Map<string, ParagraphPlace>();
  ordered.forEach((node, index) => {
    const next = ordered[index + 1];
    const end = next && next.page === node.page ? next.y_start : Math.max(PAGE_TEXT_BOTTOM, node.y_start);
    const yStart = Math.min(1, Math.max(0, node.y_start));
    places.set(node.id, {
      id: node.id,
      page: node.page,
      yStart,
      yEnd: Math.min(1, Math.max(end, yStart + MIN_HEIGHT)),
    });
  });
  return places;
}

export function buildAnchorIndex(graph: BookGraphResponse): AnchorIndex {
  const places = placesOf(graph.nodes);
  const sections = new Map(graph.nodes.map((node) => [node.id, node.section]));
  const relationships = new Map<string, AnchorRelationship[]>();
  const add = (from: string, relationship: AnchorRelationship) => {
    const list = relationships.get(from);
    if (list) list.push(relationship);
    else relationships.set(from, [relationship]);
  };
  for (const edge of graph.edges) {
    if (edge.source === edge.target) continue;
    const justification = edge.justification.trim() || NO_JUSTIFICATION;
    const { score } = edge;
    add(edge.source, {
      type: edge.type,
      targetId: edge.target,
      targetSection: sections.get(edge.target) ?? null,
      justification,
      score,
    });
    // Seen from its target, an edge has the inverse type (Background <-> Elaboration).
    add(edge.target, {
      type: inverseRelationshipType(edge.type),
      targetId: edge.source,
      targetSection: sections.get(edge.source) ?? null,
      justification,
      score,
    });
  }

  const byPage = new Map<number, ParagraphAnchor[]>();
  for (const [id, list] of relationships) {
    const place = places.get(id);
    if (!place) continue;
    list.sort((a, b) => b.score - a.score);
    const anchors = byPage.get(place.page) ?? [];
    anchors.push({ ...place, relationships: list });
    byPage.set(place.page, anchors);
  }
  for (const anchors of byPage.values()) anchors.sort((a, b) => a.yStart - b.yStart);

  return {
    anchorsOn: (page) => byPage.get(page) ?? [],
    placeOf: (id) => places.get(stripBookPrefix(id)),
  };
}
