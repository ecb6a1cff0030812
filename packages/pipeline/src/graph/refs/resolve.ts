/**
 * Explicit references resolved to the paragraphs they point at: the mentions the grammar finds in each
 * paragraph, looked up in the book's numbered things; and, when the PDF has them, its internal links.
 * A mention whose target the book does not show is dropped rather than guessed (a wrong link misleads a
 * student more than a missing one); a paragraph never refers to itself.
 */
import { isFigureText } from '../../figure-text.ts';
import { crossReferencePairs, type PdfLink } from '../links.ts';
import type { ExplicitReference, GraphParagraph } from '../types.ts';
import { findItemLabels, findReferenceMentions, type ReferenceMention } from './grammar.ts';
import { buildTargetIndex, isInSection, SECTION_KINDS, type TargetIndex } from './targets.ts';

import {
  ANSWER_NUMBER,
  ANSWER_OPENING,
  EXERCISE_NUMBER,
  LABEL_ONLY,
  TRAILING_LABEL,
} from './answer-labels.ts';
import { buildExampleIndex } from './examples.ts';
import type { ResolvedMention } from './resolved-mention.ts';
import { buildTitleIndex } from './titles.ts';

export interface ResolveOptions {
  /** The PDF's internal link annotations: added where the text has no reference, preferred on conflict. */
  links?: PdfLink[];
}

/**
 * The section mention an item's words place it in: "Exercise 1 in Sec. 1.1.5", "Lemma 2 of Section 1.7.3",
 * "Exercise 5 (Sec. 5.3.1)", "Exercises 1 and 2 in Sec. 3.9", "Exercise 1a in Sec. C.4", or the section
 * before the items in parentheses, "in Sec. 3.9 (Exercises 1 and 2)". Only for a label numbered afresh in
 * each section (no dot in it). Returns the index of that mention among `mentions`.
 */
function namedSection(text: string, mentions: ReferenceMention[], i: number): number | undefined {
  const item = mentions[i]!;
  if (SECTION_KINDS.has(item.kind) || item.kind === 'equation' || item.label.includes('.')) return undefined;
  // Items listed together share their phrase: the section comes after the whole list, or before it.
  const next = mentions.findIndex((m, j) => j > i && m.start !== item.start);
  // A part's letter may follow the number ("1a").
  if (
    next !== -1 &&
    SECTION_KINDS.has(mentions[next]!.kind) &&
    /^[a-z]?\)?[\s,(]*(?:(?:in|of|from)\s*)?$/.test(text.slice(item.end, mentions[next]!.start))
  )
    return next;
  const before = mentions.findLastIndex((m, j) => j < i && m.start !== item.start);
  if (
    before !== -1 &&
    SECTION_KINDS.has(mentions[before]!.kind) &&
    /^\s*\(\s*$/.test(text.slice(mentions[before]!.end, item.start))
  )
    return before;
  return undefined;
}

/**
 * A paragraph's references read from its text. A section that places an item ("Lemma 2 of Sec. 1.7.3")
 * is part of the item's phrase, not a reference of its own: the student is sent to the lemma, and a link
 * the PDF puts on the section's number confirms the lemma (`withinTargetId`). Where the item is not found,
 * the section still is.
 */
function referencesInText(
  p: GraphParagraph,
  index: TargetIndex,
  resolved: { mentions(p: GraphParagraph): ResolvedMention[] }[],
): TextReference[] {
  const mentions = findReferenceMentions(p.text);
  const placed = mentions.map((_, i) => namedSection(p.text, mentions, i));
  const targets = mentions.map((m, i) => {
    const qualifier = placed[i];
    return index.find(m.kind, m.label, p, qualifier === undefined ? undefined : mentions[qualifier]!.label);
  });
  const qualifiersOfFound = new Set(placed.filter((q, i) => q !== undefined && targets[i] !== undefined));
  const refs: TextReference[] = [];
  for (const [i, mention] of mentions.entries()) {
    const target = targets[i];
    if (qualifiersOfFound.has(i)) continue;
    if (!target || target.id === p.id || refs.some((r) => r.targetId === target.id)) continue;
    const qualifier = placed[i] === undefined ? undefined : mentions[placed[i]]!;
    const ref: TextReference = {
      sourceId: p.id,
      targetId: target.id,
      kind: mention.kind,
      phrase: qualifier ? phraseWith(p.text, mention, qualifier) : mention.phrase,
      via: 'text',
    };
    if (qualifier) {
      ref.section = qualifier.label;
      const within = index.find(qualifier.kind, qualifier.label, p);
      if (within) ref.withinTargetId = within.id;
    } else if (!SECTION_KINDS.has(mention.kind) && isInSection(target, mention.label)) {
      // "Theorem 5.8.1", the unnumbered theorem of Section 5.8.1: a link on the number lands on the section.
      const within = index.find('subsection', mention.label, p) ?? index.find('section', mention.label, p);
      if (within && within.id !== target.id) {
        ref.section = mention.label;
        ref.withinTargetId = within.id;
      }
    }
    refs.push(ref);
  }
  // By title or example number: one the numbers found already ("Figure 3.2, “Inside the CPU”") adds nothing.
  for (const mention of resolved.flatMap((finder) => finder.mentions(p))) {
    if (mention.target.id === p.id || refs.some((r) => r.targetId === mention.target.id)) continue;
    refs.push({
      sourceId: p.id,
      targetId: mention.target.id,
      kind: mention.kind,
      phrase: mention.phrase,
      via: 'text',
    });
  }
  return refs;
}

/** An item's phrase and the section's that places it, as one: "by Exercise 1 in Sec. 1.1.5". */
function phraseWith(text: string, item: ReferenceMention, section: ReferenceMention): string {
  const [first, last] = item.start < section.start ? [item, section] : [section, item];
  const phrase = first.phrase + text.slice(first.end, last.end);
  // "in Sec. 3.9 (Exercises 1 and 2)" closes what it opens.
  const closing = phrase.split('(').length > phrase.split(')').length && text[last.end] === ')' ? ')' : '';
  return (phrase + closing).replace(/[\s\u00a0\u202f]+/g, ' ');
}

/** A reference read from the text, with the opening of the section its words place it in. */
type TextReference = ExplicitReference & { withinTargetId?: string };

/** Whether a paragraph's link targets include what a text reference names, or the section placing it. */
function linkConfirms(ref: TextReference, linkTargets: string[]): boolean {
  return (
    linkTargets.includes(ref.targetId) ||
    (ref.withinTargetId !== undefined && linkTargets.includes(ref.withinTargetId))
  );
}

function withoutSectionOpening(ref: TextReference): ExplicitReference {
  const { withinTargetId: _, ...reference } = ref;
  return reference;
}

/** Every explicit reference of the book, by source paragraph in reading order, one per source and target. */
export function resolveExplicitReferences(
  paragraphs: GraphParagraph[],
  options: ResolveOptions = {},
): ExplicitReference[] {
  const index = buildTargetIndex(paragraphs);
  const resolved = [buildTitleIndex(paragraphs), buildExampleIndex(paragraphs)];
  const fromText = new Map<string, TextReference[]>();
  for (const p of paragraphs) {
    // Code is read by a machine, not a student: "fig(1.2)" in a listing refers to nothing.
    if (p.kind === 'code') continue;
    const refs = referencesInText(p, index, resolved);
    if (refs.length > 0) fromText.set(p.id, refs);
  }
  const linked = options.links ? linkTargetsBySource(options.links, paragraphs) : new Map<string, string[]>();
  const byId = new Map(paragraphs.map((p) => [p.id, p]));

  const linksVouch = linksCoverText(fromText, linked);
  const inOrder = new Map(paragraphs.map((p) => [p.order, p]));
  const byOrder: ByOrder = (order) => inOrder.get(order);
  const out: ExplicitReference[] = [];
  for (const p of paragraphs) {
    const linkTargets = linked.get(p.id) ?? [];
    const refs = mergeWithLinks(p.id, fromText.get(p.id) ?? [], linkTargets, byId, byOrder);
    const seen = new Set<string>();
    for (const ref of refs) {
      // In a book whose links stand for its references, a reading of the text that a paragraph's links
      // leave out is a misreading. A paragraph without links says nothing: an author who links most
      // references may still type some by hand ("by Lemma 1" within its section, in a LyX book).
      if (linksVouch && ref.via === 'text' && linkTargets.length > 0) continue;
      if (seen.has(ref.targetId)) continue;
      seen.add(ref.targetId);
      out.push(ref);
    }
  }
  return out;
}

/** Share of the text's references the PDF's links confirm, from which the links are taken as the truth. */
const LINKED_BOOK = 0.5;

/**
 * Whether the PDF links its references: most references read from the text have a link to the same
 * paragraph. Then the links are the author's own record of what refers to what.
 */
function linksCoverText(fromText: Map<string, TextReference[]>, linked: Map<string, string[]>): boolean {
  let read = 0;
  let confirmed = 0;
  for (const [source, refs] of fromText) {
    const targets = linked.get(source) ?? [];
    read += refs.length;
    confirmed += refs.filter((r) => linkConfirms(r, targets)).length;
  }
  return read > 0 && confirmed >= LINKED_BOOK * read;
}

/** The link targets of each paragraph, of the links that are cross-references. */
function linkTargetsBySource(links: PdfLink[], paragraphs: GraphParagraph[]): Map<string, string[]> {
  const bySource = new Map<string, string[]>();
  for (const pair of crossReferencePairs(links, paragraphs)) {
    const list = bySource.get(pair.sourceId) ?? [];
    list.push(pair.targetId);
    bySource.set(pair.sourceId, list);
  }
  return bySource;
}

/**
 * One paragraph's references from its text and its links. A text reference a link confirms is 'both'.
 * The rest are paired with the links no text reference reached, in order, when the counts agree (the
 * same phrases, resolved differently: the link's target wins, if it can be what the phrase names) or
 * when they point into the same section; links left over become references of their own, named after
 * what they point at.
 */
function mergeWithLinks(
  sourceId: string,
  fromText: TextReference[],
  linkTargets: string[],
  byId: Map<string, GraphParagraph>,
  byOrder: ByOrder,
): ExplicitReference[] {
  if (linkTargets.length === 0) return fromText.map(withoutSectionOpening);
  const confirmed = new Set(fromText.map((r) => r.targetId).filter((id) => linkTargets.includes(id)));
  // A link on the number of the section that places an item ("Lemma 2 of Sec. 1.7.3") lands on the
  // section's opening and confirms the item; it is no reference to the opening, even when another link
  // (on "Eq. (1.21)") already reached the item.
  const onPlacingSection = new Set<string>();
  for (const ref of fromText) {
    if (ref.withinTargetId === undefined || !linkTargets.includes(ref.withinTargetId)) continue;
    confirmed.add(ref.targetId);
    onPlacingSection.add(ref.withinTargetId);
  }
  // A link landing on the paragraph just before the one the text names ("see Appendix E.6" and a link to
  // the last paragraph of E.5, its destination set above the heading) confirms it.
  const landedOff = new Set<string>(onPlacingSection);
  for (const ref of fromText) {
    if (confirmed.has(ref.targetId)) continue;
    const named = byId.get(ref.targetId);
    // ... unless another reference of the paragraph names where that link went.
    const namedByAnother = (id: string) =>
      fromText.some(
        (other) => other !== ref && SECTION_KINDS.has(other.kind) && inNamedSection(other, byId.get(id)!),
      );
    const near = linkTargets.find(
      (id) =>
        !landedOff.has(id) &&
        !confirmed.has(id) &&
        (byId.get(id)?.order === (named?.order ?? NaN) - 1 || inFigureOf(named, byId.get(id))) &&
        !namedByAnother(id),
    );
    if (near === undefined) continue;
    confirmed.add(ref.targetId);
    landedOff.add(near);
  }
  const unmatchedLinks = linkTargets.filter((id) => !confirmed.has(id) && !landedOff.has(id));
  const unconfirmed = fromText.filter((r) => !confirmed.has(r.targetId));
  const replacement = new Map<ExplicitReference, string>();
  if (unconfirmed.length === unmatchedLinks.length) {
    // In order, each with the first link left that can be what it names.
    const left = [...unmatchedLinks];
    for (const ref of unconfirmed) {
      const at = left.findIndex((id) => byId.has(id) && inNamedSection(ref, byId.get(id)!));
      if (at === -1) continue;
      replacement.set(ref, left[at]!);
      left.splice(at, 1);
    }
  } else {
    for (const ref of unconfirmed) {
      const section = byId.get(ref.targetId)?.sectionId;
      const link = unmatchedLinks.find(
        (id) => byId.get(id)?.sectionId === section && ![...replacement.values()].includes(id),
      );
      if (link) replacement.set(ref, link);
    }
  }
  const out = fromText.map((textRef): ExplicitReference => {
    const ref = withoutSectionOpening(textRef);
    if (confirmed.has(ref.targetId)) return { ...ref, via: 'both' };
    const link = replacement.get(textRef);
    return link ? { ...ref, targetId: link, via: 'link' } : ref;
  });
  const used = new Set([...confirmed, ...replacement.values()]);
  for (const targetId of unmatchedLinks) {
    if (used.has(targetId)) continue;
    const pair = answerNear(byId.get(sourceId)!, byId.get(targetId)!, byOrder);
    if (pair === undefined) continue;
    const described = describeLink(pair.source, pair.target, byOrder);
    // A link from a paragraph with no words of its own (a "√", a footnote's address) was placed on it by
    // position only: nothing says what it refers from. One landing on a paragraph without a letter (the
    // tick labels of a plot, "1880 1900 1920") lands on a drawing, not on a text to read.
    // An answer may be a number alone ("1.1.1. 255.").
    const placedOnly = wordsOf(pair.source.text) < MIN_LINK_SOURCE_WORDS || !/\p{L}/u.test(pair.target.text);
    if (described.role !== 'answer' && placedOnly) continue;
    out.push({ sourceId: pair.source.id, targetId: pair.target.id, ...described, via: 'link' });
  }
  return out;
}

/**
 * Whether a link's landing is inside the figure or table a caption labels: on the caption's page, and not
 * a sentence ("v ⇒" of a drawn tree, a table's first row). The caption stands for the figure (the Related panel
 * draws the figure with it).
 */
export function inFigureOf(
  caption: GraphParagraph | undefined,
  landing: GraphParagraph | undefined,
): boolean {
  return (
    caption?.kind === 'caption' &&
    landing !== undefined &&
    landing.page === caption.page &&
    landing.id !== caption.id &&
    (landing.kind !== undefined || isFigureText(landing.text) || !SENTENCE_END.test(landing.text))
  );
}

/** The end of a sentence: prose has one, a figure's labels and a table's cells have none. */
const SENTENCE_END = /[.!?:](?:\s|$)/;

/**
 * Whether a paragraph can be what a reference names: one to a section ("in Section 4.6") only in that
 * section or below it. A link elsewhere is another reference, not this one resolved differently.
 */
function inNamedSection(reference: ExplicitReference, paragraph: GraphParagraph): boolean {
  if (!SECTION_KINDS.has(reference.kind)) return true;
  const named = sectionNamed(reference);
  return named === undefined || isInSection(paragraph, named);
}

/** The number of the section or chapter a reference's words name ("in Section 4.6" -> "4.6"). */
export function sectionNamed(reference: ExplicitReference): string | undefined {
  return SECTION_KINDS.has(reference.kind)
    ? /([\dA-Z]+(?:\.\d+)*)\W*$/.exec(reference.phrase)?.[1]
    : undefined;
}

/** Words a paragraph needs for a link without words of its own to leave from it. */
const MIN_LINK_SOURCE_WORDS = 2;

/** How many words of three letters or more a text has, web addresses aside. */
function wordsOf(text: string): number {
  return text.replace(/\S+:\/\/\S+|www\.\S+/g, ' ').match(/\p{L}{3,}/gu)?.length ?? 0;
}

/** The paragraphs in reading order, to look around where a link landed. */
type ByOrder = (order: number) => GraphParagraph | undefined;

/**
 * The full number an answer is labelled with ("1.4.7") and its last part ("7"). Usually it opens the
 * answer; a number set in the margin beside "Hint. ..." may be read as a paragraph of its own before it,
 * or at the end of the paragraph before it.
 */
function answerLabel(answer: GraphParagraph, byOrder: ByOrder): { full: string; own: string } | undefined {
  const opening = ANSWER_NUMBER.exec(answer.text);
  if (opening !== null) return { full: opening[1]!, own: opening[2]! };
  if (!ANSWER_OPENING.test(answer.text)) return undefined;
  const before = byOrder(answer.order - 1)?.text.trim() ?? '';
  const apart = LABEL_ONLY.exec(before) ?? TRAILING_LABEL.exec(before);
  return apart === null ? undefined : { full: apart[1]!, own: apart[2]! };
}

/** How many paragraphs away an exercise's answer may be from where its link landed. */
const ANSWER_REACH = 3;

/**
 * Where a link between a numbered exercise and its answer really goes. Books link the two both ways, and
 * a link may land a paragraph or two off: on the last part of the answer before, or on the answer's
 * number standing apart from its text. The answer with the exercise's number near where the link landed
 * is meant. A link that lands on an answer of another number, with none of its own near, is dropped (a
 * wrong answer misleads more than none); any other link goes where it lands.
 */
function answerNear(
  source: GraphParagraph,
  target: GraphParagraph,
  byOrder: ByOrder,
): { source: GraphParagraph; target: GraphParagraph } | undefined {
  for (const [exercise, landed, fromExercise] of [
    [source, target, true],
    [target, source, false],
  ] as const) {
    const own = EXERCISE_NUMBER.exec(exercise.text)?.[1];
    if (own === undefined) continue;
    for (let distance = 0; distance <= ANSWER_REACH; distance++) {
      for (const order of new Set([landed.order - distance, landed.order + distance])) {
        const answer = byOrder(order);
        // A number standing alone labels the answer after it.
        if (answer === undefined || answer.id === exercise.id || LABEL_ONLY.test(answer.text.trim()))
          continue;
        if (answerLabel(answer, byOrder)?.own === own)
          return fromExercise ? { source, target: answer } : { source: answer, target };
      }
    }
    if (answerLabel(landed, byOrder) !== undefined || LABEL_ONLY.test(landed.text.trim())) return undefined;
  }
  return { source, target };
}

/** The answer's full number when one of the two is a numbered exercise and the other its answer. */
function answerNumber(a: GraphParagraph, b: GraphParagraph, byOrder: ByOrder): string | undefined {
  for (const [exercise, answer] of [
    [a, b],
    [b, a],
  ] as const) {
    const own = EXERCISE_NUMBER.exec(exercise.text)?.[1];
    const label = answerLabel(answer, byOrder);
    if (own !== undefined && label?.own === own) return label.full;
  }
  return undefined;
}

/**
 * A link's kind where the text finder read no reference: an exercise and its answer (the answer's number
 * is its phrase); else the kind the target paragraph is labelled with, and that label as its name
 * ("Theorem 3.17"), with no phrase: the source's words are not known.
 */
function describeLink(
  source: GraphParagraph,
  target: GraphParagraph,
  byOrder: ByOrder,
): Pick<ExplicitReference, 'kind' | 'phrase' | 'targetName' | 'role'> {
  const answer = answerNumber(source, target, byOrder);
  if (answer !== undefined) return { kind: 'exercise', phrase: answer, role: 'answer' };
  const label = findItemLabels(target.text)[0];
  return label ? { kind: label.kind, phrase: '', targetName: label.name } : { kind: 'other', phrase: '' };
}
