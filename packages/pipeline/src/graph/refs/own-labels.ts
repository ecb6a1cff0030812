/**
 * Links a paragraph's own number carries: an answer's label ("3.4.2.", "A.1.5.") linked back to its
 * exercise, an exercise's number ("5.") linked on to its answer. Their words are the paragraph's own
 * label, not a reference to something else: such a link joins an exercise and its answer. Where its
 * destination was set a little above the exercise (on the last part of the one before), the exercise is
 * the paragraph after that opens with the number.
 */
import type { ExplicitReference, GraphParagraph } from '../types.ts';

/** An item's number as a label: "3.4.2.", "A.1.5", "5.". */
const LABEL = /^(?:[A-Z\d]{1,3}\.){0,3}(\d{1,3})\.?$/;
/** How far after a link's destination the exercise it names may open, in paragraphs. */
const REACH = 8;

/**
 * The references with those made of a paragraph's own label read as exercise-and-answer links, aimed at
 * the exercise that opens with the number; one whose exercise is not found is dropped (its words are the
 * label of the paragraph it leaves from, so they name nothing else).
 */
export function withOwnLabels(
  references: readonly ExplicitReference[],
  paragraphs: readonly GraphParagraph[],
): ExplicitReference[] {
  const byId = new Map(paragraphs.map((p) => [p.id, p]));
  return references.flatMap((reference) => {
    const source = byId.get(reference.sourceId);
    const target = byId.get(reference.targetId);
    const label = LABEL.exec(reference.phrase.trim());
    if (reference.role !== undefined || source === undefined || target === undefined || label === null)
      return [reference];
    // "0.2.2." opening the answer, quoted "0.2.2" or "2.2.": the same label, full stop or not.
    const bare = (words: string) => words.trim().replace(/\.$/, '');
    const first = bare(source.text.trim().split(/\s/)[0] ?? '');
    const phrase = bare(reference.phrase);
    if (!first.endsWith(phrase) && !phrase.endsWith(first)) return [reference];
    const own = label[1]!;
    const opens = (p: GraphParagraph) => new RegExp(`^(?:[A-Z\\d]{1,3}\\.){0,3}${own}[.)]?\\s`).test(p.text);
    // An exercise's number linked to an answer paragraph that holds it ("A.1.5." inside a run of answers).
    if (target.text.includes(`.${own}.`) || opens(target))
      return [{ ...reference, kind: 'exercise', role: 'answer' }];
    const exercise = paragraphs
      .slice(target.order + 1, target.order + 1 + REACH)
      .find((p) => p.sectionId === target.sectionId && opens(p));
    return exercise === undefined
      ? []
      : [{ ...reference, targetId: exercise.id, kind: 'exercise', role: 'answer' }];
  });
}
