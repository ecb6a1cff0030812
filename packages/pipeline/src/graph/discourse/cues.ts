/**
 * Discourse cues: the phrases with which a textbook paragraph tells how it relates to other material
 * ("recall", "we will see", "for example", "in contrast"). The classifier reads them to choose an edge's
 * type; the lexicon is checked against the human-labelled GUM eRST corpus (test/graph-discourse.test.ts).
 */
import { PROGRAM_CALL } from './definitions.ts';

/**
 * What a cue signals. back: it builds on earlier material; forward: it points at later material; example,
 * proof, application: it develops something stated elsewhere; contrast: it sets itself against something;
 * definition: it introduces a term.
 */
export type CueSignal = 'back' | 'forward' | 'example' | 'proof' | 'application' | 'contrast' | 'definition';

export interface Cue {
  signal: CueSignal;
  /** The words as written in the text, e.g. "Recall" or "as we saw". */
  phrase: string;
  /** Offset of the phrase in the text. */
  index: number;
}

interface CuePattern {
  signal: CueSignal;
  /** Case-insensitive unless it only makes sense as a paragraph head ("Example 6.1", "Proof."). */
  pattern: RegExp;
}

/** What a text does with an idea: "as previously discussed", "the formula we derived previously". */
const TEXT_DID =
  'saw|seen|discussed|defined|showed|shown|mentioned|introduced|described|stated|proved|proven|noted|' +
  'studied|considered|encountered|derived|established|learned|learnt|used|computed|found|wrote|written|' +
  'gave|given|presented|explained|treated|covered|constructed|observed|remarked|did|done|obtained';

/** Words a cue may span without crossing a sentence end, e.g. "from [Lemma 2.1] we know". */
const SPAN = String.raw`[^.;:!?]{1,60}?`;

const CUE_PATTERNS: CuePattern[] = [
  { signal: 'back', pattern: /\b(?:recall(?:ing)?|remember)\b/gi },
  {
    signal: 'back',
    pattern: /\bas we (?:have )?(?:already )?(?:saw|seen|noted|mentioned|shown|showed|proved|learned)\b/gi,
  },
  { signal: 'back', pattern: /\bwe have (?:already )?seen\b/gi },
  // Not a thing's former name ("the Jupyter Notebook (previously known as IPython Notebook)").
  { signal: 'back', pattern: /\bearlier\b(?! (?:known|called|named)\b)/gi },
  // What the text did before ("as previously discussed", "we defined previously"), not what anything
  // else did ("splice in a circuit using the edges you previously missed").
  {
    signal: 'back',
    pattern: new RegExp(
      String.raw`\bpreviously\b(?= (?:${TEXT_DID})\b|\s*(?:[,.;:)]|$))|\b(?:${TEXT_DID}) previously\b`,
      'gi',
    ),
  },
  { signal: 'back', pattern: /\bby (?:the )?definition of\b/gi },
  { signal: 'back', pattern: /\bas (?:shown|proved|stated|noted) (?:in|above)\b/gi },
  { signal: 'back', pattern: new RegExp(String.raw`\bfrom ${SPAN} we know\b`, 'gi') },
  {
    signal: 'forward',
    pattern: /\bwe (?:will|shall) (?:soon |later )?(?:see|prove|show|return|discuss|study|learn)\b/gi,
  },
  { signal: 'forward', pattern: /\bwill be (?:proved|proven|shown|discussed|studied|treated|explained)\b/gi },
  // "later" alone is mostly historical in these books ("later it was shown by Euler"), so it counts
  // only when it points into the text or follows a future tense.
  { signal: 'forward', pattern: /\b(?:a |the )?later (?:sections?|chapters?|parts?)\b/gi },
  { signal: 'forward', pattern: /\b(?:will|shall)\b[^.;:!?]{0,40}?\blater\b/gi },
  { signal: 'forward', pattern: /\bin (?:the|a) (?:next|following|coming) (?:sections?|chapters?)\b/gi },
  // "below" alone mostly points at a table or figure in the same paragraph, or is mathematics
  // ("bounded below"); only a reading instruction counts.
  {
    signal: 'forward',
    pattern: /\b(?:see|discussed|proved|proven|explained|described|studied|treated) below\b/gi,
  },
  { signal: 'example', pattern: /\bfor (?:example|instance)\b/gi },
  { signal: 'example', pattern: /\be\.g\./gi },
  // "consider" mid-paragraph is mostly a step of an argument ("consider the element ..."); GUM eRST
  // labelled none of its five as an example. Opening a paragraph, it introduces a worked case.
  { signal: 'example', pattern: /^Consider\b/g },
  { signal: 'example', pattern: /^Examples?(?: \d+(?:\.\d+)*)?\b/g },
  { signal: 'proof', pattern: /^Proof\b\.?/g },
  { signal: 'proof', pattern: /\b(?:we|to) (?:now )?prove\b/gi },
  { signal: 'application', pattern: /\bapplying\b/gi },
  { signal: 'application', pattern: /\bas an application\b/gi },
  { signal: 'application', pattern: /\b(?:an|one) application of\b/gi },
  { signal: 'contrast', pattern: /\bin contrast\b/gi },
  { signal: 'contrast', pattern: /\bunlike\b/gi },
  { signal: 'contrast', pattern: /\bon the other hand\b/gi },
  { signal: 'contrast', pattern: /\b(?:however|whereas)\b/gi },
  // Not the additive "not only ... but also" nor "all but", "but one" (= except).
  { signal: 'contrast', pattern: /(?<!\ball )\bbut\b(?! also\b| one\b)/gi },
  { signal: 'definition', pattern: /\b(?:is|are) (?:then )?(?:called|said to be|known as)\b/gi },
  {
    signal: 'definition',
    pattern: new RegExp(
      String.raw`\bwe (?:will |shall )?(?:call(?! ${PROGRAM_CALL})|define|say that)\b`,
      'gi',
    ),
  },
  // The imperative that opens a definition: "Define a left coset of H ... to be".
  { signal: 'definition', pattern: /(?<=^|[.!?]\s)Define\b/g },
  { signal: 'definition', pattern: /^Definitions?(?: \d+(?:\.\d+)*)?\b/g },
];

/** The cues in a paragraph's text, in text order. */
export function findCues(text: string): Cue[] {
  const cues: Cue[] = [];
  for (const { signal, pattern } of CUE_PATTERNS) {
    for (const match of text.matchAll(pattern)) cues.push({ signal, phrase: match[0], index: match.index });
  }
  return cues.sort((a, b) => a.index - b.index || a.signal.localeCompare(b.signal));
}
