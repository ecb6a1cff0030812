/**
 * The numbered things of a book a reference can point at, found in its paragraphs: chapters and sections
 * (their first paragraph), theorem-like items, figures and tables (the paragraph that opens with or holds
 * their label), exercises (the numbered item in the exercises section) and displayed equations (the
 * paragraph that ends a display with the number).
 */
import type { GraphParagraph, ReferenceKind } from '../types.ts';
import { findItemLabels, findReferenceMentions, unnumberedItemKind } from './grammar.ts';

export interface TargetIndex {
  /**
   * The paragraph a kind and label point at, seen from the paragraph that refers (`from`); undefined when
   * the book shows no such thing. `within` is the section the words name for an item numbered afresh in
   * each section ("Exercise 1 in Sec. 1.1.5"): only an item there will do.
   */
  find(
    kind: ReferenceKind,
    label: string,
    from?: GraphParagraph,
    within?: string,
  ): GraphParagraph | undefined;
}

/** A chapter's or section's number: "3", "3.2", or a lettered appendix's "A", "A.2". */
const DOTTED = /^(?:\d+|[A-Z])(?:\.\d+)*$/;
/** An exercise as a numbered list item: "15. Linear Transformations ..." */
const EXERCISE_ITEM = /^(\d{1,3})[.)]\s/;
/** A display's equation number: "(3.2)" with no word before it that would make it a reference. */
const EQUATION_NUMBER = /\((\d{1,2}\.\d{1,3}(?:\.\d{1,3})?)\)/g;

/** The kinds of reference that name a part of the book's outline. */
export const SECTION_KINDS = new Set<ReferenceKind>(['chapter', 'section', 'subsection']);

/** Whether a paragraph is in the section a label numbers, or below it. */
export function isInSection(paragraph: GraphParagraph, label: string): boolean {
  return paragraph.sectionId === label || paragraph.sectionId.startsWith(`${label}.`);
}

export function buildTargetIndex(paragraphs: GraphParagraph[]): TargetIndex {
  const targets = new Map<string, GraphParagraph>();
  // Items numbered without a dot ("Example 2", "Lemma 1") are numbered afresh in each section or
  // subsection by some books (linalg): every place that carries such a label, in book order.
  const bare = new Map<string, GraphParagraph[]>();
  // The first paragraph to carry a label is the item (a later one opening with it continues or restates
  // it), but "Theorem 4.3" lives in chapter 4: a paragraph there wins over one elsewhere.
  const put = (key: string, paragraph: GraphParagraph) => {
    const existing = targets.get(key);
    const chapter = key.slice(key.indexOf(':') + 1).split('.')[0];
    const home = (p: GraphParagraph) => p.chapterId === chapter;
    if (!existing || (!home(existing) && home(paragraph))) targets.set(key, paragraph);
  };
  const firsts = new Set<string>();
  // A book that prints "Theorem:" without a number refers to it by its section ("Theorem 5.8.1" is the
  // theorem of Section 5.8.1): each kind's items in each section and the sections above it. Only the
  // one item of its kind there is sure.
  const unnumbered = new Map<string, GraphParagraph[]>();
  for (const p of paragraphs) {
    const itemKind = unnumberedItemKind(p.text);
    if (itemKind !== undefined) {
      const parts = p.sectionId.split('.');
      for (let depth = parts.length; depth >= 1; depth--) {
        const key = `${itemKind}:${parts.slice(0, depth).join('.')}`;
        unnumbered.set(key, [...(unnumbered.get(key) ?? []), p]);
      }
    }
    // Chapters and sections: their first paragraph (the chapter's id is that of its opening section).
    if (!firsts.has(`chapter:${p.chapterId}`)) {
      firsts.add(`chapter:${p.chapterId}`);
      if (DOTTED.test(p.chapterId)) targets.set(`chapter:${p.chapterId}`, p);
    }
    if (!firsts.has(`section:${p.sectionId}`)) {
      firsts.add(`section:${p.sectionId}`);
      // A section with no paragraph of its own before its first subsection ("4.6", then "4.6.1") starts
      // where that subsection does: its ancestors not met yet are found here too.
      const parts = p.sectionId.split('.');
      for (let depth = parts.length; depth >= 2; depth--) {
        const id = parts.slice(0, depth).join('.');
        if (depth < parts.length && firsts.has(`section:${id}`)) break;
        firsts.add(`section:${id}`);
        if (DOTTED.test(id)) targets.set(`${depth > 2 ? 'subsection' : 'section'}:${id}`, p);
      }
    }
    for (const { kind, label } of findItemLabels(p.text)) {
      put(`${kind}:${label}`, p);
      if (!label.includes('.')) bare.set(`${kind}:${label}`, [...(bare.get(`${kind}:${label}`) ?? []), p]);
    }
    const item = EXERCISE_ITEM.exec(p.text);
    if (item && DOTTED.test(p.sectionId)) put(`list-item:${p.sectionId}.${item[1]!}`, p);
    const referredEquations = new Set(
      findReferenceMentions(p.text)
        .filter((m) => m.kind === 'equation' && !m.bare)
        .map((m) => m.end),
    );
    for (const m of p.text.matchAll(EQUATION_NUMBER)) {
      if (referredEquations.has(m.index + m[0].length)) continue;
      // The number closes a display: it follows the mathematics, not a word ("the axiom (1.17)" is a
      // mention), and nothing, text (a new sentence or the sentence going on: "for any v") or the next
      // display follows it. The first place wins: a display comes before the text that refers to it. The
      // end of a range, "(2.10)-(2.12)", is a mention too.
      const before = p.text.slice(0, m.index);
      const after = p.text.slice(m.index + m[0].length);
      const mentioned = /\p{L}{3,}\s*$/u.test(before) || /\)\s*[-–—]\s*$/.test(before);
      if (!mentioned && /^\s*(?:$|\p{L}|\()/u.test(after)) put(`equation:${m[1]!}`, p);
    }
  }
  /**
   * Of the places carrying a bare label, the one in the referring paragraph's own section, else in a
   * section it is part of, else the nearest before it in its chapter; but where the chapter numbers that
   * kind afresh in each section (linalg's "Statement 1" in 4.1.1, 4.2.3 and 4.4.1), no sibling section's:
   * the one item of its kind the reader's section prints without a number ("the formula derived in
   * Statement 1" under 4.5.2's lone "Statement:"), or none.
   */
  const nearest = (
    places: GraphParagraph[],
    from: GraphParagraph,
    kind: ReferenceKind,
  ): GraphParagraph | undefined => {
    // A section may number its items afresh more than once (two runs of exercises): the last before.
    const own = places.filter((p) => p.sectionId === from.sectionId);
    const ownItem = own.filter((p) => p.order < from.order).at(-1) ?? own[0];
    if (ownItem !== undefined) return ownItem;
    // A subsection's reader may mean an item of the section it is part of ("from Example 2" in 1.6.1).
    const above = places.filter((p) => p.order < from.order && isInSection(from, p.sectionId)).at(-1);
    if (above !== undefined) return above;
    const chapter = places.filter((p) => p.chapterId === from.chapterId);
    if (new Set(chapter.map((p) => p.sectionId)).size > 1) {
      const unlabelled = unnumbered.get(`${kind}:${from.sectionId}`) ?? [];
      return unlabelled.length === 1 ? unlabelled[0] : undefined;
    }
    return chapter.filter((p) => p.order < from.order).at(-1);
  };
  return {
    find: (kind, label, from, within) => {
      const places = bare.get(`${kind}:${label}`);
      // Two items of that label in the section the words name ("in Sec. 3.9 (Exercises 1 and 2)" where
      // 3.9 sets two runs of exercises) leave the words ambiguous: none for sure.
      if (within !== undefined) {
        const inNamed = (places ?? []).filter((p) => isInSection(p, within));
        const exact = inNamed.filter((p) => p.sectionId === within);
        const candidates = exact.length > 0 ? exact : inNamed;
        return candidates.length === 1 ? candidates[0] : undefined;
      }
      // A bare label several items carry names the one near the reference, or none for sure.
      if (from && places && places.length > 1) return nearest(places, from, kind);
      const direct = targets.get(`${kind}:${label}`);
      if (direct) return direct;
      // Exercises are often numbered list items of an exercises section: "20.5.15" is item 15 of 20.5.
      if (kind === 'exercise') return targets.get(`list-item:${label}`);
      // A subsection the book does not split off is found as a section, and the other way round; a
      // section that opens with its first subsection keeps it ("3.4.1" starts where "3.4" does).
      if (kind === 'subsection' || kind === 'section') {
        const other = targets.get(`${kind === 'section' ? 'subsection' : 'section'}:${label}`);
        const parent = /^(\d+\.\d+)\.1$/.exec(label)?.[1];
        return other ?? (parent === undefined ? undefined : targets.get(`section:${parent}`));
      }
      const inSection = DOTTED.test(label) ? (unnumbered.get(`${kind}:${label}`) ?? []) : [];
      return inSection.length === 1 ? inSection[0] : undefined;
    },
  };
}
