import { useEffect, useState } from 'react';
import { fetchBookGraph } from './api.ts';
import { buildAnchorIndex, EMPTY_ANCHOR_INDEX, type AnchorIndex } from './anchor-index.ts';

/**
 * The page anchors of book `bookId`, from its graph (SPEC §2), fetched once `wanted` (after the first page
 * is drawn: a 1,000-page book's graph is megabytes of JSON to read, which would hold that page up). Until
 * the graph arrives, and when it cannot be had, there are no anchors; SPEC §8: a graph fetch failure is
 * only logged.
 */
export function useAnchorIndex(bookId: number, wanted = true): AnchorIndex {
  const [index, setIndex] = useState<AnchorIndex>(EMPTY_ANCHOR_INDEX);
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    fetchBookGraph(bookId, controller.signal).then(
      (graph) => {
        if (graph) setIndex(buildAnchorIndex(graph));
        else console.error(`the relationship graph of book ${bookId} could not be fetched`);
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          console.error(`the relationship graph of book ${bookId} could not be fetched`, error);
      },
    );
    return () => controller.abort();
  }, [bookId, wanted]);
  return index;
}
