import { wordKeys } from '../semantic/shared-terms.ts';
import type { GraphParagraph } from '../types.ts';
import { countRuns } from './definitions.ts';
import { inPreview } from './series.ts';

/**
 * Where the book introduces an idea: the first prose paragraph to use it. Of the ideas two paragraphs
 * share, the earlier one introduces those it is the first to use ("pure function" in 11.15, used again
 * in 21.2; "Euler path" in the opening of 4.4): a phrase, or a word the book defines. An idea the book
 * defines only after its first use is introduced by that definition: the earlier use is a preview (a
 * summary of results before the first chapter names "Jordan cell", defined in 4.6). A section that
 * previews or recaps (`inPreview`) introduces nothing: the first use elsewhere does. A paragraph's order is
 * its position in `prose`.
 */
export function ideaIntroductions(
  prose: readonly GraphParagraph[],
  isTerm: (idea: string) => boolean,
  /** Where the book first defines an idea in its text (a glossary's recap aside), if it does. */
  definedAt: (idea: string) => number | undefined,
) {
  const keys = prose.map((p) => (inPreview(p) ? [] : wordKeys(p.text)));
  const firstUse = new Map<string, number>();
  const firstOf = (idea: string) => {
    if (!firstUse.has(idea))
      firstUse.set(
        idea,
        keys.findIndex((words) => countRuns(words, wordKeys(idea)) > 0),
      );
    return firstUse.get(idea)!;
  };
  return {
    of: (ideas: readonly string[], earlier: GraphParagraph): string[] =>
      ideas.filter((idea) => {
        const defined = definedAt(idea);
        return (
          (idea.includes(' ') || isTerm(idea)) &&
          firstOf(idea) === earlier.order &&
          (defined === undefined || defined <= earlier.order)
        );
      }),
  };
}
