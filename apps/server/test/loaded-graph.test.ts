import { expect, test } from 'vitest';
import {
  edgeBetween,
  paragraphDetail,
  type LoadedEdge,
  type LoadedGraph,
} from '../src/features/graph/loaded-graph.ts';

/** A graph of three paragraphs with `edges` (seen from the first end), as loadGraph makes it. */
function graphWith(edges: (LoadedEdge & { near: string })[]): LoadedGraph {
  const node = (id: string, ord: number) => ({
    id,
    section: '1.1',
    chapter: '1',
    ord,
    page: 1,
    y_start: ord / 10,
    text: `Paragraph ${id}.`,
    explicit_refs: ord === 0 ? '1.1.2,1.1.3' : '',
  });
  const nodes = new Map(['1.1.1', '1.1.2', '1.1.3'].map((id, ord) => [id, node(id, ord)]));
  return {
    version: 'v1',
    nodes,
    edgesAround: (id) => edges.filter((edge) => edge.near === id),
    orderOf: (id) => nodes.get(id)?.ord,
  };
}

const edge = (near: string, far: string, type: LoadedEdge['type'], score: number, evidence = 'semantic') => ({
  near,
  far,
  type,
  score,
  evidence,
  justification: `${type} ${score}`,
});

test('the edge of the type asked from the source, else the best scored one, else none', () => {
  const graph = graphWith([
    edge('1.1.1', '1.1.2', 'RELATED', 0.9, 'semantic'),
    edge('1.1.1', '1.1.2', 'BACKGROUND', 0.5, 'explicit,discourse'),
  ]);
  expect(edgeBetween(graph, '1.1.1', '1.1.2', 'BACKGROUND')).toEqual({
    justification: 'BACKGROUND 0.5',
    evidence: ['explicit', 'discourse'],
  });
  expect(edgeBetween(graph, '1.1.1', '1.1.2', 'CONTRAST')).toEqual({
    justification: 'RELATED 0.9',
    evidence: ['semantic'],
  });
  expect(edgeBetween(graph, '1.1.1', '1.1.3', 'RELATED')).toBeUndefined();
  expect(
    edgeBetween(graphWith([edge('1.1.1', '1.1.2', 'EXAMPLE', 1, '')]), '1.1.1', '1.1.2', 'EXAMPLE'),
  ).toEqual({
    justification: 'EXAMPLE 1',
    evidence: [],
  });
});

test("a paragraph's detail: its place, text and explicit references as a list", () => {
  const graph = graphWith([]);
  expect(paragraphDetail(graph, '1.1.1')).toEqual({
    id: '1.1.1',
    section: '1.1',
    chapter: '1',
    page: 1,
    y_start: 0,
    text: 'Paragraph 1.1.1.',
    explicit_refs: ['1.1.2', '1.1.3'],
  });
  expect(paragraphDetail(graph, '1.1.2')?.explicit_refs).toEqual([]);
  expect(paragraphDetail(graph, '9.9.9')).toBeUndefined();
});
