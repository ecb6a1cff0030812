import type { GraphParagraph, ReferenceKind } from '../types.ts';

/**
 * A reference found in a paragraph's text together with what it points at: the finders that know their
 * targets as they read (titles.ts, examples.ts), unlike the numbered grammar, which the target index
 * resolves afterwards.
 */
export interface ResolvedMention {
  kind: ReferenceKind;
  target: GraphParagraph;
  start: number;
  end: number;
  /** The words that refer, with their lead ("the section called “X”", "in (31)"). */
  phrase: string;
}
