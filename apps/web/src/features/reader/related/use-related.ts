import { useQuery } from '@tanstack/react-query';
import { stripBookPrefix } from '@threadbook/book';
import { rankRelated, relatedAnswer, type RelatedParagraphsResponse } from '@threadbook/contracts';
import { EMPTY_ANCHOR_INDEX, type AnchorIndex } from './anchor-index.ts';
import { fetchParagraphTexts, fetchRelated, READER_PAGING } from './api.ts';

/** docs/product.md §2 Related panel and §8: the panel's texts. */
export const RelatedMessage = {
  nothingSelected: 'Click on a paragraph anchor in the PDF to view its relationships.',
  loading: 'Loading relationships...',
  none: 'No relationships found.',
  failed: 'Failed to fetch related paragraphs',
  error: 'An error occurred while fetching relationships',
} as const;

export type RelatedState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; response: RelatedParagraphsResponse };

/**
 * The related call's answer made from the graph the reader already holds for its anchors: ranked here by
 * the server's own rule (`rankRelated`), with only the paragraphs' texts asked for. Null, like a refused
 * call, when the texts cannot be had or the server no longer knows the source.
 */
async function relatedFromGraph(
  bookId: number,
  graph: AnchorIndex,
  sourceId: string,
  signal: AbortSignal,
): Promise<RelatedParagraphsResponse | null> {
  const ranking = rankRelated(graph, sourceId, READER_PAGING);
  const ids = [sourceId, ...ranking.onPage.map((item) => item.id)];
  const answer = await fetchParagraphTexts(bookId, ids, signal);
  const texts = new Map(answer?.paragraphs.map((paragraph) => [paragraph.id, paragraph]));
  const source = texts.get(sourceId);
  return source ? relatedAnswer(source, ranking, READER_PAGING, (id) => texts.get(id)) : null;
}

/**
 * The related paragraphs of the selected paragraph: idle with none selected, loading until its own answer
 * (a new selection is loading until its answer arrives; the call of one left before is aborted). When the
 * book's graph (`graph`, the anchor index) holds the paragraph, they are ranked from it; else the related
 * call answers. A refusal by the API is 'Failed to fetch...'; a call that could not be made is logged and
 * 'An error occurred...'.
 */
export function useRelated(
  bookId: number,
  paragraphId: string | null,
  graph: AnchorIndex = EMPTY_ANCHOR_INDEX,
): RelatedState {
  const sourceId = paragraphId === null ? null : stripBookPrefix(paragraphId);
  const fromGraph = sourceId !== null && graph.orderOf(sourceId) !== undefined;
  const query = useQuery({
    // Either way the answer is the same, so one key serves both.
    queryKey: ['books', bookId, 'related', sourceId],
    queryFn: async ({ signal }) => {
      try {
        return fromGraph
          ? await relatedFromGraph(bookId, graph, sourceId, signal)
          : await fetchRelated(bookId, sourceId!, signal);
      } catch (error) {
        if (!signal.aborted)
          console.error(`the relationships of paragraph ${paragraphId} could not be fetched`, error);
        throw error;
      }
    },
    enabled: sourceId !== null,
  });
  if (sourceId === null) return { status: 'idle' };
  if (query.status === 'pending') return { status: 'loading' };
  if (query.status === 'error') return { status: 'error', message: RelatedMessage.error };
  return query.data
    ? { status: 'loaded', response: query.data }
    : { status: 'error', message: RelatedMessage.failed };
}
