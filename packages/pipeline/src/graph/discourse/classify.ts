/**
 * One edge from all the evidence about an ordered pair of paragraphs (DESIGN.md "Relationship graph"):
 * its type from the evidence and the book order, a justification a student understands, a score and
 * the evidence kinds. Direction: the edge is read from the source; BACKGROUND means the target is what
 * the source builds on, ELABORATION that the target develops the source.
 */
import type {
  EvidenceKind,
  ExplicitReference,
  GraphEdge,
  GraphParagraph,
  RelationshipType,
  SemanticPair,
} from '../types.ts';
import { findCues, type Cue, type CueSignal } from './cues.ts';

export interface EdgeEvidence {
  source: GraphParagraph;
  target: GraphParagraph;
  /** Explicit references between the two, in either direction; others are ignored. */
  explicit: readonly ExplicitReference[];
  semantic?: SemanticPair;
  /** Terms the target defines and the source uses (definitions.ts `termsUsedFrom`). */
  definedTermsUsed: readonly string[];
}

/** Scores of single pieces of evidence; several pieces combine as independent chances (noisy-or). */
const EXPLICIT_SCORE = { text: 0.9, link: 0.9, both: 0.95 } as const;
const DEFINITION_SCORE = 0.7;
const DEFINITION_SCORE_PER_EXTRA_TERM = 0.05;
const DEFINITION_SCORE_MAX = 0.85;
/** A semantic pair alone never outranks an explicit reference or a definition. */
const SEMANTIC_WEIGHT = 0.8;
/** A cue that fixes the type is a little evidence of its own. */
const CUE_SCORE = 0.1;

/** How many terms a justification names, and how long a quoted phrase may be. */
const MAX_TERMS = 3;
const MAX_QUOTE = 60;

/** Contrast cues that set whole paragraphs against each other wherever they stand. */
const STRONG_CONTRAST = /^(?:in contrast|unlike|on the other hand)$/i;
/** Common contrast words ("but", "however") count only when they open the paragraph. */
const OPENING_CHARS = 3;

/** What a paragraph is, from how it opens: "Example 6.1", "Proof.", "Consider ...", or an application. */
type Role = 'example' | 'proof' | 'application';

interface Reading {
  type: RelationshipType;
  /** The cue that decided the type, with whose paragraph it is; absent when the order alone did. */
  cue?: { cue: Cue; in: 'source' | 'target'; role?: Role };
}

function roleOf(cues: readonly Cue[]): { role: Role; cue: Cue } | undefined {
  for (const cue of cues) {
    if ((cue.signal === 'example' || cue.signal === 'proof') && cue.index === 0)
      return { role: cue.signal, cue };
    if (cue.signal === 'application') return { role: 'application', cue };
  }
  return undefined;
}

function firstCue(cues: readonly Cue[], signal: CueSignal): Cue | undefined {
  return cues.find((cue) => cue.signal === signal);
}

function contrastCue(cues: readonly Cue[]): Cue | undefined {
  return cues.find(
    (cue) => cue.signal === 'contrast' && (STRONG_CONTRAST.test(cue.phrase) || cue.index < OPENING_CHARS),
  );
}

/** The sentence of `text` around `phrase`, to look for cues next to an explicit reference. */
function sentenceAround(text: string, phrase: string): string {
  const at = text.indexOf(phrase);
  if (at === -1) return '';
  const start = Math.max(text.lastIndexOf('. ', at) + 1, 0);
  const end = text.indexOf('. ', at + phrase.length);
  return text.slice(start, end === -1 ? text.length : end + 1).trim();
}

/**
 * The type when the two are linked by an explicit reference: the earlier paragraph is background for the
 * later one, whichever of them refers ("by Theorem 4.1" back, "in Chapter 5 we prove" ahead), unless the
 * reference sets them apart ("unlike Example 3.2").
 */
function readExplicit(
  evidence: EdgeEvidence,
  references: readonly ExplicitReference[],
  targetFirst: boolean,
): Reading {
  for (const reference of references) {
    const referring = reference.sourceId === evidence.source.id ? evidence.source : evidence.target;
    const sentence = sentenceAround(referring.text, reference.phrase);
    const cue = findCues(sentence).find((c) => c.signal === 'contrast' && STRONG_CONTRAST.test(c.phrase));
    if (cue !== undefined)
      return { type: 'CONTRAST', cue: { cue, in: referring === evidence.source ? 'source' : 'target' } };
  }
  if (targetFirst) return { type: 'BACKGROUND' };
  const role = roleOf(findCues(evidence.target.text));
  if (role?.role === 'example')
    return { type: 'EXAMPLE', cue: { cue: role.cue, in: 'target', role: role.role } };
  return { type: 'ELABORATION' };
}

/** The type of a pair linked only by similarity: cues decide, else they are just related. */
function readSemantic(evidence: EdgeEvidence, targetFirst: boolean): Reading {
  const sourceCues = findCues(evidence.source.text);
  const targetCues = findCues(evidence.target.text);
  const later = targetFirst
    ? { cues: sourceCues, in: 'source' as const }
    : { cues: targetCues, in: 'target' as const };
  const sameSection = evidence.source.sectionId === evidence.target.sectionId;
  const contrast = contrastCue(later.cues);
  if (contrast !== undefined && sameSection)
    return { type: 'CONTRAST', cue: { cue: contrast, in: later.in } };
  if (targetFirst) {
    const role = roleOf(sourceCues);
    if (role !== undefined)
      return { type: 'BACKGROUND', cue: { cue: role.cue, in: 'source', role: role.role } };
    const back = firstCue(sourceCues, 'back');
    if (back !== undefined) return { type: 'BACKGROUND', cue: { cue: back, in: 'source' } };
    return { type: 'RELATED' };
  }
  const role = roleOf(targetCues);
  if (role !== undefined) {
    const type = role.role === 'example' ? 'EXAMPLE' : 'ELABORATION';
    return { type, cue: { cue: role.cue, in: 'target', role: role.role } };
  }
  const forward = firstCue(sourceCues, 'forward');
  if (forward !== undefined) return { type: 'ELABORATION', cue: { cue: forward, in: 'source' } };
  return { type: 'RELATED' };
}

function quote(phrase: string): string {
  const words = phrase.replace(/\s+/g, ' ').trim();
  return `"${words.length > MAX_QUOTE ? `${words.slice(0, MAX_QUOTE - 1).trimEnd()}…` : words}"`;
}

/** "a", "a" and "b", "a", "b" and "c" */
function listOf(items: readonly string[], wrap: (item: string) => string): string {
  const shown = items.slice(0, MAX_TERMS).map(wrap);
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1) ?? ''}`;
}

/** The quoted words that refer; a PDF link found where the text finder saw no phrase has none to quote. */
function referringWords(reference: ExplicitReference): string {
  return reference.phrase.trim() === '' ? 'a link in the book' : quote(reference.phrase);
}

function explicitClause(evidence: EdgeEvidence, references: readonly ExplicitReference[]): string {
  const outgoing = references.find((reference) => reference.sourceId === evidence.source.id);
  if (outgoing !== undefined) return `Referred to explicitly: ${referringWords(outgoing)}`;
  const incoming = references[0];
  return incoming === undefined ? '' : `Refers to this paragraph explicitly: ${referringWords(incoming)}`;
}

function definitionClause(terms: readonly string[]): string {
  return `Defines ${listOf(terms, (term) => `"${term}"`)}, which this paragraph uses`;
}

function semanticClause(pair: SemanticPair): string {
  return pair.sharedTerms.length === 0
    ? 'Covers similar ideas'
    : `Covers the same ideas: ${listOf(pair.sharedTerms, (t) => t)}`;
}

function cueClause(reading: Reading): string | undefined {
  if (reading.cue === undefined) return undefined;
  const { cue, role } = reading.cue;
  const who = reading.cue.in === 'source' ? 'this paragraph' : 'it';
  const said = quote(cue.phrase);
  if (reading.type === 'CONTRAST') return `${who} sets the two apart (${said})`;
  if (role === 'example') return `${who} is an example (${said})`;
  if (role === 'proof') return `${who} is a proof (${said})`;
  if (role === 'application') return `${who} is an application (${said})`;
  if (cue.signal === 'back') return `this paragraph looks back (${said})`;
  return `this paragraph looks ahead (${said})`;
}

/** The clauses joined into one sentence: 'A; also b; c'. Later evidence clauses say "also". */
function joinClauses(evidenceClauses: readonly string[], cue: string | undefined): string {
  const [first = '', ...rest] = evidenceClauses;
  const parts = [first, ...rest.map((clause) => `also ${clause.charAt(0).toLowerCase()}${clause.slice(1)}`)];
  if (cue !== undefined) parts.push(cue);
  const sentence = parts.join('; ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** Independent chances: 1 - Π(1 - s). */
function combine(scores: readonly number[]): number {
  const miss = scores.reduce((product, score) => product * (1 - Math.min(Math.max(score, 0), 1)), 1);
  return Math.round((1 - miss) * 1000) / 1000;
}

/** The edge source -> target, or undefined when nothing links them. */
export function classifyEdge(evidence: EdgeEvidence): GraphEdge | undefined {
  const { source, target, semantic } = evidence;
  if (source.id === target.id) return undefined;
  const references = evidence.explicit.filter(
    (r) =>
      (r.sourceId === source.id && r.targetId === target.id) ||
      (r.sourceId === target.id && r.targetId === source.id),
  );
  const pair = semantic !== undefined && semantic.similarity > 0 ? semantic : undefined;
  const terms = evidence.definedTermsUsed;
  if (references.length === 0 && terms.length === 0 && pair === undefined) return undefined;

  const targetFirst = target.order < source.order;
  let reading: Reading;
  if (references.length > 0) reading = readExplicit(evidence, references, targetFirst);
  else if (terms.length > 0 && targetFirst) reading = { type: 'BACKGROUND' };
  else reading = readSemantic(evidence, targetFirst);

  const scores: number[] = [];
  const kinds = new Set<EvidenceKind>();
  const clauses: string[] = [];
  if (references.length > 0) {
    scores.push(Math.max(...references.map((r) => EXPLICIT_SCORE[r.via])));
    kinds.add('explicit');
    clauses.push(explicitClause(evidence, references));
  }
  if (terms.length > 0) {
    scores.push(
      Math.min(DEFINITION_SCORE + DEFINITION_SCORE_PER_EXTRA_TERM * (terms.length - 1), DEFINITION_SCORE_MAX),
    );
    kinds.add('discourse');
    clauses.push(definitionClause(terms));
  }
  if (pair !== undefined) {
    scores.push(SEMANTIC_WEIGHT * Math.min(pair.similarity, 1));
    kinds.add('semantic');
    clauses.push(semanticClause(pair));
  }
  if (reading.cue !== undefined) {
    scores.push(CUE_SCORE);
    kinds.add('discourse');
  }
  return {
    source: source.id,
    target: target.id,
    type: reading.type,
    justification: joinClauses(clauses, cueClause(reading)),
    score: combine(scores),
    evidence: (['explicit', 'semantic', 'discourse'] as const).filter((kind) => kinds.has(kind)),
  };
}
