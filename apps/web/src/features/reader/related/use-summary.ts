import { useEffect, useRef, useState } from 'react';
import type { GraphSummaryRequest } from '@threadbook/contracts';
import { fetchSummary } from './api.ts';

/** SPEC §2, §8: the explain button's labels and the warning texts. */
export const SummaryText = {
  explain: 'Explain Relationship',
  generating: 'Generating...',
  hide: 'Hide Summary',
  show: 'Show Summary',
  heading: 'AI Summary',
  failed: 'Failed to generate summary',
  error: 'An error occurred while generating the summary',
} as const;

/** SPEC §4: not generated, generating, shown, hidden; a failure goes back to not generated with a warning. */
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
 * One related item's explanation. The first press generates it; once generated it is kept and the button
 * only shows or hides it (no new call). It lives as long as the item: a new selection starts afresh.
 */
export function useSummary(bookId: number, request: GraphSummaryRequest): [SummaryState, () => void] {
  const [state, setState] = useState<SummaryState>({ status: 'none', warning: null });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const press = () => {
    if (state.status === 'shown') return setState({ status: 'hidden', text: state.text });
    if (state.status === 'hidden') return setState({ status: 'shown', text: state.text });
    if (state.status === 'generating') return;
    setState({ status: 'generating' });
    const current = new AbortController();
    controller.current = current;
    fetchSummary(bookId, request, current.signal).then(
      (text) =>
        setState(text === null ? { status: 'none', warning: SummaryText.failed } : { status: 'shown', text }),
      (error: unknown) => {
        if (current.signal.aborted) return;
        console.error('the relationship summary could not be generated', error);
        setState({ status: 'none', warning: SummaryText.error });
      },
    );
  };
  return [state, press];
}
