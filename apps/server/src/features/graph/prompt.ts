import { paragraphLabel } from '@threadbook/book';
import type { RelationshipTypeName } from '@threadbook/contracts';

/** What a summary is written from: two paragraphs, the type seen from the source, the stored edge if any. */
export interface RelationshipToExplain {
  type: RelationshipTypeName;
  source: { id: string; text: string };
  related: { id: string; text: string };
  edge?: { justification: string; evidence: string[] } | undefined;
}

/** What each type says about the related paragraph, seen from the source (docs/design.md "Relationship graph"). */
const TYPE_MEANING: Record<RelationshipTypeName, string> = {
  BACKGROUND:
    'the related paragraph is background for the source: earlier material the source builds on, refers back to, or that defines what the source uses',
  ELABORATION:
    'the related paragraph develops the source: it gives detail, a proof, an example, an application, or continues the idea later in the book',
  EXAMPLE: 'one of the two paragraphs is an example of what the other explains',
  CONTRAST: 'the two paragraphs set ideas against each other: a difference, an exception or a comparison',
  RELATED: 'the two paragraphs are about closely related ideas',
};

/** The evidence kinds in words a model (and a student) understands. */
const EVIDENCE_MEANING: Record<string, string> = {
  explicit: 'an explicit reference in the text',
  semantic: 'similar meaning and vocabulary',
  discourse: 'cue words such as "recall" or "for example" and the order of the book',
};

const SYSTEM = [
  'You help a student who is reading a textbook understand how two of its paragraphs are connected.',
  'Answer in 2 to 3 plain sentences addressed to the student: say what the related paragraph offers',
  'and why it matters for understanding the source paragraph. Do not use lists, headings or preambles,',
  'and do not invent content that is not in the paragraphs.',
].join(' ');

/** The chat messages asking for a summary of one relationship (its texts already cut by createExplainer). */
export function summaryMessages(
  input: RelationshipToExplain,
): { role: 'system' | 'user'; content: string }[] {
  const lines = [
    `Relationship type: ${input.type} (${TYPE_MEANING[input.type]}).`,
    '',
    `Source paragraph (${paragraphLabel(input.source.id)}):`,
    input.source.text,
    '',
    `Related paragraph (${paragraphLabel(input.related.id)}):`,
    input.related.text,
  ];
  if (input.edge) {
    lines.push(
      '',
      `Why they were linked: ${input.edge.justification}`,
      `Evidence: ${input.edge.evidence.map((kind) => EVIDENCE_MEANING[kind] ?? kind).join('; ') || 'none recorded'}.`,
    );
  }
  lines.push('', 'Explain this relationship to the student in 2 to 3 sentences.');
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: lines.join('\n') },
  ];
}
