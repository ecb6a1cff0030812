/**
 * Which paragraph of a section a reference to the section stands for. A reference lands on the
 * section's opening, which is often not what the referring sentence cites: "FX is continuous (see
 * Appendix E.2)" and E.2's opening on one-to-one functions, "the Fundamental Theorem of Calculus (see
 * Appendix E.2)" and its Theorem E.9, "the section called “System Calls”" and its one-line introduction.
 */
import type { ExplicitReference, GraphParagraph } from '../types.ts';
import { literal } from '../regexp.ts';
import { sentenceAround } from '../sentences.ts';
import { SECTION_KINDS } from './targets.ts';
import { titleKey } from './titles.ts';

/**
 * The reference from one of two paragraphs to the section (not a whole chapter) the other is in (and does not open),
 * if any: a paragraph similar to the referring one inside the section it names is what the reference
 * sends the reader to, more than the section's first paragraph ("see also Section 3.4.1" and the
 * paragraph of 3.4.1 on the Levi-Civita symbol).
 */
export function referenceIntoSection(
  a: GraphParagraph,
  b: GraphParagraph,
  bySource: ReadonlyMap<string, readonly ExplicitReference[]>,
  byId: ReadonlyMap<string, GraphParagraph>,
): ExplicitReference | undefined {
  for (const [referring, other] of [
    [a, b],
    [b, a],
  ] as const) {
    for (const reference of bySource.get(referring.id) ?? []) {
      const opening = byId.get(reference.targetId);
      if (opening !== undefined && insideReferredSection(reference, opening, other)) return reference;
    }
  }
  return undefined;
}

/**
 * Whether `paragraph` is in the section a reference names by its opening, and is not the opening. A whole
 * chapter holds too much for a reference to it to stand for any one paragraph ("Exercise 16.7.12,
 * Chapter 16" and an example of Chapter 16 on another ring).
 */
function insideReferredSection(
  reference: ExplicitReference,
  opening: GraphParagraph,
  paragraph: GraphParagraph,
): boolean {
  if (!SECTION_KINDS.has(reference.kind) || reference.kind === 'chapter' || paragraph.id === opening.id)
    return false;
  return paragraph.sectionId === opening.sectionId || paragraph.sectionId.startsWith(`${opening.sectionId}.`);
}

/** A statement printed with its name: "Theorem E.9 (The Fundamental Theorem of Calculus).". */
const NAMED_STATEMENT =
  /^(?:Theorem|Lemma|Proposition|Corollary|Definition|Law|Rule|Principle|Algorithm)\s+[\w.]+\s*\(([^()]{3,80})\)/;

/** A title compared without case, punctuation or a leading article, padded to match whole words. */
const keyOf = (text: string) => ` ${titleKey(text).replace(/^(?:the|a|an) /, '')} `;

/**
 * The statement of the section whose printed name the referring sentence uses: "the Fundamental Theorem
 * of Calculus, part (2) (see Appendix E.2)" and "Theorem E.9 (The Fundamental Theorem of Calculus)".
 * Names of two words or more; undefined when none, or two, match.
 */
export function statementNamed(
  sentence: string,
  section: readonly GraphParagraph[],
): GraphParagraph | undefined {
  const said = keyOf(sentence);
  const named = section.filter((p) => {
    const name = NAMED_STATEMENT.exec(p.text)?.[1];
    return name !== undefined && keyOf(name).trim().includes(' ') && said.includes(keyOf(name));
  });
  return named.length === 1 ? named[0] : undefined;
}

/**
 * Words that carry no idea of their own before a reference ("is continuous (see", "as first discussed
 * in", "Statement 1 in Sec. 3.6.1").
 */
const NOT_ATTACHED = new Set(
  (
    'see also the a an of in on at to for from by with and or as is are was were be been it its this that these ' +
    'those which we our more details further discussed described given defined explained shown treated ' +
    'covered presented introduced derived proved studied mentioned noted seen recall compare cf first ' +
    'later earlier above below following review statement theorem lemma corollary proposition definition ' +
    'example exercise equation proof remark section chapter appendix part'
  ).split(' '),
);

/** The last word that carries an idea in the clause a reference is attached to ("FX is continuous (see"). */
function attachedWord(text: string, phrase: string): string | undefined {
  const at = text.indexOf(phrase);
  if (at <= 0) return undefined;
  const clause =
    text
      .slice(0, at)
      .split(/[.;:!?,]\s|\)\s/)
      .at(-1) ?? '';
  const words = clause.toLowerCase().match(/\p{L}[\p{L}\p{N}'’-]*/gu) ?? [];
  const word = words.reverse().find((w) => !NOT_ATTACHED.has(w));
  return word !== undefined && word.length >= 4 ? word : undefined;
}

/** A term's words in a text, each with an optional plural ending. */
const termPattern = (term: string, flags: string) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}-])${term
      .split(' ')
      .map((word) => `${literal(word)}(?:s|es)?`)
      .join('\\s+')}(?![\\p{L}\\p{N}-])`,
    flags,
  );

const holdsTerm = (text: string, term: string) => termPattern(term, 'iu').test(text);

/**
 * An item of a kind named right before a reference to its section: "see Definition 1 in Sec. 5.3.1",
 * "given as an exercise in Sec. 3.4", "the Exercise at the end of Sec. 2.3.2". An article or a number
 * marks the kind word as naming an item ("the same problem as in Section 1.1.4" names none).
 */
const ITEM_BEFORE =
  /\b(?:(an?|the|one)\s+)?(definition|exercise|example|theorem|lemma|statement|problem|proposition|corollary|remark)(?:\s+(\d{1,3}))?\s*(at the end\s*)?(?:of|in)?\s*$/i;

/**
 * The item of its section a reference is named with ("see Definition 1 in Sec. 5.3.1"): `{ item }` when
 * the section holds it once (its number, the last one "at the end", or the only one of its kind);
 * `{ item: undefined }` when it holds none, or several the words do not tell apart, so that its
 * opening, which is not the item, gets no edge; undefined when the words name no item, or a whole chapter.
 */
export function itemNamedWithSection(
  reference: ExplicitReference,
  referring: GraphParagraph,
  opening: GraphParagraph,
  paragraphs: readonly GraphParagraph[],
): { item: GraphParagraph | undefined } | undefined {
  if (!SECTION_KINDS.has(reference.kind) || reference.kind === 'chapter') return undefined;
  const at = referring.text.indexOf(reference.phrase);
  // A link's words cut short ("Sec. 3.6" of "Sec. 3.6.1") name another section than the text's.
  const cut = /^\.\d/.test(referring.text.slice(at + reference.phrase.length));
  const named = at > 0 && !cut ? ITEM_BEFORE.exec(referring.text.slice(Math.max(0, at - 60), at)) : null;
  if (named === null) return undefined;
  const [, article, kind, number, atTheEnd] = named;
  if (article === undefined && number === undefined) return undefined;
  const opens = new RegExp(`^${kind!}s?(?:\\s+(\\d{1,3}))?\\s*[:.]`, 'i');
  const items = paragraphs.filter(
    (p) => (p.id === opening.id || insideReferredSection(reference, opening, p)) && opens.test(p.text),
  );
  const meant =
    number !== undefined
      ? items.filter((p) => opens.exec(p.text)?.[1] === number)
      : atTheEnd
        ? items.slice(-1)
        : items;
  return { item: meant.length === 1 ? meant[0] : undefined };
}

/** A statement printed as a definition: "Definition E.2.", "Definition 6.15 (Quantile function.)". */
const DEFINITION_LABEL = /^Definitions?\s+[\w.]+/;

/**
 * The definition in the section of the word the reference is attached to ("FX is continuous (see Appendix
 * E.2)" and E.2's "Definition E.2. A function f is continuous at a number a if ..."): a paragraph
 * printed as a definition that holds the word, or one the book defines a term of that word in. Only when
 * the opening does not hold the word and exactly one definition of the section does.
 */
export function definitionOfAttachedWord(
  referring: string,
  phrase: string,
  opening: GraphParagraph,
  section: readonly GraphParagraph[],
  termsDefinedIn: (paragraph: GraphParagraph) => readonly string[],
): GraphParagraph | undefined {
  const word = attachedWord(referring, phrase);
  if (word === undefined || holdsTerm(opening.text, word)) return undefined;
  const found = section.filter(
    (p) =>
      p.id !== opening.id &&
      ((DEFINITION_LABEL.test(p.text) && holdsTerm(p.text, word)) ||
        termsDefinedIn(p).some((term) => holdsTerm(term, word))),
  );
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The definition in the section of the term the sentence names last before the reference ("namely an
 * orthonormal basis {ej} such that 〈ei, ej〉 = δij (see Sec. 5.1)" and 5.1's definition of an orthonormal
 * basis, not its opening on ordered number fields). Only a term the opening does not hold, that one
 * paragraph of the section defines.
 */
function definitionOfNearestTerm(
  sentence: string,
  phrase: string,
  opening: GraphParagraph,
  section: readonly GraphParagraph[],
  termsDefinedIn: (paragraph: GraphParagraph) => readonly string[],
): GraphParagraph | undefined {
  const before = sentence.slice(0, Math.max(0, sentence.indexOf(phrase)));
  const definers = new Map<string, GraphParagraph[]>();
  for (const p of section)
    if (p.id !== opening.id)
      for (const term of termsDefinedIn(p)) definers.set(term, [...(definers.get(term) ?? []), p]);
  let nearest: { at: number; definer: GraphParagraph | undefined } | undefined;
  for (const [term, paragraphs] of definers) {
    const at = lastEnd(before, term);
    if (at === undefined || (nearest !== undefined && at <= nearest.at)) continue;
    const own = paragraphs.length === 1 && !holdsTerm(opening.text, term);
    nearest = { at, definer: own ? paragraphs[0] : undefined };
  }
  return nearest?.definer;
}

/** Where the last occurrence of a term in a text ends, if any. */
function lastEnd(text: string, term: string): number | undefined {
  const last = [...text.matchAll(termPattern(term, 'giu'))].at(-1);
  return last === undefined ? undefined : last.index + last[0].length;
}

/** A paragraph printed as an example or exercise: "Example 9.1 (Fishing, part one).". */
const LABELLED_INSTANCE = /^(?:Example|Exercise|Problem)s?\s+[\w.]+/;

/** Words under which a section's opening only introduces it ("System calls are how ... described below."). */
const LEAD_IN_WORDS = 25;

/** Whether a paragraph only leads into what follows: short, or ending on a colon ("the following four steps:"). */
export const isLeadIn = (paragraph: GraphParagraph) =>
  paragraph.text.split(/\s+/).length < LEAD_IN_WORDS || /:\s*$/.test(paragraph.text);

/**
 * The section's first paragraph with substance when its opening is a lead-in ("All modern computers use
 * two's complement representation." opening "Sign-extension"): the prose paragraph right after it, in
 * the same section and no lead-in itself. Not for a whole chapter.
 */
export function pastLeadIn(
  reference: ExplicitReference,
  opening: GraphParagraph,
  byOrder: (order: number) => GraphParagraph | undefined,
): GraphParagraph | undefined {
  if (!SECTION_KINDS.has(reference.kind) || reference.kind === 'chapter' || !isLeadIn(opening))
    return undefined;
  const next = byOrder(opening.order + 1);
  if (next === undefined || next.sectionId !== opening.sectionId || next.kind !== undefined) return undefined;
  // "The following example is how I was introduced to maximum likelihood.": an example is not what the section is.
  return isLeadIn(next) || LABELLED_INSTANCE.test(next.text) ? undefined : next;
}

/**
 * The paragraph of the section a reference names that the referring sentence cites, when its opening is
 * not it: a statement the sentence names, or the definition of the word the reference is attached to.
 * undefined for a chapter, or when none stands out.
 */
export function itemTheSentenceCites(
  reference: ExplicitReference,
  referring: GraphParagraph,
  opening: GraphParagraph,
  paragraphs: readonly GraphParagraph[],
  termsDefinedIn: (paragraph: GraphParagraph) => readonly string[],
): GraphParagraph | undefined {
  if (!SECTION_KINDS.has(reference.kind) || reference.kind === 'chapter') return undefined;
  const section = paragraphs.filter(
    (p) => p.id === opening.id || (p.id !== referring.id && insideReferredSection(reference, opening, p)),
  );
  const sentence = sentenceAround(referring.text, reference.phrase);
  if (sentence === '') return undefined;
  return (
    statementNamed(sentence, section) ??
    definitionOfAttachedWord(referring.text, reference.phrase, opening, section, termsDefinedIn) ??
    definitionOfNearestTerm(sentence, reference.phrase, opening, section, termsDefinedIn)
  );
}

/**
 * Where in a section a reference to it sends the reader, when its opening is not about what the referring
 * sentence is about ("the Law of Large Numbers (see Section 4.3)" and 4.3's opening question on coin
 * tosses): the paragraph of the section that shares the most ideas of the book with the referring
 * paragraph, one of them in the referring sentence, while the opening shares none of that sentence's.
 * undefined when no paragraph of the section does, or two do equally.
 */
export function paragraphReferredTo(
  reference: ExplicitReference,
  referring: GraphParagraph,
  opening: GraphParagraph,
  paragraphs: readonly GraphParagraph[],
  sharedIdeas: (a: string, b: string) => readonly string[] | undefined,
): GraphParagraph | undefined {
  if (!SECTION_KINDS.has(reference.kind) || reference.kind === 'chapter') return undefined;
  const sentence = sentenceAround(referring.text, reference.phrase).toLowerCase();
  const inSentence = (ideas: readonly string[]) =>
    ideas.filter((idea) => sentence.includes(idea.toLowerCase()));
  if (sentence === '' || inSentence(sharedIdeas(referring.text, opening.text) ?? []).length > 0)
    return undefined;
  let best: { paragraph: GraphParagraph; ideas: number } | undefined;
  let tie = false;
  for (const paragraph of paragraphs) {
    if (paragraph.id === referring.id || !insideReferredSection(reference, opening, paragraph)) continue;
    const shared = sharedIdeas(referring.text, paragraph.text) ?? [];
    const about = inSentence(shared);
    // Two ideas of the sentence, or one phrase ("dual basis", "unbiased estimator").
    if (about.length < 2 && !about.some((idea) => idea.includes(' '))) continue;
    const ideas = shared.length;
    if (best === undefined || ideas > best.ideas) {
      best = { paragraph, ideas };
      tie = false;
    } else if (ideas === best.ideas) tie = true;
  }
  return tie ? undefined : best?.paragraph;
}
