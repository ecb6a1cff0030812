import { useQuery } from '@tanstack/react-query';
import { fetchBookGraph } from './api.ts';
import { buildAnchorIndex, EMPTY_ANCHOR_INDEX, type AnchorIndex } from './anchor-index.ts';

export const bookGraphQueryKey = (bookId: number) => ['books', bookId, 'graph'] as const;

/**
 * The page anchors of book `bookId`, from its graph (docs/product.md §2), fetched once `wanted` (after the first page
 * is drawn: a 1,000-page book's graph is megabytes of JSON to read, which would hold that page up), and
 * kept while the app runs (a book's graph changes only with a new import). Until the graph arrives, and
 * when it cannot be had, there are no anchors; docs/product.md §8: a graph fetch failure is only logged.
 */
export function useAnchorIndex(bookId: number, wanted = true): AnchorIndex {
  const query = useQuery({
    queryKey: bookGraphQueryKey(bookId),
    queryFn: async ({ signal }) => {
      const failed = `the relationship graph of book ${bookId} could not be fetched`;
      const graph = await fetchBookGraph(bookId, signal).catch((error: unknown) => {
        if (!signal.aborted) console.error(failed, error);
        throw error;
      });
      if (!graph) {
        console.error(failed);
        throw new Error(failed);
      }
      return buildAnchorIndex(graph);
    },
    enabled: wanted,
    staleTime: Infinity,
  });
  return query.data ?? EMPTY_ANCHOR_INDEX;
}
