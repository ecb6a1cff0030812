/**
 * References by title. DocBook, Sphinx and web books name what they point at by its title far more often
 * than by a number: "see the section called “Properties”", "Figure 4.1, “Branches of development”", "in
 * the section Nested Loops for Nested Data", "see the Flow of Execution section below". A title is looked
 * for among the book's own headings and captions only: quoted, as the title's words (normalised); not
 * quoted, as its exact words, capitalised as the heading is, with a word before or after it that says a
 * part of the book is meant ("section", "called", "see", "in"). A title several sections share ("Exercises",
 * "Summary") is no one's title, unless it is quoted and a section of the referring chapter carries it.
 */
import type { GraphParagraph, ReferenceKind } from '../types.ts';
import type { ResolvedMention } from './resolved-mention.ts';

/** A heading's or caption's title and the paragraph a reference to it leads to. */
interface Titled {
  title: string;
  kind: ReferenceKind;
  paragraph: GraphParagraph;
}

export interface TitleIndex {
  mentions(p: GraphParagraph): ResolvedMention[];
}

/** A caption's label and number before its title: "Figure 4.1. ", "Table 6.1: ", "Example 5.1. ". */
const CAPTION_LABEL = /^(Figure|Fig\.|Table|Example|Listing)\s+\d+(?:\.\d+)*[.:]\s+/;
const CAPTION_KIND: Record<string, ReferenceKind> = {
  Figure: 'figure',
  'Fig.': 'figure',
  Table: 'table',
  Example: 'example',
  Listing: 'other',
};
/** A number a heading's title may start with ("1.2 Degrees ..."): not part of the title's words. */
const TITLE_NUMBER = /^(?:\d+(?:\.\d+)*|[A-Z](?:\.\d+)+)\.?\s+/;

/** Quotation marks a book sets a title in. */
const QUOTED = /[“"‘«]([^“”"‘’«»]{2,120})[”"’»]/g;
/** Words right before a title that name it a part of the book: "the section called", "in the chapter". */
const NAMING_BEFORE =
  /(?:\b(?:sections?|chapters?|subsections?|appendix|part|called|titled|entitled|named)\s+(?:the\s+)?)$/i;
/**
 * Words right before a title that may lead to one, as to anything else: "see", "in", "from". Not with an
 * article: "in Counting digits" names a section, "to the Gaussian elimination" a method.
 */
const LEAD_BEFORE = /\b(?:see|in|under|from|to)\s+$/i;
/**
 * How often a title's words may stand in the book's text for "in Counting digits" to name the section:
 * a title the text uses as a term ("Unspecified Voice" in a book about it) names it only with words that
 * say so ("the section", "called").
 */
const RARE_TITLE = 3;
/** A word after an unquoted title that says it is a part of the book ("the Infinite Loop section"). */
const PART_AFTER = /^\s+(?:section|chapter|subsection|appendix)\b/i;
/** The words leading into a reference, kept in its phrase. */
const PHRASE_LEAD =
  /(?:\b(?:see(?:\s+also)?|in|from|of|under|to|at)\s+)?(?:the\s+)?(?:(?:section|chapter|subsection|appendix|part)(?:\s+(?:in\s+this\s+chapter\s+)?(?:called|titled|entitled|named))?\s+)?$/i;

/** The kinds the words before a title name: "the section called" a section or chapter, "the chapter titled" a chapter, "Figure 6.3," a figure. */
function kindNamed(lead: string): ReferenceKind[] | undefined {
  const word =
    /\b(section|subsection|chapter|appendix|part|figure|fig\.|table|example|listing)\b[^\p{L}]*(?:\p{L}+\s+){0,4}[^\p{L}]*$/iu
      .exec(lead)?.[1]
      ?.toLowerCase();
  if (word === undefined) return undefined;
  // "the chapter titled “Events”" is a chapter, not a section of that title in another chapter.
  if (word === 'chapter') return ['chapter'];
  if (['section', 'subsection', 'appendix', 'part'].includes(word)) return ['section', 'chapter'];
  return [word === 'fig.' ? 'figure' : word === 'listing' ? 'other' : (word as ReferenceKind)];
}

/** A title compared without case, spacing or the quotes' punctuation. */
export const titleKey = (title: string) =>
  title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const words = (text: string) => text.split(/\s+/).filter((w) => w !== '').length;

/** The book's titles: each section's (at its first paragraph) and each caption's (at the caption). */
function titlesOf(paragraphs: GraphParagraph[]): Titled[] {
  const out: Titled[] = [];
  const opened = new Set<string>();
  for (const p of paragraphs) {
    if (!opened.has(p.sectionId)) {
      opened.add(p.sectionId);
      const title = (p.sectionTitle ?? '').replace(TITLE_NUMBER, '').trim();
      if (title !== '')
        out.push({ title, kind: p.sectionId === p.chapterId ? 'chapter' : 'section', paragraph: p });
    }
    const caption = CAPTION_LABEL.exec(p.text);
    if (caption) {
      const title = p.text
        .slice(caption[0].length)
        .split(/(?<=[.!?])\s/)[0]!
        .replace(/[.:]$/, '')
        .trim();
      if (title !== '' && words(title) <= 12)
        out.push({ title, kind: CAPTION_KIND[caption[1]!] ?? 'other', paragraph: p });
    }
  }
  return out;
}

/** A glossary's cross-reference: "See Also Application Binary Interface.", "See markup language." */
const SEE_ENTRY = /\bSee(?:\s+[Aa]lso)?\s+(\p{L}[^.;:()]{1,80})/gu;
/** How many words of an entry's opening a "See" names at most. */
const ENTRY_WORDS = 6;

export function buildTitleIndex(paragraphs: GraphParagraph[]): TitleIndex {
  const text = paragraphs.map((p) => p.text).join('\n');
  const counted = new Map<string, number>();
  /** How often `title`'s exact words stand in the book's text. */
  const occurrences = (title: string) => {
    let n = counted.get(title);
    if (n === undefined) {
      n = 0;
      for (let at = text.indexOf(title); at >= 0; at = text.indexOf(title, at + title.length)) n++;
      counted.set(title, n);
    }
    return n;
  };
  // A glossary's or definition list's entries, by section: each opens with its term.
  const entries = new Map<string, GraphParagraph[]>();
  for (const p of paragraphs) entries.set(p.sectionId, [...(entries.get(p.sectionId) ?? []), p]);
  const byKey = new Map<string, Titled[]>();
  const byFirstWord = new Map<string, Titled[]>();
  for (const t of titlesOf(paragraphs)) {
    const key = titleKey(t.title);
    if (key === '') continue;
    byKey.set(key, [...(byKey.get(key) ?? []), t]);
    const first = t.title.split(/\s+/)[0]!;
    byFirstWord.set(first, [...(byFirstWord.get(first) ?? []), t]);
  }

  /**
   * The one place a title names, seen from `from`, of the kind the words before it say ("the section
   * called", "Figure 6.3,"): a title several places share names none for sure, unless it is quoted and
   * one of them is in the referring chapter.
   */
  const placeOf = (
    titled: Titled[],
    from: GraphParagraph,
    quoted: boolean,
    lead: string,
  ): Titled | undefined => {
    const named = kindNamed(lead);
    const ofKind = named ? titled.filter((t) => named.includes(t.kind)) : titled;
    const places = ofKind.filter((t) => t.paragraph.id !== from.id);
    if (places.length === 1 && ofKind.length === 1) return places[0];
    // "the Flow of Execution section below": of two places with that title, the one after.
    if (/\b(?:below|later|following)\b/i.test(lead) || /\b(?:above|earlier|previous(?:ly)?)\b/i.test(lead)) {
      const after = /\b(?:below|later|following)\b/i.test(lead);
      const side = places.filter((t) => t.paragraph.order > from.order === after);
      const nearest = after ? side[0] : side.at(-1);
      if (nearest && side.length <= 2) return nearest;
    }
    // A shared title ("Exercises") only quoted, and only in the referring chapter.
    if (!quoted) return undefined;
    const inChapter = places.filter((t) => t.paragraph.chapterId === from.chapterId);
    return inChapter.length === 1 ? inChapter[0] : undefined;
  };

  const mention = (p: GraphParagraph, start: number, end: number, titled: Titled): ResolvedMention => {
    const lead = PHRASE_LEAD.exec(p.text.slice(Math.max(0, start - 60), start))?.[0] ?? '';
    const from = start - lead.length;
    return {
      kind: titled.kind,
      target: titled.paragraph,
      start: from,
      end,
      phrase: p.text.slice(from, end).replace(/\s+/g, ' ').trim(),
    };
  };

  return {
    mentions(p) {
      const found: ResolvedMention[] = [];
      const taken: [number, number][] = [];
      const free = (start: number, end: number) => !taken.some(([s, e]) => start < e && end > s);
      // Quoted: the quote's words are a title of the book. One word needs a lead ("the section called").
      for (const m of p.text.matchAll(QUOTED)) {
        const titled = byKey.get(titleKey(m[1]!));
        if (!titled) continue;
        const before = p.text.slice(Math.max(0, m.index - 40), m.index);
        const numbered = /\d[.:]?\s*,\s*$/.test(before);
        // Two words in quotes may be anything quoted ("hello World"): a title then needs words leading to it.
        const led = NAMING_BEFORE.test(before) || LEAD_BEFORE.test(before);
        if (words(m[1]!) < 3 && !led && !numbered) continue;
        // Quoted in other capitals than the heading's ("from “orthogonal transformations”"), it is a term.
        const sameCase = titled.some(
          (t) => t.title.replace(/\s+/g, ' ') === m[1]!.replace(/\s+/g, ' ').trim(),
        );
        if (!sameCase && !NAMING_BEFORE.test(before) && !numbered) continue;
        const place = placeOf(titled, p, true, before);
        if (!place) continue;
        const end = m.index + m[0].length;
        found.push(mention(p, m.index, end, place));
        taken.push([m.index, end]);
      }
      // Not quoted: the title's words as the heading sets them, a capital first, with a lead or "section".
      for (const m of p.text.matchAll(/(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{N}'’-]*/gu)) {
        for (const titled of byFirstWord.get(m[0]) ?? []) {
          const { title } = titled;
          const end = m.index + title.length;
          if (!p.text.startsWith(title, m.index) || /^[\p{L}\p{N}]/u.test(p.text.slice(end))) continue;
          if (!free(m.index, end)) continue;
          const before = p.text.slice(Math.max(0, m.index - 40), m.index);
          const after = p.text.slice(end, end + 20);
          // A one-word title is a word of the text unless "section" stands beside it; a longer one needs
          // words naming it a part of the book, or a lead to it and to be rare in the text.
          const part = PART_AFTER.test(after) || NAMING_BEFORE.test(before);
          const led = LEAD_BEFORE.test(before) && occurrences(title) <= RARE_TITLE;
          if (words(title) < 2 ? !part : !(part || led)) continue;
          // Not quoted, the title's own capitals tell "Flow of Execution" from "Flow of execution".
          const same = (byKey.get(titleKey(title)) ?? [titled]).filter((t) => t.title === title);
          const place = placeOf(same, p, false, before + title + after);
          if (!place) continue;
          const tail = PART_AFTER.exec(after)?.[0] ?? '';
          found.push(mention(p, m.index, end + tail.length, place));
          taken.push([m.index, end]);
          break;
        }
      }
      // "See Also X" in a glossary: the entry of the section that opens with X's words.
      for (const m of p.text.matchAll(SEE_ENTRY)) {
        // "See Figure 3.1" is a numbered reference, not an entry's term.
        const named = m[1]!.trim().split(/\s+/).slice(0, ENTRY_WORDS);
        if (named.some((word) => /\d/.test(word))) continue;
        for (let n = named.length; n >= 1; n--) {
          const term = named.slice(0, n).join(' ');
          const entry = (entries.get(p.sectionId) ?? []).find(
            (e) =>
              e.id !== p.id && e.text.startsWith(term) && !/^[\p{L}\p{N}]/u.test(e.text.slice(term.length)),
          );
          if (!entry || (n === 1 && !/^\p{Lu}/u.test(term))) continue;
          // Quoted to the end of the name A writes, though the entry's own was broken with its line
          // ("See Also Application Programming Interface." and the entry "Application Programming The set
          // of ... Interface of programs.").
          const start = m.index;
          const end = m.index + m[0].trimEnd().length;
          if (!free(start, end)) break;
          found.push({
            kind: 'other',
            target: entry,
            start,
            end,
            phrase: p.text.slice(start, end),
          });
          taken.push([start, end]);
          break;
        }
      }
      return found.sort((a, b) => a.start - b.start);
    },
  };
}
