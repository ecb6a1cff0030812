import { useEffect, useState } from 'react';
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

type Answer = { paragraphId: string } & (
  { status: 'error'; message: string } | { status: 'loaded'; response: RelatedParagraphsResponse }
);

/** The related paragraphs of the selected paragraph: idle with none selected, loading until its answer. */
export function useRelated(bookId: number, paragraphId: string | null): RelatedState {
  // Answers are kept with the paragraph they are for: a new selection is loading until its own arrives.
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    if (paragraphId === null) return;
    const controller = new AbortController();
    fetchRelated(bookId, paragraphId, controller.signal).then(
      (response) =>
        setAnswer(
          response
            ? { paragraphId, status: 'loaded', response }
            : { paragraphId, status: 'error', message: RelatedMessage.failed },
        ),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`the relationships of paragraph ${paragraphId} could not be fetched`, error);
        setAnswer({ paragraphId, status: 'error', message: RelatedMessage.error });
      },
    );
    return () => controller.abort();
  }, [bookId, paragraphId]);

  if (paragraphId === null) return { status: 'idle' };
  if (answer?.paragraphId !== paragraphId) return { status: 'loading' };
  return answer.status === 'loaded'
    ? { status: 'loaded', response: answer.response }
    : { status: 'error', message: answer.message };
}
