import type { Annotation } from '@threadbook/contracts';
import { foldText, queryTerms, termsPattern } from './fold.ts';

/**
 * The student's own highlights that a search finds (issue 34: find in the book also searches one's notes):
 * those whose note or highlighted words hold every term of the query, as whole words folded as the book's
 * search folds them. In book order, as given.
 */
export function notesMatching(annotations: readonly Annotation[], query: string): Annotation[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const patterns = terms.map((term) => termsPattern([term])!);
  return annotations.filter((annotation) => {
    const text = foldText(`${annotation.target.quote.exact}\n${annotation.note ?? ''}`);
    return patterns.every((pattern) => {
      pattern.lastIndex = 0;
      return pattern.test(text);
    });
  });
}
