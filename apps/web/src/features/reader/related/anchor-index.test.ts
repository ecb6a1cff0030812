import { describe, expect, it } from 'vitest';
import type { BookGraphResponse } from '@threadbook/contracts';
import { buildAnchorIndex, EMPTY_ANCHOR_INDEX, NO_JUSTIFICATION } from './anchor-index.ts';

type GraphNode = BookGraphResponse['nodes'][number];
type GraphEdge = BookGraphResponse['edges'][number];

const node = (id: string, page: number, y_start: number): GraphNode => ({
  id,
  section: id.slice(0, id.lastIndexOf('.')),
  chapter: id.slice(0, id.indexOf('.')),
  page,
  y_start,
});

const edge = (
  source: string,
  target: string,
  type: GraphEdge['type'],
  score: number,
  justification: string,
): GraphEdge => ({ source, target, type, score, justification });

/**
 * Chapter 3 of an algebra book: page 41 holds 3.2.1-3.2.3, page 42 holds 3.2.4 and 3.3.1, page 43 holds
 * 3.3.2 near its bottom. The nodes come shuffled: placement does not depend on their order.
 */
const GRAPH: BookGraphResponse = {
  nodes: [
    node('3.3.1', 42, 0.55),
    node('3.2.2', 41, 0.35),
    node('3.3.2', 43, 0.95),
    node('3.2.1', 41, 0.1),
    node('3.2.4', 42, 0.08),
    node('3.2.3', 41, 0.62),
  ],
  edges: [
    edge('3.2.2', '9.9.9', 'RELATED', 0.4, 'Mentions a paragraph the graph does not hold.'),
    edge('3.3.1', '3.2.2', 'ELABORATION', 0.6, '   '),
    edge('3.2.2', '3.3.2', 'EXAMPLE', 0.8, 'A worked example of a quotient group.'),
    edge('3.2.4', '3.2.1', 'BACKGROUND', 0.9, 'Uses the definition of a group homomorphism.'),
    edge('3.2.3', '3.2.3', 'CONTRAST', 0.7, 'A paragraph compared with itself.'),
  ],
};

describe('buildAnchorIndex', () => {
  const index = buildAnchorIndex(GRAPH);

  it('anchors only the paragraphs of a page that have relationships, top to bottom', () => {
    // 3.2.3 only has an edge to itself, which is no relationship.
    expect(index.anchorsOn(41).map((anchor) => anchor.id)).toEqual(['3.2.1', '3.2.2']);
    expect(index.anchorsOn(42).map((anchor) => anchor.id)).toEqual(['3.2.4', '3.3.1']);
    expect(index.anchorsOn(43).map((anchor) => anchor.id)).toEqual(['3.3.2']);
  });

  it('has no anchors on a page without related paragraphs', () => {
    expect(index.anchorsOn(44)).toEqual([]);
  });

  it("lists an anchor's relationships best first, with the related paragraph's section", () => {
    const anchor = index.anchorsOn(41)[1];
    expect(anchor?.relationships.map(({ targetId, score }) => [targetId, score])).toEqual([
      ['3.3.2', 0.8],
      ['3.3.1', 0.6],
      ['9.9.9', 0.4],
    ]);
    expect(anchor?.relationships[0]).toEqual({
      type: 'EXAMPLE',
      targetId: '3.3.2',
      targetSection: '3.3',
      justification: 'A worked example of a quotient group.',
      score: 0.8,
    });
  });

  it('shows an edge from its target with the inverse type: Background and Elaboration swap', () => {
    // 3.2.4 -BACKGROUND-> 3.2.1: 3.2.1 is what 3.2.4 builds on, so 3.2.4 elaborates 3.2.1.
    const [fromTarget] = index.anchorsOn(41)[0]?.relationships ?? [];
    expect(fromTarget).toMatchObject({ type: 'ELABORATION', targetId: '3.2.4', targetSection: '3.2' });
    const [fromSource] = index.anchorsOn(42)[0]?.relationships ?? [];
    expect(fromSource).toMatchObject({ type: 'BACKGROUND', targetId: '3.2.1', targetSection: '3.2' });
    // 3.3.1 -ELABORATION-> 3.2.2, seen from 3.2.2: Background.
    expect(index.anchorsOn(41)[1]?.relationships[1]).toMatchObject({ type: 'BACKGROUND', targetId: '3.3.1' });
  });

  it('keeps the other types the same from both ends', () => {
    expect(index.anchorsOn(43)[0]?.relationships).toEqual([
      {
        type: 'EXAMPLE',
        targetId: '3.2.2',
        targetSection: '3.2',
        justification: 'A worked example of a quotient group.',
        score: 0.8,
      },
    ]);
  });

  it("gives a blank justification the default 'No justification provided' from both ends", () => {
    expect(NO_JUSTIFICATION).toBe('No justification provided');
    expect(index.anchorsOn(41)[1]?.relationships[1]?.justification).toBe('No justification provided');
    expect(index.anchorsOn(42)[1]?.relationships[0]?.justification).toBe('No justification provided');
  });

  it('has a null section for a related paragraph the graph does not know', () => {
    expect(index.anchorsOn(41)[1]?.relationships[2]).toEqual({
      type: 'RELATED',
      targetId: '9.9.9',
      targetSection: null,
      justification: 'Mentions a paragraph the graph does not hold.',
      score: 0.4,
    });
  });

  it('draws no anchor for an unknown paragraph (no place to put it)', () => {
    for (const page of [41, 42, 43]) {
      expect(index.anchorsOn(page).some((anchor) => anchor.id === '9.9.9')).toBe(false);
    }
    expect(index.placeOf('9.9.9')).toBeUndefined();
  });

  it('carries the place of its paragraph on each anchor', () => {
    expect(index.anchorsOn(42)[0]).toMatchObject({ id: '3.2.4', page: 42, yStart: 0.08, yEnd: 0.55 });
  });

  it("runs a paragraph from its start to the next paragraph's start on its page", () => {
    expect(index.placeOf('3.2.1')).toEqual({ id: '3.2.1', page: 41, yStart: 0.1, yEnd: 0.35 });
    expect(index.placeOf('3.2.2')).toEqual({ id: '3.2.2', page: 41, yStart: 0.35, yEnd: 0.62 });
  });

  it("finds the paragraph holding a height of a page (a highlight's paragraph)", () => {
    expect(index.paragraphAt(41, 0.4)?.id).toBe('3.2.2');
    expect(index.paragraphAt(41, 0.35)?.id).toBe('3.2.2');
    // Above the first paragraph: the page's first; below the last: the last.
    expect(index.paragraphAt(41, 0.02)?.id).toBe('3.2.1');
    expect(index.paragraphAt(41, 0.99)?.id).toBe('3.2.3');
    expect(index.paragraphAt(44, 0.5)).toBeUndefined();
  });

  it('runs the last paragraph of a page to the bottom of the text (0.92)', () => {
    expect(index.placeOf('3.2.3')).toEqual({ id: '3.2.3', page: 41, yStart: 0.62, yEnd: 0.92 });
    // 3.3.1 is the last of page 42: it does not run into 3.3.2 on page 43.
    expect(index.placeOf('3.3.1')).toEqual({ id: '3.3.1', page: 42, yStart: 0.55, yEnd: 0.92 });
  });

  it('gives a paragraph starting below the text bottom at least one line (0.02)', () => {
    const place = index.placeOf('3.3.2');
    expect(place?.yStart).toBe(0.95);
    expect(place?.yEnd).toBeCloseTo(0.97, 10);
  });

  it('gives a paragraph followed by one at the same height one line, and never ends below the page', () => {
    const crowded = buildAnchorIndex({
      nodes: [node('5.1.1', 7, 0.4), node('5.1.2', 7, 0.4), node('5.1.3', 8, 0.995)],
      edges: [],
    });
    expect(crowded.placeOf('5.1.1')?.yEnd).toBeCloseTo(0.42, 10);
    expect(crowded.placeOf('5.1.2')?.yEnd).toBe(0.92);
    expect(crowded.placeOf('5.1.3')).toEqual({ id: '5.1.3', page: 8, yStart: 0.995, yEnd: 1 });
  });

  it('finds a place by an id with or without a book prefix', () => {
    expect(index.placeOf('12:3.2.2')).toEqual(index.placeOf('3.2.2'));
    expect(index.placeOf('12:3.2.2')?.page).toBe(41);
  });

  it('answers the same list for a page each time, also after many other pages were asked for', () => {
    const wide = buildAnchorIndex({
      nodes: Array.from({ length: 40 }, (_, page) => node(`5.${page + 1}.1`, page + 1, 0.2)),
      edges: Array.from({ length: 39 }, (_, page) =>
        edge(`5.${page + 1}.1`, `5.${page + 2}.1`, 'RELATED', 0.5, `Page ${page + 1} and the next`),
      ),
    });
    const first = wide.anchorsOn(1);
    expect(wide.anchorsOn(1)).toBe(first);
    expect(first.map((anchor) => anchor.relationships.map((related) => related.targetId))).toEqual([
      ['5.2.1'],
    ]);
    for (let page = 2; page <= 40; page++) {
      expect(wide.anchorsOn(page).map((anchor) => anchor.id)).toEqual([`5.${page}.1`]);
    }
    expect(wide.anchorsOn(1)).toEqual(first);
    expect(wide.anchorsOn(40)[0]?.relationships).toEqual([
      {
        type: 'RELATED',
        targetId: '5.39.1',
        targetSection: '5.39',
        justification: 'Page 39 and the next',
        score: 0.5,
      },
    ]);
  });
});

describe('EMPTY_ANCHOR_INDEX', () => {
  it('has no anchors and no places', () => {
    expect(EMPTY_ANCHOR_INDEX.anchorsOn(1)).toEqual([]);
    expect(EMPTY_ANCHOR_INDEX.placeOf('3.2.1')).toBeUndefined();
  });
});
