import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { GraphSummaryRequest } from '@threadbook/contracts';
import { fetchSummary } from './api.ts';

/** docs/product.md §2, §8: the explain button's labels and the warning texts. */
export const SummaryText = {
  explain: 'Explain Relationship',
  generating: 'Generating...',
  hide: 'Hide Summary',
  show: 'Show Summary',
  heading: 'AI Summary',
  failed: 'Failed to generate summary',
  error: 'An error occurred while generating the summary',
} as const;

/** docs/product.md §4: not generated, generating, shown, hidden; a failure goes back to not generated with a warning. */
export type SummaryState =
  | { status: 'none'; warning: string | null }
  | { status: 'generating' }
  | { status: 'shown'; text: string }
  | { status: 'hidden'; text: string };

export function summaryButtonLabel(state: SummaryState): string {
  switch (state.status) {
    case 'none':
      return SummaryText.explain;
    case 'generating':
      return SummaryText.generating;
    case 'shown':
      return SummaryText.hide;
    case 'hidden':
      return SummaryText.show;
  }
}

/**
 * One related item's explanation (a mutation: each press that generates is a POST). The first press
 * generates it; once generated it is kept and the button only shows or hides it (no new call). It lives as
 * long as the item: a new selection starts afresh, and a summary still generating is aborted.
 */
export function useSummary(bookId: number, request: GraphSummaryRequest): [SummaryState, () => void] {
  const [hidden, setHidden] = useState(false);
  // Set at the press itself: the mutation's own state reaches the component a moment later.
  const [generating, setGenerating] = useState(false);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  const mutation = useMutation({
    mutationFn: async (signal: AbortSignal) => {
      try {
        return await fetchSummary(bookId, request, signal);
      } catch (error) {
        if (!signal.aborted) console.error('the relationship summary could not be generated', error);
        throw error;
      }
    },
  });

  let state: SummaryState;
  if (generating || mutation.status === 'pending') state = { status: 'generating' };
  else if (mutation.status === 'error') state = { status: 'none', warning: SummaryText.error };
  else if (mutation.status === 'success' && mutation.data === null)
    state = { status: 'none', warning: SummaryText.failed };
  else if (mutation.status === 'success' && mutation.data !== null)
    state = { status: hidden ? 'hidden' : 'shown', text: mutation.data };
  else state = { status: 'none', warning: null };

  const press = () => {
    if (state.status === 'shown' || state.status === 'hidden') return setHidden(state.status === 'shown');
    if (state.status === 'generating') return;
    setHidden(false);
    setGenerating(true);
    const current = new AbortController();
    controller.current = current;
    // Told with the mutation's own state, in one render: no moment between the two shows the button idle.
    mutation.mutate(current.signal, { onSettled: () => setGenerating(false) });
  };
  return [state, press];
}
