/**
 * One edge from all the evidence about an ordered pair of paragraphs (docs/design.md "Relationship graph"):
 * its type from the evidence (what the words of a reference say, what is defined or introduced where,
 * how a paragraph opens), the book order only when nothing else tells; a justification a student can
 * check from either paragraph (it quotes the book and names paragraphs, never "this paragraph"); a score
 * and the evidence kinds. BACKGROUND means the target is what the source builds on, ELABORATION that the
 * target develops the source.
 */
import { isPrintedNumber, paragraphLabel, sectionName } from '@threadbook/book';
import { inverseRelationshipType, type RelationshipTypeName } from '@threadbook/contracts';
import type { EvidenceKind, ExplicitReference, GraphEdge, GraphParagraph, SemanticPair } from '../types.ts';
import { termKey, wordKeys } from '../semantic/shared-terms.ts';
import { contentWords } from '../semantic/tokenise.ts';
import { findReferenceMentions } from '../refs/grammar.ts';
import { literal } from '../regexp.ts';
import { sentenceAround, sentences } from '../sentences.ts';
import { isIllustration } from '../paragraphs.ts';
import { findCues, type Cue } from './cues.ts';
import { countRuns, definitionsIn } from './definitions.ts';
import { BULLET, ENTRY, inExercises, inGlossary, PART } from './series.ts';

export interface EdgeEvidence {
  source: GraphParagraph;
  target: GraphParagraph;
  /** Explicit references between the two, in either direction; others are ignored. */
  explicit: readonly ExplicitReference[];
  semantic?: SemanticPair;
  /** Terms the target defines and the source uses, as the target writes them. */
  definedTermsUsed: readonly string[];
  /** Shared ideas the target's section is titled with, and the source's not (semantic pairs only). */
  titledIdeas?: readonly string[];
  /** Shared ideas the earlier target introduces: it is the book's first paragraph to use them (semantic pairs only). */
  introducedIdeas?: readonly string[];
  /** The order of the first paragraph of the book to refer to a paragraph (a figure's caption), if any does. */
  firstReferredFrom?: (paragraphId: string) => number | undefined;
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
/** How long the sentence a reason quotes for the ideas two paragraphs share may be. */
const MAX_SAYING = 140;

/** Contrast cues that set whole paragraphs against each other wherever they stand. */
const STRONG_CONTRAST = /^(?:in contrast|unlike|on the other hand)$/i;
/** How far before the reference's words a contrast may stand and still set the sentence against them. */
const CONTRAST_BEFORE = 40;

/**
 * Whether a contrast sets the sentence against what the reference names: it stands just before the
 * reference's words ("Unlike Theorem 3", "In contrast to Section 2.1, we"), and no other reference
 * comes between ("unlike the generic ones in (11), verbs ... are possible (12)" sets nothing against
 * (12)); "on the other hand" after "on the one hand" weighs two sides of one sentence.
 */
function setsAgainst(sentence: string, cue: Cue, phrase: string): boolean {
  const at = sentence.indexOf(phrase);
  if (at === -1 || cue.index > at || at - cue.index > CONTRAST_BEFORE) return false;
  if (/\bon the one hand\b/i.test(sentence)) return false;
  return findReferenceMentions(sentence.slice(cue.index, at)).length === 0;
}

/** Common contrast words ("but", "however") count only when they open the paragraph. */
const OPENING_CHARS = 3;

/** What a paragraph is, from how it opens: "Example 6.1", "Proof.", "Consider ...", or an application. */
type Role = 'example' | 'proof' | 'application' | 'statement' | 'help' | 'exercise';

interface Reading {
  type: RelationshipTypeName;
  /** The cue that decided the type, with the id of the paragraph it is in; absent when no cue did. */
  cue?: { cue: Cue; in: string; role?: Role };
  /** The later of two similar paragraphs of one section goes on from the earlier: its ids, in that order. */
  continues?: [later: string, earlier: string];
}

function roleOf(cues: readonly Cue[], paragraph: GraphParagraph): { role: Role; cue: Cue } | undefined {
  const exercises = inExercises(paragraph);
  for (const cue of cues) {
    if (cue.signal === 'example' && cue.index === 0 && exercises && !isLabelledExample(cue)) continue;
    if ((cue.signal === 'example' || cue.signal === 'proof') && cue.index === 0)
      return { role: cue.signal, cue };
    // "As an application of ..." anywhere; "Applying ..." only opening the paragraph, not "applying the
    // operator to a tensor" inside it.
    if (cue.signal === 'application' && (cue.index === 0 || !/^applying$/i.test(cue.phrase)))
      return { role: 'application', cue };
  }
  return undefined;
}

/** How far from a reference the words that say what it is for may stand ("for a proof, see ..."). */
const AROUND = 40;

/** The words of `sentence` just before and after `phrase`: what a reference is for is said next to it. */
function wordsAround(sentence: string, phrase: string): string {
  const at = sentence.indexOf(phrase);
  if (at === -1) return '';
  return sentence.slice(Math.max(0, at - AROUND), at + phrase.length + AROUND);
}

/** The words of `sentence` before `phrase`. */
function wordsBefore(sentence: string, phrase: string): string {
  const at = sentence.indexOf(phrase);
  return at === -1 ? '' : sentence.slice(0, at);
}

/** Numbered statements a paragraph applies when it names them "by", "from", "using" them. */
const STATED_KINDS = new Set<ExplicitReference['kind']>([
  'theorem',
  'lemma',
  'proposition',
  'corollary',
  'definition',
  'equation',
  'algorithm',
  'statement',
]);
const APPLYING =
  /^(?:by|from|using|applying|recall(?:ing)?|according to|in view of|via|since|as in|cf\.?)\b/i;
/** Words around a reference that send the reader on for more: "see Section 5 for a proof". */
const DEVELOPED_THERE =
  /\b(?:for (?:a |the )?(?:proofs?|details)|for (?:more|further|other|an?) (?:details|discussion|examples?|applications?)|for more\b|(?:will be|is|are) (?:proved|proven|shown|discussed|treated|explained|developed|generalized) (?:in|later))\b/i;
/**
 * "We will see ..." next to a reference ahead sends the reader on; next to one back it says what the
 * referring paragraph does itself ("We will show how to do Example 7.2 using R").
 */
const DEVELOPED_AHEAD = /\bwe (?:will|shall) (?:see|prove|show|return|discuss|study|generalize)\b/i;

/**
 * Words before a reference to an example or exercise, in its sentence, that call it an example of what the
 * referring text says: "An example of this property will be shown in Exercise 3", "For example, Exercise
 * 1a in Sec. C.4 gives such a formula"; not "For example, if we replace the names in Example 1.2", which
 * gives an example of its own.
 */
const EXAMPLE_THERE =
  /(?:\ban? examples? of (?:this|these|that|such)\b[^.]*|\bfor (?:an? )?examples?,?\s*)$/i;
const EXAMPLE_KINDS = new Set<ExplicitReference['kind']>(['example', 'exercise']);

/** A reference that says "see also". */
const SEE_ALSO = /^\(?see also\b/i;
/** Words that liken the text to what they name, not build on it: "The proof is similar to that of Lemma 3". */
const LIKENED = /\b(?:similar|analogous)\s+to\b/i;

/** Blocks that illustrate the prose that names them. */
/** Words before a figure's number that say it shows what the text says: "as illustrated on the right of". */
const ILLUSTRATING = /\b(?:illustrated|shown|depicted|pictured|drawn|sketched|plotted|displayed)\b[^.;]*$/i;

/**
 * What the other paragraph is to the one that refers to it. A statement the referring paragraph applies
 * ("by Theorem 4.10") is its background wherever it stands; one the words send the reader to for more
 * ("see Section 5 for a proof") develops it, as a figure, table or listing it names illustrates it; an
 * idea it names with "see also" is a neighbour (related); an
 * appendix it names is its background; else the earlier of the two is background for the later one, and
 * a later example is an example.
 */
function readReference(
  referring: GraphParagraph,
  other: GraphParagraph,
  reference: ExplicitReference,
  firstReferredFrom: EdgeEvidence['firstReferredFrom'],
): Reading {
  const sentence = sentenceAround(referring.text, reference.phrase);
  const contrast = findCues(sentence).find(
    (c) =>
      c.signal === 'contrast' && STRONG_CONTRAST.test(c.phrase) && setsAgainst(sentence, c, reference.phrase),
  );
  if (contrast !== undefined) return { type: 'CONTRAST', cue: { cue: contrast, in: referring.id } };
  if (reference.role === 'answer')
    return { type: other.order > referring.order ? 'ELABORATION' : 'BACKGROUND' };
  // "See Also Application Binary Interface" (a glossary's cross-reference) names a neighbouring idea; "see
  // also Section 1.1" is a place, read like any other.
  if (SEE_ALSO.test(reference.phrase) && !/\d/.test(reference.phrase)) return { type: 'RELATED' };
  // A text likened to another stands beside it: the reader compares the two, neither builds on the other.
  if (LIKENED.test(`${wordsBefore(sentence, reference.phrase).slice(-30)}${reference.phrase}`))
    return { type: 'RELATED' };
  if (STATED_KINDS.has(reference.kind) && APPLYING.test(reference.phrase)) return { type: 'BACKGROUND' };
  if (EXAMPLE_KINDS.has(reference.kind) && EXAMPLE_THERE.test(wordsBefore(sentence, reference.phrase)))
    return { type: 'EXAMPLE' };
  const around = wordsAround(sentence, reference.phrase);
  if (DEVELOPED_THERE.test(around) || (other.order > referring.order && DEVELOPED_AHEAD.test(around)))
    return { type: 'ELABORATION' };
  // A figure, table or listing the text names shows what the text says, wherever it floated to (a page
  // or a section before it, often: the first paragraph to name it is its text); one of an earlier section
  // that an earlier paragraph already named is what the text looks back to, and so is one a look back
  // names ("Recall that the strip chart in Figure 3.1 suggested"), unless the words say it shows what they
  // say ("as illustrated in Figure 6.11").
  if (isIllustration(other)) {
    const shows = ILLUSTRATING.test(wordsBefore(sentence, reference.phrase));
    const back = findCues(sentence).some((cue) => cue.signal === 'back');
    const namedBefore = (firstReferredFrom?.(other.id) ?? referring.order) < referring.order;
    const earlier = other.sectionId !== referring.sectionId && other.order < referring.order;
    return { type: !shows && (back || (earlier && namedBefore)) ? 'BACKGROUND' : 'ELABORATION' };
  }
  // An appendix holds what the text takes as known ("see Appendix E.5" for matrix notation), unless the
  // words send the reader there for more (above).
  if (/\bappendi(?:x|ces)\b/i.test(reference.phrase)) return { type: 'BACKGROUND' };
  // An example that names the statement it works through ("Example 2: ... We use Eq. (4.3)" of Theorem 2)
  // is an example of it, unless it only applies it on the way ("by Theorem 4.10", above).
  const referringRole = roleOf(findCues(referring.text), referring);
  if (
    referringRole?.role === 'example' &&
    isLabelledExample(referringRole.cue) &&
    statementCue(other.text) !== undefined
  )
    return { type: 'EXAMPLE', cue: { cue: referringRole.cue, in: referring.id, role: 'example' } };
  if (other.order < referring.order) return { type: 'BACKGROUND' };
  const role = roleOf(findCues(other.text), other);
  if (role?.role === 'example')
    return { type: 'EXAMPLE', cue: { cue: role.cue, in: other.id, role: role.role } };
  return { type: 'ELABORATION' };
}

/**
 * The type of a pair linked by explicit references, as seen from the source: read from the source's first
 * reference, unless a reference either way says more (one paragraph calls the other an example of it, or
 * sets itself against it).
 */
function readExplicit(evidence: EdgeEvidence, references: readonly ExplicitReference[]): Reading {
  const readings = references.map((reference) =>
    reference.sourceId === evidence.source.id
      ? readReference(evidence.source, evidence.target, reference, evidence.firstReferredFrom)
      : inverted(readReference(evidence.target, evidence.source, reference, evidence.firstReferredFrom)),
  );
  const fromSource = references.findIndex((r) => r.sourceId === evidence.source.id);
  return (
    readings.find((r) => r.type === 'EXAMPLE' || r.type === 'CONTRAST') ??
    readings[fromSource === -1 ? 0 : fromSource]!
  );
}

function inverted(reading: Reading): Reading {
  return { ...reading, type: inverseRelationshipType(reading.type) };
}

/**
 * How far apart (in paragraphs of one section) two paragraphs may be for an opening contrast to set them
 * apart: "On the other hand" sets a paragraph against the one just before it, not one further back.
 */
const CONTRAST_REACH = 1;

/** Whether the sentence of `text` holding the cue names one of the shared ideas. */
function cueNamesIdeas(text: string, cue: Cue, ideas: readonly string[]): boolean {
  // By the words' keys: "cosets" is named by "a left coset".
  const sentence = ` ${wordKeys(sentenceAround(text, cue.phrase)).join(' ')} `;
  return ideas.some((idea) => sentence.includes(` ${wordKeys(idea).join(' ')} `));
}

/**
 * The type of a pair linked only by similarity: the earlier one is background when it defines what the
 * later one uses, or its section is titled with it; an example, proof or application is read by how it
 * opens (an example beside what it exemplifies, the first use of a word is no sign of either); a
 * contrast only when the later one opens by setting itself against the one just before; a cue that looks
 * back or ahead only when its sentence names what the two share; else they are related.
 */
function readSemantic(evidence: EdgeEvidence, targetFirst: boolean): Reading {
  const [later, earlier] = targetFirst
    ? [evidence.source, evidence.target]
    : [evidence.target, evidence.source];
  const asSeen = (type: RelationshipTypeName): RelationshipTypeName =>
    targetFirst ? type : inverseRelationshipType(type);
  const laterCues = findCues(later.text);
  const earlierCues = findCues(earlier.text);
  const ideas = evidence.semantic?.sharedTerms ?? [];
  const near = later.sectionId === earlier.sectionId && later.order - earlier.order <= CONTRAST_REACH;
  const contrast = laterCues.find((cue) => cue.signal === 'contrast' && cue.index < OPENING_CHARS);
  if (contrast !== undefined && near) return { type: 'CONTRAST', cue: { cue: contrast, in: later.id } };
  // An example beside what it exemplifies; two examples of one idea are only related.
  const laterRole = roleOf(laterCues, later);
  const earlierRole = roleOf(earlierCues, earlier);
  const laterStatement = statementCue(later.text);
  // What the earlier one states or defines, in words the two share.
  const stated =
    statementCue(earlier.text) ??
    earlierCues.find((cue) => cue.signal === 'definition' && cueNamesIdeas(earlier.text, cue, ideas));
  // A paragraph that defines an idea the two share itself ("This number is called the parity of a
  // permutation" after a definition of the determinant that uses the parity) neither builds on nor
  // exemplifies what the earlier one states: the two stand side by side.
  const laterDefines = laterCues.some(
    (cue) => cue.signal === 'definition' && cueNamesIdeas(later.text, cue, ideas),
  );
  // A paragraph that uses what the other defines builds on it, unless it is an example of it.
  if (evidence.definedTermsUsed.length > 0) return readDefinitionUse(evidence);
  // An example of a statement or definition before it ("Example 6.1" after "Definition 6.2"); one beside
  // any other paragraph is an example of something else (of inverse functions, not of the definition of
  // a function).
  if (laterRole?.role === 'example' && earlierRole?.role !== 'example' && stated !== undefined)
    return { type: 'EXAMPLE', cue: { cue: laterRole.cue, in: later.id, role: 'example' } };
  if (earlierRole?.role === 'example' && laterStatement !== undefined)
    return { type: 'EXAMPLE', cue: { cue: earlierRole.cue, in: earlier.id, role: 'example' } };
  if ((evidence.titledIdeas ?? []).length > 0) return { type: asSeen('BACKGROUND') };
  if (
    (evidence.introducedIdeas ?? []).length > 0 &&
    !sideBySide({ paragraph: later, role: laterRole }, { paragraph: earlier, role: earlierRole })
  )
    return { type: asSeen('BACKGROUND') };
  if (
    laterRole !== undefined &&
    !sideBySide({ paragraph: later, role: laterRole }, { paragraph: earlier, role: earlierRole })
  )
    return { type: asSeen('BACKGROUND'), cue: { cue: laterRole.cue, in: later.id, role: laterRole.role } };
  // A hint or an answer helps with the exercise it answers; two worked solutions side by side are
  // siblings, and a solution beside any other paragraph helps with no exercise of it.
  const help = HELP.exec(later.text);
  if (help !== null && !HELP.test(earlier.text) && setsAnExercise(earlier))
    return {
      type: asSeen('BACKGROUND'),
      cue: { cue: { signal: 'back', phrase: help[0], index: 0 }, in: later.id, role: 'help' },
    };
  // An exercise practises what the text before it explains; in a section of exercises one may open
  // "Consider ..." (decay).
  const exercise = EXERCISE.exec(later.text) ?? (inExercises(later) ? /^Consider\b/.exec(later.text) : null);
  if (exercise !== null && !NUMBERED.test(earlier.text) && !HELP.test(earlier.text))
    return {
      type: asSeen('BACKGROUND'),
      cue: { cue: { signal: 'back', phrase: exercise[0], index: 0 }, in: later.id, role: 'exercise' },
    };
  // A look back whose sentence names what it recalls ("Recall the (15,7)-block BCH code in Example
  // 22.19") looks back to that, not to any paragraph on the same ideas.
  const back = laterCues.find(
    (cue) =>
      cue.signal === 'back' &&
      cueNamesIdeas(later.text, cue, ideas) &&
      findReferenceMentions(sentenceAround(later.text, cue.phrase)).length === 0,
  );
  if (back !== undefined) return { type: asSeen('BACKGROUND'), cue: { cue: back, in: later.id } };
  // A paragraph that works out numbers for what a theorem or definition before it states is an example
  // of it ("the integers modulo 3: [0] = {..., −3, 0, 3, 6, ...}" after "the equivalence classes form a
  // partition"); otherwise what the earlier one states is what the later one builds on.
  if (
    stated !== undefined &&
    laterStatement === undefined &&
    !laterDefines &&
    laterRole === undefined &&
    isWorkedOut(later.text)
  )
    return { type: asSeen('EXAMPLE'), cue: { cue: stated, in: earlier.id, role: 'statement' } };
  if (stated !== undefined && laterStatement === undefined && !laterDefines)
    return { type: asSeen('BACKGROUND'), cue: { cue: stated, in: earlier.id, role: 'statement' } };
  const ahead = earlierCues.find(
    (cue) => cue.signal === 'forward' && cueNamesIdeas(earlier.text, cue, ideas),
  );
  if (ahead !== undefined) return { type: asSeen('BACKGROUND'), cue: { cue: ahead, in: earlier.id } };
  // A paragraph of a subsection goes on from its section's introduction (linalg 1.10 introduces the Dirac
  // notation, 1.10.2 shows where it becomes cumbersome); a chapter's introduction is an overview, not a
  // ground. Two paragraphs of one section that neither state nor define what the other uses are siblings:
  // related, whichever comes first (two entries of a reference, two exercises, two steps).
  const fromIntroduction =
    earlier.sectionId.includes('.') && later.sectionId.startsWith(`${earlier.sectionId}.`);
  if (
    fromIntroduction &&
    !sideBySide({ paragraph: later, role: laterRole }, { paragraph: earlier, role: earlierRole })
  )
    return { type: asSeen('BACKGROUND') };
  // Prose goes on from what its section set out before it ("B introduces aggregate functions, which A
  // builds on"; "A carries out the plan B announces"), unless the two are items of one series (list
  // items, parts, glossary entries, exercises), the later one a statement (after the middle of a proof),
  // or it sets itself apart ("In contrast").
  if (
    later.sectionId === earlier.sectionId &&
    contrast === undefined &&
    laterStatement === undefined &&
    itemKind({ paragraph: later, role: laterRole }) === undefined &&
    itemKind({ paragraph: earlier, role: earlierRole }) === undefined &&
    !inSeriesSection(later)
  )
    return { type: asSeen('BACKGROUND'), continues: [later.id, earlier.id] };
  return { type: 'RELATED' };
}

/** A paragraph with the role its cues gave it (read once per pair, by the caller). */
interface Opened {
  paragraph: GraphParagraph;
  role: ReturnType<typeof roleOf>;
}

/** What a paragraph opens as, when it is one of a series: examples, exercises, answers, statements. */
function itemKind({ paragraph, role }: Opened): string | undefined {
  if (role?.role === 'example' && isLabelledExample(role.cue)) return 'example';
  // An exercise, or an item of a numbered list that may be one.
  if (NUMBERED.test(paragraph.text)) return 'numbered';
  if (HELP.test(paragraph.text)) return 'help';
  if (BULLET.test(paragraph.text)) return 'bullet';
  if (PART.test(paragraph.text)) return 'part';
  if (ENTRY.test(paragraph.text)) return 'entry';
  if (statementCue(paragraph.text) !== undefined) return 'statement';
  return undefined;
}

/** A paragraph of a section of entries or exercises, each for itself: a glossary, exercises, problems. */
const inSeriesSection = (paragraph: GraphParagraph) => inGlossary(paragraph) || inExercises(paragraph);

/** Two examples, two exercises, two answers or two statements of one section run side by side. */
function sideBySide(a: Opened, b: Opened): boolean {
  const kind = itemKind(a);
  return kind !== undefined && kind === itemKind(b);
}

/**
 * A paragraph that uses what an earlier one defines builds on it, unless it is an example of it: an
 * example whose first sentence names the defined term ("Example 10.6 ... normal subgroup").
 */
function readDefinitionUse(evidence: EdgeEvidence): Reading {
  const role = roleOf(findCues(evidence.source.text), evidence.source);
  if (
    role?.role === 'example' &&
    isLabelledExample(role.cue) &&
    evidence.definedTermsUsed.some((term) => exemplifies(evidence.source.text, term))
  )
    return { type: 'EXAMPLE', cue: { cue: role.cue, in: evidence.source.id, role: 'example' } };
  // A proof that shows its map "is one-to-one" builds on the definition; a statement states, it judges nothing.
  if (
    role?.role !== 'proof' &&
    statementCue(evidence.source.text) === undefined &&
    evidence.definedTermsUsed.some((term) => judgesAnInstance(evidence.source.text, term))
  )
    return { type: 'EXAMPLE' };
  return { type: 'BACKGROUND' };
}

/**
 * Whether a text says of a thing at hand that it is, or is not, what `term` names: "This algebra is not
 * commutative", "This bilinear form is not positive-definite" (linalg), "the UKDriverDeaths data appear
 * to be mesokurtic" (ipsur). Such a paragraph is an instance of the definition, not built on it.
 */
function judgesAnInstance(text: string, term: string): boolean {
  const escaped = literal(term.toLowerCase());
  const verdict = String.raw`(?:is|are|appears? to be|seems? to be)\s+(?:not\s+)?(?:(?:a|an)\s+)?${escaped}\b`;
  return new RegExp(
    String.raw`\b(?:this|these)\s+(?:[\p{L}-]+\s+){1,3}${verdict}|\bappears? to be\s+(?:not\s+)?${escaped}\b`,
    'u',
  ).test(text.toLowerCase());
}

/**
 * Whether a labelled example is one of `term`: its first sentence after the label names it ("Example 10.6.
 * Let 3Z be the normal subgroup ..."), or its last sentence concludes that something is one ("Then ∼ is an
 * equivalence relation on R2"). Naming it on the way does not make it one: linalg's "Example 2: ... Then
 * the standard basis in RN is orthonormal" is an example of orthonormality that uses the standard basis,
 * aata's Example 21.2 builds a field extension and notes on the way that "neither 0 nor 1 is a root".
 */
function exemplifies(text: string, term: string): boolean {
  const sentences = text
    .toLowerCase()
    .replace(EXAMPLE_LABEL_LOWER, '')
    .split(/(?<=[.!?])\s/);
  const wanted = term.toLowerCase();
  if ((sentences[0] ?? '').includes(wanted)) return true;
  const escaped = literal(wanted);
  const concludes = new RegExp(String.raw`\b(?:is|are|forms?) (?:(?:a|an|the) )?${escaped}`);
  return concludes.test(sentences.at(-1) ?? '');
}

/** An example's label: "Example 10.6.", "Example 2:", "Examples". */
const EXAMPLE_LABEL_LOWER = /^examples?(?: [\da-z]+(?:\.\d+)*)?[.:]?\s*/;

/** An example the book labels so ("Example 6.1"), not only one that opens "Consider". */
function isLabelledExample(cue: Cue): boolean {
  return /^Examples?\b/.test(cue.phrase);
}

/** A run of at least three numbers, as a worked instance lists them: "{. . . , −3, 0, 3, 6", "735, 320, 325". */
const NUMBER_RUN = /[−-]?\d+(?:\.\d+)?(?:\s*,\s*[−-]?\d+(?:\.\d+)?){2,}/;

/** A paragraph with numbers worked out: a concrete instance rather than a general statement. */
function isWorkedOut(text: string): boolean {
  return NUMBER_RUN.test(text);
}

/** A paragraph that opens a numbered statement: "Definition 2.3", "Theorem 4.1.", "Lemma:". */
const STATEMENT = /^(?:Definition|Theorem|Lemma|Proposition|Corollary)\b(?: [\dA-Z]+(?:\.\d+)*)?/;
/** A paragraph that helps with an exercise: "Hint.", "Answer:", "Solution". */
const HELP = /^(?:Hints?|Answer|Solution)\b/;
/** A paragraph that sets an exercise, or may: numbered, labelled, or in a section of exercises. */
const setsAnExercise = (paragraph: GraphParagraph) =>
  EXERCISE.test(paragraph.text) || NUMBERED.test(paragraph.text) || inExercises(paragraph);

/** A paragraph a number opens: an exercise or an item of a list. */
const NUMBERED = /^(?:Exercise \d+(?:\.\d+)*|\d{1,3}(?:\.\d+)*[.)])\s/;

/**
 * A paragraph that sets an exercise: "Exercise 4.2", or a number opening an instruction or a question
 * ("7. Prove that ...", "3. How many ..."), not an item of a numbered list ("2. The CDF is ...").
 */
const EXERCISE = new RegExp(
  String.raw`^(?:Exercise \d+(?:\.\d+)*|\d{1,3}[.)](?= (?:${[
    'Prove|Show|Find|Compute|Calculate|Determine|Give|Explain|Use|Let|Suppose|Consider|Verify|Describe',
    'Write|Draw|Sketch|List|Evaluate|Solve|Construct|Define|Decide|Identify|Classify|Check|Simulate',
    'Repeat|Generate|Plot|Make|Estimate|Test|Graph|Express|Derive|Assume|Complete|Count|Compare|Discuss',
    'Apply|Is|Are|Does|Do|Can|What|How|Which|Why|When|Who|Must|Should',
  ].join('|')})\b))`,
);

function statementCue(text: string): Cue | undefined {
  const match = STATEMENT.exec(text);
  return match === null ? undefined : { signal: 'definition', phrase: match[0], index: 0 };
}

function quote(phrase: string): string {
  const words = phrase.replace(/\s+/g, ' ').trim();
  return `"${words.length > MAX_QUOTE ? `${words.slice(0, MAX_QUOTE - 1).trimEnd()}…` : words}"`;
}

/**
 * Whether the source is a glossary entry for an idea the two share and the target is the text: the text
 * that introduces the term goes into it further than its entry does (ELABORATION, not what the entry
 * builds on).
 */
function glossesTarget(evidence: EdgeEvidence): boolean {
  const { source, target } = evidence;
  if (!inGlossary(source) || inGlossary(target)) return false;
  const ideas = [
    ...evidence.definedTermsUsed,
    ...(evidence.introducedIdeas ?? []),
    ...(evidence.titledIdeas ?? []),
    ...(evidence.semantic?.sharedTerms ?? []),
  ];
  return ideas.some((idea) => opensAnEntry(source.text, idea));
}

/** Whether `term` opens the text or a sentence of it, its definition after it ("parameter A name used ..."). */
function opensAnEntry(text: string, term: string): boolean {
  const lower = text.toLowerCase();
  const wanted = term.toLowerCase().replace(/s$/, '');
  for (let at = lower.indexOf(wanted); at !== -1; at = lower.indexOf(wanted, at + 1)) {
    const opens = at === 0 || /[.!?)]\s+$/.test(text.slice(Math.max(0, at - 3), at));
    const rest = /^s?\s+(\S)/u.exec(text.slice(at + wanted.length));
    if (opens && rest !== null && /\p{Lu}/u.test(rest[1]!)) return true;
  }
  return false;
}

/** "a", "a" and "b", "a", "b" and "c" */
function listOf(items: readonly string[], wrap: (item: string) => string): string {
  const shown = items.slice(0, MAX_TERMS).map(wrap);
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1) ?? ''}`;
}

/**
 * The words that refer, quoted. A reference without words of its own (a PDF link the text finder did not
 * read, one a supplied Book XML lists) quotes nothing: an exercise's number linking to its answer says so;
 * any other names the two paragraphs it joins, and what the target is called.
 */
function explicitClause(
  references: readonly ExplicitReference[],
  label: (id: string) => string,
  ends: readonly GraphParagraph[],
  termsUsed: readonly string[],
): string {
  const reference = references.find((r) => r.phrase.trim() !== '') ?? references[0]!;
  if (reference.role === 'answer')
    return `An exercise and its answer, linked in the book (${quote(reference.phrase)})`;
  if (reference.role === 'inSection') {
    const referring = ends.find((p) => p.id === reference.sourceId);
    const inside = ends.find((p) => p.id === reference.targetId);
    const termsSaid = termsUsed.length > 0;
    const there = referring && inside && heldThere(referring, inside, reference.phrase, termsSaid);
    if (there !== undefined) return `Explicit reference: ${quote(reference.phrase)}, to ${there} there`;
    // The definition clause after it says what the paragraph is.
    if (termsSaid) return `Explicit reference: ${quote(reference.phrase)}`;
    return `In the section referred to (${quote(reference.phrase)})`;
  }
  if (reference.phrase.trim() === '') {
    const named = reference.targetName === undefined ? '' : ` (${reference.targetName})`;
    return `The book links ${label(reference.sourceId)} to ${label(reference.targetId)}${named}`;
  }
  return `Explicit reference: ${quote(reference.phrase)}`;
}

/** A labelled item's opening: "Definition Tr2", "Theorem 4.42", "Definition E.2", "Exercise 2". */
const ITEM_OPENING =
  /^(?:Definition|Theorem|Lemma|Proposition|Corollary|Example|Exercise|Problem|Remark|Statement)\s+(?=[\w.]*\d)[\w.]*\w/;

/**
 * What the paragraph a section's reference stands for is there: the item it opens as ("Definition Tr2",
 * "Exercise 2"), or the definition of a term the referring paragraph names ("the definition of "insertion
 * map""). Blind readers found "In the section referred to" alone said nothing of why that paragraph.
 */
function heldThere(
  referring: GraphParagraph,
  inside: GraphParagraph,
  phraseOf: string,
  termsSaid: boolean,
): string | undefined {
  const item = ITEM_OPENING.exec(inside.text)?.[0];
  if (item !== undefined || termsSaid) return item;
  const words = wordKeys(referring.text);
  const term = definitionsIn(inside.text).find((d) => countRuns(words, wordKeys(d.term)) > 0);
  if (term !== undefined) return `the definition of "${term.display}"`;
  const example = NUMBERED_EXAMPLE.exec(inside.text)?.[0];
  if (example !== undefined) return `example ${example}`;
  const phrase = phraseShared(sentenceAround(referring.text, phraseOf), inside.text, phraseOf);
  return phrase && `the paragraph on "${phrase}"`;
}

/** A linguistics book's numbered example: "(49) Generalizations about niXYaZ". */
const NUMBERED_EXAMPLE = /^\(\d{1,3}\)(?=\s)/;

/**
 * The longest run of two or three content words of the referring sentence, the reference's own words
 * left out, that the paragraph holds too ("dual basis" in "computing the dual basis, as in Sec. 2.3.3").
 */
function phraseShared(sentence: string, text: string, reference: string): string | undefined {
  // The reference's words blanked, places kept: "Three Level Page Table" in its title is no shared idea.
  const words = [...sentence.replace(reference, '.'.repeat(reference.length)).matchAll(/\p{L}+/gu)];
  const inText = wordKeys(text);
  for (const length of [3, 2]) {
    for (let i = 0; i + length <= words.length; i++) {
      const run = words.slice(i, i + length);
      const joined = run.every(
        (word, j) =>
          contentWords(word[0]).length === 1 &&
          (j === 0 || /^[\s-]+$/.test(sentence.slice(run[j - 1]!.index + run[j - 1]![0].length, word.index))),
      );
      const keys = run.map((word) => termKey(word[0]));
      if (joined && countRuns(inText, keys) > 0)
        return sentence.slice(run[0]!.index, run.at(-1)!.index + run.at(-1)![0].length);
    }
  }
  return undefined;
}

/** How the source takes a term from the target: it uses it, or its glossary entry sums it up. */
const taking = (glossed: boolean) => (glossed ? 'summed up in the glossary entry' : 'used in');

function definitionClause(evidence: EdgeEvidence, glossed: boolean): string {
  const terms = listOf(evidence.definedTermsUsed, (term) => `"${term}"`);
  const { source, target } = evidence;
  return `${terms} defined in ${paragraphLabel(target.id, target.sectionTitle)}, ${taking(glossed)} ${paragraphLabel(source.id, source.sectionTitle)}`;
}

function semanticClause(ideas: readonly string[]): string {
  return ideas.length === 0 ? 'Covers similar ideas' : `Covers the same ideas: ${listOf(ideas, (t) => t)}`;
}

/**
 * What a paragraph says of the ideas two share, in its words: its sentence holding most of them, cut to
 * MAX_SAYING around the first (' (Section 17.9, Paragraph 3: "A blit copies the pixels of one surface
 * onto another")'). Blind readers found the ideas alone a list of keywords that does not say what ties
 * the two. '' when no sentence holds one.
 */
function sayingOf(paragraph: GraphParagraph, ideas: readonly string[], label: string): string {
  const runs = ideas.map((idea) => wordKeys(idea)).filter((run) => run.length > 0);
  let best: { sentence: string; count: number } | undefined;
  for (const sentence of sentences(paragraph.text)) {
    const words = wordKeys(sentence);
    const count = runs.filter((run) => countRuns(words, run) > 0).length;
    if (count > (best?.count ?? 0)) best = { sentence, count };
  }
  if (best === undefined) return '';
  return ` (${label}: "${cutAround(best.sentence.replace(/\s+/g, ' ').trim(), ideas)}")`;
}

/** A sentence cut to MAX_SAYING at word boundaries, from a little before the first idea it names. */
function cutAround(sentence: string, ideas: readonly string[]): string {
  if (sentence.length <= MAX_SAYING) return sentence;
  const lower = sentence.toLowerCase();
  const at = Math.min(
    ...ideas
      .map((idea) => lower.indexOf(idea.toLowerCase().split(' ')[0]!.replace(/s$/, '')))
      .filter((i) => i >= 0),
  );
  const from =
    Number.isFinite(at) && at > MAX_SAYING / 3 ? sentence.lastIndexOf(' ', at - MAX_SAYING / 4) + 1 : 0;
  const end = sentence.lastIndexOf(' ', from + MAX_SAYING);
  const cut = sentence.slice(from, end > from ? end : from + MAX_SAYING).replace(/[\s,;:]+$/, '');
  return `${from > 0 ? '…' : ''}${cut}…`;
}

/** 'Section 4.1, Paragraph 27 goes on from Section 4.1, Paragraph 25, on bijection and isomorphism' */
function continuationClause(
  [later, earlier]: [string, string],
  ideas: readonly string[],
  label: (id: string) => string,
): string {
  return `${label(later)} goes on from ${label(earlier)}, on ${listOf(ideas, (t) => t)}`;
}

/** 'Section 11.15, Paragraph 2 introduces "pure function", which Section 21.2, Paragraph 8 uses' */
function introducedClause(evidence: EdgeEvidence, label: (id: string) => string, glossed: boolean): string {
  const ideas = listOf(evidence.introducedIdeas ?? [], (idea) => `"${idea}"`);
  const takes = glossed ? 'the glossary entry' : 'which';
  const verb = glossed ? 'sums up' : 'uses';
  return `${label(evidence.target.id)} introduces ${ideas}, ${takes} ${label(evidence.source.id)} ${verb}`;
}

function titleClause(evidence: EdgeEvidence): string {
  const ideas = listOf(evidence.titledIdeas ?? [], (idea) => `"${idea}"`);
  const { sectionId, sectionTitle = '' } = evidence.target;
  return isPrintedNumber(sectionId)
    ? `Section ${sectionId}, "${sectionTitle}", is about ${ideas}`
    : `The section ${sectionName(sectionId, sectionTitle)} is about ${ideas}`;
}

function cueClause(
  reading: Reading,
  label: (id: string) => string,
  textOf: (id: string) => string,
): string | undefined {
  if (reading.cue === undefined) return undefined;
  const { cue, role } = reading.cue;
  const who = label(reading.cue.in);
  const said = quote(cue.signal === 'definition' ? definingWords(textOf(reading.cue.in), cue) : cue.phrase);
  if (reading.type === 'CONTRAST') return `${who} sets itself apart (${said})`;
  if (role === 'example') return `${who} is an example (${said})`;
  if (role === 'proof') return `${who} is a proof (${said})`;
  if (role === 'application') return `${who} is an application (${said})`;
  if (role === 'statement')
    return cue.signal === 'definition' && cue.index > 0
      ? `${who} defines what the two share (${said})`
      : `${who} states what the two share (${said})`;
  if (role === 'help') return `${who} helps with an exercise (${said})`;
  if (role === 'exercise') return `${who} is an exercise (${said})`;
  if (cue.signal === 'back') return `${who} looks back (${said})`;
  return `${who} looks ahead (${said})`;
}

/** Words a defining sentence names its term with: "is called a coset", not "is called" alone. */
const DEFINING_WORDS = 6;
/** A word a quote does not end on: "is called a left coset of" says less than "is called a left coset". */
const LINKING_WORD = /^(?:of|the|a|an|in|on|to|for|and|or|with|by|at|from|as|that)$/i;

function definingWords(text: string, cue: Cue): string {
  if (cue.index === 0) return cue.phrase;
  const clause = /^[^.;:!?,(]*/.exec(text.slice(cue.index))![0];
  const words = clause.trim().split(/\s+/);
  if (words.length <= cue.phrase.split(/\s+/).length) return cue.phrase;
  const shown = words.slice(0, DEFINING_WORDS);
  while (shown.length > 1 && LINKING_WORD.test(shown.at(-1)!)) shown.pop();
  return shown.join(' ');
}

/** The clauses joined into one sentence: 'A; also b; c'. Later evidence clauses say "also". */
function joinClauses(evidenceClauses: readonly string[], cue: string | undefined): string {
  const [first = '', ...rest] = evidenceClauses;
  // "Section 6.1" names a place and keeps its capital after "also".
  const lower = (clause: string) =>
    /^Section /.test(clause) ? clause : `${clause.charAt(0).toLowerCase()}${clause.slice(1)}`;
  const parts = [first, ...rest.map((clause) => `also ${lower(clause)}`)];
  if (cue !== undefined) parts.push(cue);
  const sentence = parts.join('; ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** A term compared by its letters, singular ("Hodge stars" and "Hodge star" are one). */
const squashed = (term: string) =>
  term
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .replace(/s$/, '');

/** Independent chances: 1 - Π(1 - s). */
function combine(scores: readonly number[]): number {
  const miss = scores.reduce((product, score) => product * (1 - Math.min(Math.max(score, 0), 1)), 1);
  return Math.round((1 - miss) * 1000) / 1000;
}

/** The edge source -> target, or undefined when nothing links them. */
export function classifyEdge(evidence: EdgeEvidence): GraphEdge | undefined {
  const { source, target, semantic } = evidence;
  if (source.id === target.id) return undefined;
  // A paragraph of a section the book gives no number is named by the section's title.
  const label = (id: string) => paragraphLabel(id, [source, target].find((p) => p.id === id)?.sectionTitle);
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
  if (references.length > 0) reading = readExplicit(evidence, references);
  else if (terms.length > 0 && pair === undefined) reading = readDefinitionUse(evidence);
  else reading = readSemantic(evidence, targetFirst);
  const glossed = references.length === 0 && reading.type === 'BACKGROUND' && glossesTarget(evidence);
  if (glossed) reading = { type: 'ELABORATION' };

  const scores: number[] = [];
  const kinds = new Set<EvidenceKind>();
  const clauses: string[] = [];
  if (references.length > 0) {
    scores.push(Math.max(...references.map((r) => EXPLICIT_SCORE[r.via])));
    kinds.add('explicit');
    clauses.push(explicitClause(references, label, [source, target], terms));
  }
  if (terms.length > 0) {
    scores.push(
      Math.min(DEFINITION_SCORE + DEFINITION_SCORE_PER_EXTRA_TERM * (terms.length - 1), DEFINITION_SCORE_MAX),
    );
    kinds.add('discourse');
    clauses.push(definitionClause(evidence, glossed));
  }
  if (pair !== undefined) {
    scores.push(SEMANTIC_WEIGHT * Math.min(pair.similarity, 1));
    kinds.add('semantic');
    // "... defined in ..., used in ...; also covers the same ideas: X" says X twice.
    const introduced = terms.length === 0 && targetFirst ? (evidence.introducedIdeas ?? []) : [];
    if (introduced.length > 0) clauses.push(introducedClause(evidence, label, glossed));
    const said = new Set([...terms, ...introduced].map(squashed));
    const unsaid = pair.sharedTerms.filter((idea) => !said.has(squashed(idea)));
    // Ideas that are all a reason has to say come with what the target says of them.
    const saying =
      said.size === 0 && references.length === 0 ? sayingOf(target, unsaid, label(target.id)) : '';
    if (said.size === 0 && reading.continues !== undefined && unsaid.length > 0)
      clauses.push(`${continuationClause(reading.continues, unsaid, label)}${saying}`);
    else if (said.size === 0 || unsaid.length > 0) clauses.push(`${semanticClause(unsaid)}${saying}`);
    if (terms.length === 0 && (evidence.titledIdeas ?? []).length > 0 && targetFirst)
      clauses.push(titleClause(evidence));
  }
  if (reading.cue !== undefined) {
    scores.push(CUE_SCORE);
    kinds.add('discourse');
  }
  return {
    source: source.id,
    target: target.id,
    type: reading.type,
    justification: joinClauses(
      clauses,
      cueClause(reading, label, (id) => (id === source.id ? source : target).text),
    ),
    score: combine(scores),
    evidence: (['explicit', 'semantic', 'discourse'] as const).filter((kind) => kinds.has(kind)),
  };
}
