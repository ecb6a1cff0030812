/**
 * The reference grammar: finds the phrases a textbook uses to point at its own numbered parts ("see
 * Section 3.2", "by Theorem 4.1", "Sections 2.1–2.3", "§2.1", "(3.2)") in a paragraph's text. Each target
 * of a phrase becomes one mention; ranges and lists are expanded. Where a mention is resolved is up to
 * resolve.ts.
 */
import type { ReferenceKind } from '../types.ts';

export interface ReferenceMention {
  kind: ReferenceKind;
  /** The number as written, e.g. "3.2" or "20.5.15"; an equation's "(3.2)" is "3.2". */
  label: string;
  /** Where the referring words are in the text (the whole phrase, for a list or range). */
  start: number;
  end: number;
  /** The words that refer, with a lead such as "see", "by" or "from" when there is one. */
  phrase: string;
  /** Whether the wording points back ("recall", "we saw") or forward ("we will see", "later"). */
  direction: 'back' | 'forward' | undefined;
  /** For an item of a range after its first ("14.3" of "Examples 14.1–14.5"), the range's first label. */
  rangeStart: string | undefined;
  /**
   * An equation number in parentheses with no word before it that refers ("then (3.7) gives"): a reference
   * only when the book shows a display with that number elsewhere (a display's own number reads the same).
   */
  bare?: boolean;
}

/** One number of a list or range, and the first of its range when it is a later item of one. */
export interface ListedLabel {
  label: string;
  rangeStart: string | undefined;
}

/** The words that name a kind, singular and plural, with their usual abbreviations. */
const KIND_WORDS: [ReferenceKind, string][] = [
  ['chapter', 'Chapters?|Chap\\.|Ch\\.'],
  ['subsection', 'Subsections?'],
  ['section', 'Sections?|Sects?\\.|Secs?\\.'],
  ['theorem', 'Theorems?|Thms?\\.'],
  ['lemma', 'Lemmas?|Lemmata'],
  ['proposition', 'Propositions?|Props?\\.'],
  ['corollary', 'Corollary|Corollaries|Cor\\.'],
  ['definition', 'Definitions?|Defs?\\.|Defn\\.'],
  ['example', 'Examples?|Exs?\\.'],
  ['exercise', 'Exercises?|Problems?'],
  ['figure', 'Figures?|Figs?\\.'],
  ['table', 'Tables?'],
  ['equation', 'Equations?|Eqs?\\.|Eqns?\\.'],
  ['algorithm', 'Algorithms?'],
  ['remark', 'Remarks?'],
  ['statement', 'Statements?'],
  [
    'other',
    'Principles?|Axioms?|Conjectures?|Claims?|Facts?|Observations?|Notes?|Activit(?:y|ies)|Investigations?|Listings?',
  ],
];

const KIND_OF = new Map<string, ReferenceKind>();
const kindOf = (word: string): ReferenceKind => {
  const cached = KIND_OF.get(word);
  if (cached) return cached;
  const found = KIND_WORDS.find(([, words]) => new RegExp(`^(?:${words})$`).test(word))?.[0] ?? 'other';
  KIND_OF.set(word, found);
  return found;
};

/** A number as books print them: "4", "3.2", "20.5.15". Four-digit leading parts are years, not numbers. */
const NUMBER = String.raw`(?<![\d.])(?!\d{4})\d{1,3}(?:\.\d{1,3}){0,3}(?![\d]|\.\d)`;
const DASH = String.raw`\s*[-–—−]\s*`;
const JOIN = String.raw`(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|through|to)\s+|${DASH})`;
const SPACE = String.raw`[\s\u00a0\u202f]+`;

const NAMED = new RegExp(
  String.raw`(?<![\p{L}\d])(${KIND_WORDS.map(([, w]) => w).join('|')})${SPACE}(${NUMBER}(?:${JOIN}${NUMBER})*)`,
  'gu',
);
/** "Appendix A", "Appendix B.2": a lettered chapter, or a section of one. */
const APPENDIX_LABEL = String.raw`[A-Z](?:\.\d{1,3})*(?![\p{L}\d])`;
/** "Appendix E", "Appendix E.2", "Appendices E.5 and E.6": each label a reference, the whole its phrase. */
const APPENDIX = new RegExp(
  String.raw`(?<![\p{L}\d])Appendi(?:x|ces)[\s\u00a0]+(${APPENDIX_LABEL}(?:(?:,?\s+and\s+|,\s*)${APPENDIX_LABEL})*)`,
  'gu',
);
/** "Sec. C.4", "Section B.2.1": a section of an appendix, named by its letter. */
const LETTERED_SECTION = new RegExp(
  String.raw`(?<![\p{L}\d])(?:${KIND_WORDS.find(([kind]) => kind === 'section')![1]})${SPACE}([A-Z](?:\.\d{1,3})+)(?![\p{L}\d]|\.\d)`,
  'gu',
);
/** "§2.1", "§ 2.1", "§§2.1–2.3". */
const SECTION_SIGN = new RegExp(String.raw`§§?\s*(${NUMBER}(?:${JOIN}${NUMBER})*)`, 'gu');
/** "(3.2)" as an equation number: a chapter-numbered label (or a small plain number after a lead word). */
const EQUATION = /\((\d{1,2}\.\d{1,3}(?:\.\d{1,3})?|\d{1,3})\)(?![\p{L}\d(])/gu;

/** Words just before a reference that belong to the phrase. */
const LEAD =
  /(?:^|[\s(])((?:see(?:\s+also)?|cf\.|by|from|in|of|using|as\s+in|recall|compare(?:\s+with)?)\s+)$/i;
/** Words before a label that make it a reference even with the item's statement after it. */
const JOINED = /\b(?:and|or|to|with|the|this|that)\s+$/i;
/** Words before a bare "(n)" that make it an equation reference (not an enumerated item or a year). */
const EQUATION_LEAD =
  /\b(?:(?:see|by|from|in|of|using|and|or|to|with|into|equation|equations|eq\.|eqs\.|eqn\.|identity|formula|relation|recurrence|satisf(?:y|ies|ying)|gives?|yields?|becomes|shows?)\s+)$/i;

const BACK =
  /\b(?:recall(?:ed|ing)?|we\s+(?:saw|have\s+seen|showed|have\s+shown|proved|have\s+proved|found|noted|observed)|(?:as\s+)?(?:we\s+)?(?:saw|seen|shown|proved|proven|established|discussed|introduced|defined|stated|described|mentioned)\s+(?:in|earlier|above|before)|earlier|previous(?:ly)?|preceding|above|already|last\s+(?:chapter|section)|before)\b/i;
const FORWARD =
  /\b(?:we\s+(?:will|shall|'ll)|will\s+be\s+(?:\w+\s+){0,3}?(?:in|later|below)|will\s+be|(?:is|are)\s+(?:given|proved|shown|discussed|treated|studied)\s+(?:later|below|in)|later|below|next|following|forthcoming|subsequent(?:ly)?|ahead|(?:to\s+)?come)\b/i;

/** Items of a list or range, expanded: "2.1–2.3" gives 2.1, 2.2, 2.3 when the numbers share a parent. */
export function expandNumbers(list: string): ListedLabel[] {
  const out: ListedLabel[] = [];
  const tokens = list.match(new RegExp(`${NUMBER}|[-–—−]|\\b(?:through|to)\\b`, 'g')) ?? [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (!/^\d/.test(token)) continue;
    const isRange =
      tokens[i + 1] !== undefined && !/^\d/.test(tokens[i + 1]!) && /^\d/.test(tokens[i + 2] ?? '');
    if (!isRange) {
      out.push({ label: token, rangeStart: undefined });
      continue;
    }
    const [first, ...rest] = expandRange(token, tokens[i + 2]!);
    out.push(
      { label: first!, rangeStart: undefined },
      ...rest.map((label) => ({ label, rangeStart: first })),
    );
    i += 2;
  }
  // Items of one list have the same shape ("3.1, 3.4 and 3.7"); a stray "2" after a comma is not one.
  const depth = (label: string) => label.split('.').length;
  const seen = new Set<string>();
  return out.filter(({ label }) => {
    if (seen.has(label) || depth(label) !== depth(out[0]!.label)) return false;
    seen.add(label);
    return true;
  });
}

/** The labels from `first` to `last` when they differ in the last part only; else the two ends. */
function expandRange(first: string, last: string): string[] {
  const a = first.split('.');
  const b = last.split('.');
  const from = Number(a[a.length - 1]);
  const to = Number(b[b.length - 1]);
  const sameParent = a.length === b.length && a.slice(0, -1).join('.') === b.slice(0, -1).join('.');
  if (!sameParent || to < from || to - from > 30) return [first, last];
  const parent = a.slice(0, -1);
  const out: string[] = [];
  for (let n = from; n <= to; n++) out.push([...parent, String(n)].join('.'));
  return out;
}

/**
 * Whether the words around a mention say it points back or forward: the cue nearest before it in its
 * sentence, else the first one after it in its clause.
 */
export function directionAt(text: string, start: number, end: number): 'back' | 'forward' | undefined {
  const sentenceStart = Math.max(text.lastIndexOf('. ', start) + 1, start - 80);
  const before = text.slice(sentenceStart, start);
  const after = text.slice(end, end + 40).split(/[.;:!?]/)[0]!;
  const last = (pattern: RegExp, within: string) =>
    Math.max(-1, ...[...within.matchAll(new RegExp(pattern.source, 'gi'))].map((m) => m.index + m[0].length));
  const back = last(BACK, before);
  const forward = last(FORWARD, before);
  // "will be stated and proved in": both cues end together, and the future tense decides.
  if (back >= 0 || forward >= 0) return back > forward ? 'back' : 'forward';
  const backAfter = BACK.exec(after)?.index ?? Infinity;
  const forwardAfter = FORWARD.exec(after)?.index ?? Infinity;
  if (backAfter === Infinity && forwardAfter === Infinity) return undefined;
  return backAfter < forwardAfter ? 'back' : 'forward';
}

/**
 * Whether a "Theorem 3.17" at `start` is the item's own label rather than a reference to it: the
 * paragraph opens with it (or a caption sits inside a figure's text) and the item's statement, name or
 * caption follows, not a verb. Plurals and phrases with a lead word are always references.
 */
function isOwnLabel(
  text: string,
  start: number,
  end: number,
  kind: ReferenceKind,
  plural: boolean,
  lead: string,
): boolean {
  if (plural || lead !== '' || JOINED.test(text.slice(Math.max(0, start - 8), start))) return false;
  const after = text.slice(end);
  // An item's label may open its paragraph in parentheses ("(Exercise 1: ) a) Show that ...").
  const opensParagraph = /^\s*\(?\s*$/.test(text.slice(0, start));
  // The statement starts with a capital, a name in parentheses, a full stop or nothing at all (a
  // parenthesis right after the number is a part of the item: "Theorem 2.3(d)" refers).
  const statementFollows = /^(?:\s*$|\.(?:\s|$)|:|\s+[\p{Lu}\d"“‘([{∀∃¬|√])/u.test(after);
  // A caption may be a formula ("Figure 19.25 a ∧ b"); "Figure 3.7 shows" is a sentence about the figure.
  const captionFollows = (kind === 'figure' || kind === 'table') && !/^\s+\p{Ll}{2,}/u.test(after);
  if (opensParagraph) return statementFollows || captionFollows;
  // Mid-paragraph: a caption or a run-in heading has no sentence end before it and a capital after it.
  const before = text.slice(Math.max(0, start - 3), start);
  return /^\s+[\p{Lu}][\p{Ll}]/u.test(after) && !/[.!?:;,]\s*$/.test(before) && !/\($/.test(before);
}

interface NamedMatch {
  kind: ReferenceKind;
  labels: ListedLabel[];
  start: number;
  end: number;
  /** The item's own label ("Theorem 3.17" opening its statement), not a reference. */
  own: boolean;
}

/** Every "Kind number(s)" in the text, references and items' own labels alike. */
/**
 * A statement some books name by a letter code rather than a number: linalg's "Definition D0", "Definition
 * Tr1" (the determinant's and the trace's definitions), referred to as "According to Definition D0".
 */
const CODED = new RegExp(
  String.raw`(?<![\p{L}\d])(${['theorem', 'lemma', 'proposition', 'corollary', 'definition', 'statement']
    .map((kind) => KIND_WORDS.find(([k]) => k === kind)![1])
    .join('|')})${SPACE}(\p{Lu}\p{Ll}?\d{1,2})(?![\p{L}\d])`,
  'gu',
);

function scanNamed(text: string): NamedMatch[] {
  const out: NamedMatch[] = [];
  for (const m of text.matchAll(CODED)) {
    const kind = kindOf(m[1]!);
    const [start, end] = [m.index, m.index + m[0].length];
    const lead = LEAD.exec(text.slice(Math.max(0, start - 20), start))?.[1] ?? '';
    const own = isOwnLabel(text, start, end, kind, false, lead);
    out.push({ kind, labels: [{ label: m[2]!, rangeStart: undefined }], start, end, own });
  }
  for (const m of text.matchAll(NAMED)) {
    const word = m[1]!;
    const start = m.index;
    const plural = /(?:s|ies|ta)$/.test(word.replace(/\.$/, ''));
    // A singular word names one item ("by Theorem 4.1, 3 divides n" is not a list): its first number only.
    const numbers = plural ? m[2]! : /^\d+(?:\.\d+)*/.exec(m[2]!)![0];
    const end = start + m[0].length - m[2]!.length + numbers.length;
    const lead = LEAD.exec(text.slice(Math.max(0, start - 20), start))?.[1] ?? '';
    const kind = kindOf(word);
    const own = isOwnLabel(text, start, end, kind, plural, lead);
    out.push({ kind, labels: expandNumbers(numbers), start, end, own });
  }
  return out;
}

/** The labels of the items a paragraph opens with or holds as a caption ("Theorem 3.17", "Figure 2.5"). */
export function findItemLabels(text: string): { kind: ReferenceKind; label: string; name: string }[] {
  return scanNamed(text)
    .filter((m) => m.own)
    .map((m) => ({ kind: m.kind, label: m.labels[0]!.label, name: text.slice(m.start, m.end) }));
}

/** The word that names a kind right before a label, with what separates them: "Eq. ", "Exercise ", "Sec.\u00a0". */
const KIND_WORD_BEFORE = new RegExp(
  String.raw`(?<![\p{L}])(?:${KIND_WORDS.map(([, w]) => w).join('|')})[\s\u00a0\u202f]*$`,
  'iu',
);

/** The kind word that ends `text`, if any, in any case ("... from Equation " -> "Equation ", "see problem "). */
export function kindWordAtEnd(text: string): string | undefined {
  return KIND_WORD_BEFORE.exec(text)?.[0];
}

/** Kinds of statement a book may print without a number ("Theorem:", "Lemma (Cayley).") and refer to by section. */
const UNNUMBERED_KINDS = new Set<ReferenceKind>([
  'theorem',
  'lemma',
  'proposition',
  'corollary',
  'definition',
  'statement',
  'algorithm',
]);
const OPENING_WORD = /^\(?\s*(\p{L}+\.?)\s*(?:[:.]|\([^)]{1,60}\)\s*[:.])/u;

/** The kind of statement a paragraph opens with, unnumbered ("Theorem: If ...", "Lemma (Zorn). ..."). */
export function unnumberedItemKind(text: string): ReferenceKind | undefined {
  const word = OPENING_WORD.exec(text)?.[1];
  if (word === undefined) return undefined;
  const kind = kindOf(word);
  return UNNUMBERED_KINDS.has(kind) ? kind : undefined;
}

/** Every explicit reference in a paragraph's text, in order of appearance, one mention per target. */
export function findReferenceMentions(text: string): ReferenceMention[] {
  const mentions: ReferenceMention[] = [];
  const taken: [number, number][] = [];
  const add = (kind: ReferenceKind, labels: ListedLabel[], start: number, end: number, bare = false) => {
    const lead = LEAD.exec(text.slice(Math.max(0, start - 20), start))?.[1] ?? '';
    const phrase = text.slice(start - lead.length, end).replace(/[\s\u00a0\u202f]+/g, ' ');
    const direction = directionAt(text, start, end);
    for (const { label, rangeStart } of labels) {
      mentions.push({ kind, label, start, end, phrase, direction, rangeStart, ...(bare ? { bare } : {}) });
    }
    taken.push([start, end]);
  };

  for (const m of scanNamed(text)) if (!m.own) add(m.kind, m.labels, m.start, m.end);
  for (const m of text.matchAll(APPENDIX)) {
    for (const label of m[1]!.split(/,?\s+and\s+|,\s*/)) {
      add(
        label.includes('.') ? 'section' : 'chapter',
        [{ label, rangeStart: undefined }],
        m.index,
        m.index + m[0].length,
      );
    }
  }
  for (const m of text.matchAll(LETTERED_SECTION)) {
    add('section', [{ label: m[1]!, rangeStart: undefined }], m.index, m.index + m[0].length);
  }
  for (const m of text.matchAll(SECTION_SIGN)) {
    add('section', expandNumbers(m[1]!), m.index, m.index + m[0].length);
  }
  for (const m of text.matchAll(EQUATION)) {
    const start = m.index;
    if (taken.some(([s, e]) => start >= s && start < e)) continue;
    // Only after words that refer: a display's own number "(3.2)", an item "(3)" or "f(3.2)" has none.
    const lead = EQUATION_LEAD.exec(text.slice(Math.max(0, start - 30), start));
    if (m[1]!.startsWith('0')) continue;
    if (!lead) {
      // "(3.7)" alone: chapter-numbered, never right after a word that takes it as an argument ("f(3.2)")
      // nor after a sign that makes it a value ("x = (3.2)").
      const before = text.slice(Math.max(0, start - 3), start);
      if (m[1]!.includes('.') && !/[\p{L}\d)]$/u.test(before) && !/[=<>≤≥≈+\-−*/×·^]\s*$/u.test(before))
        add('equation', [{ label: m[1]!, rangeStart: undefined }], start, start + m[0].length, true);
      continue;
    }
    // "(3)" is as often a condition or an item as an equation: only "Equation (3)" makes it one.
    if (!m[1]!.includes('.') && !/^eq/i.test(lead[0])) continue;
    add('equation', [{ label: m[1]!, rangeStart: undefined }], start - lead[0].length, start + m[0].length);
  }
  // A place in a cited work ("Kastner (2016: Section 2.4.1.1)", "Smith 2010, Chapter 3") is not this book's.
  return mentions
    .filter((m) => !CITED_WORK.test(text.slice(Math.max(0, m.start - 40), m.start)))
    .sort((a, b) => a.start - b.start);
}

/** What ends right before a place in a cited work: its year, then a colon or a comma. */
const CITED_WORK = /\b(?:1[5-9]|20)\d{2}[a-z]?\s*[:,]\s*(?:(?:see|cf\.|also|esp\.)\s+)?$/i;
