import { useQuery } from '@tanstack/react-query';
import type { RelatedParagraphsResponse } from '@threadbook/contracts';
import { fetchRelated } from './api.ts';

/** SPEC §2 Related panel and §8: the panel's texts. */
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
 * The related paragraphs of the selected paragraph: idle with none selected, loading until its own answer
 * (a new selection is loading until its answer arrives; the call of one left before is aborted). A refusal
 * by the API is 'Failed to fetch...'; a call that could not be made is logged and 'An error occurred...'.
 */
export function useRelated(bookId: number, paragraphId: string | null): RelatedState {
  const query = useQuery({
    queryKey: ['books', bookId, 'related', paragraphId],
    queryFn: async ({ signal }) => {
      try {
        return await fetchRelated(bookId, paragraphId!, signal);
      } catch (error) {
        if (!signal.aborted)
          console.error(`the relationships of paragraph ${paragraphId} could not be fetched`, error);
        throw error;
      }
    },
    enabled: paragraphId !== null,
  });
  if (paragraphId === null) return { status: 'idle' };
  if (query.status === 'pending') return { status: 'loading' };
  if (query.status === 'error') return { status: 'error', message: RelatedMessage.error };
  return query.data
    ? { status: 'loaded', response: query.data }
    : { status: 'error', message: RelatedMessage.failed };
}
