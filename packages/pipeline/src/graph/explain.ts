/**
 * The built-in explainer, used when no LLM endpoint is configured: two or three sentences built only
 * from the evidence at hand (the relation, its justification, the terms both paragraphs share and each
 * one's key sentence). It reports what links the paragraphs and never claims more than that.
 */
import { paragraphLabel } from '@threadbook/book';
import { relationshipTypeOf, type RelationshipTypeName } from '@threadbook/contracts';
import { findCues } from './discourse/cues.ts';
import { sharedTermsOf, wordKeys } from './semantic/shared-terms.ts';

export { sharedTermsOf } from './semantic/shared-terms.ts';

export interface ExplainInput {
  /** Any case ("background", "Elaboration"); an unknown type is explained as RELATED. */
  relationshipType: string;
  source: { id: string; text: string };
  /** With its section's title: a section the book gives no number is named by it. */
  related: { id: string; text: string; sectionTitle?: string };
  justification?: string;
  sharedTerms?: readonly string[];
}

const MAX_TERMS = 4;
const MAX_KEY_SENTENCE = 200;

/** What each relation means for a student reading `source`, with the related paragraph's label. */
const MEANING: Record<RelationshipTypeName, (label: string) => string> = {
  BACKGROUND: (label) => `${label} is background for this paragraph: it introduces ideas this one builds on.`,
  ELABORATION: (label) =>
    `${label} develops this paragraph further, with more detail, a proof, an example or an application.`,
  EXAMPLE: (label) => `${label} and this paragraph are linked as a statement and an example of it.`,
  CONTRAST: (label) => `${label} is set against this paragraph: the book contrasts the two.`,
  RELATED: (label) => `${label} is related to this paragraph: the two cover similar ideas.`,
};

function relationshipType(raw: string): RelationshipTypeName {
  return relationshipTypeOf(raw.trim().toUpperCase()) ?? 'RELATED';
}

function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z(“"])/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

/** A sentence shorter than this ("Proof.", "Example 6.6") is a label, not a statement. */
const MIN_KEY_WORDS = 4;

/**
 * The sentence that carries most of the shared terms (a definition counts as one more); the first on a
 * tie. Labels are passed over unless there is nothing else.
 */
function keySentence(text: string, terms: readonly string[]): string {
  const termKeys = terms.map(wordKeys);
  let best = '';
  let bestScore = -Infinity;
  for (const sentence of splitSentences(text)) {
    const words = wordKeys(sentence);
    const keys = new Set(words);
    const shared = termKeys.filter((parts) => parts.every((part) => keys.has(part))).length;
    const defines = findCues(sentence).some((cue) => cue.signal === 'definition') ? 1 : 0;
    const score = shared + defines - (words.length < MIN_KEY_WORDS ? 100 : 0);
    if (score > bestScore) {
      best = sentence;
      bestScore = score;
    }
  }
  return best.length > MAX_KEY_SENTENCE ? `${best.slice(0, MAX_KEY_SENTENCE - 1).trimEnd()}…` : best;
}

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

function evidenceSentence(justification: string | undefined, terms: readonly string[]): string | undefined {
  const shown = terms.slice(0, MAX_TERMS);
  const mention = shown.length > 0 ? `both paragraphs mention ${listOf(shown)}` : undefined;
  const reason = justification?.trim().replace(/[.;]+$/, '');
  if (reason === undefined || reason === '') {
    return mention === undefined ? undefined : `${mention.charAt(0).toUpperCase()}${mention.slice(1)}.`;
  }
  // A semantic justification already names the shared ideas.
  if (mention === undefined || /same ideas/i.test(reason)) return `The link: ${reason}.`;
  return `The link: ${reason}; ${mention}.`;
}

/** Two or three sentences explaining how `related` relates to `source`, from the evidence alone. */
export function explainRelationship(input: ExplainInput): string {
  const label = paragraphLabel(input.related.id, input.related.sectionTitle);
  const terms =
    input.sharedTerms !== undefined
      ? [...input.sharedTerms]
      : sharedTermsOf(input.source.text, input.related.text);
  const sentences = [MEANING[relationshipType(input.relationshipType)](label)];
  sentences.push(evidenceSentence(input.justification, terms) ?? 'The two share no distinctive terms.');
  const own = keySentence(input.source.text, terms);
  const other = keySentence(input.related.text, terms);
  if (own !== '' && other !== '') {
    const end = /[.!?…]$/.test(other) ? '' : '.';
    sentences.push(`In this paragraph, the key sentence is “${own}”; in ${label}, “${other}”${end}`);
  }
  return sentences.join(' ');
}
