/**
 * Heading text: the number label a heading carries ("3", "3.2", "Chapter 0", "Appendix B", "A"), matched
 * against an outline title when there is one; and, for PDFs without an outline, chapters and sections found
 * from the heading blocks alone (size and numbering).
 */
import type { Block } from './types.ts';

/** Numbers a chapter's heading may spell out ("CHAPTER FOUR", "Chapter Twenty-One", "TWENTYFOUR"). */
const NUMBER_WORDS =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(
    ' ',
  );
const TENS_WORDS = ['', '', 'twenty', 'thirty', 'forty', 'fifty'];
const SPELLED = `(?:${TENS_WORDS.slice(2).join('|')})(?:[- ]?(?:${NUMBER_WORDS.slice(1, 10).join('|')}))?|${NUMBER_WORDS.join('|')}`;

/** A spelled number as digits ("twenty-one", "TWENTYFOUR" -> "21", "24"). */
function digitsOf(label: string): string {
  const word = label.toLowerCase().replace(/[- ]/g, '');
  const tens = TENS_WORDS.findIndex((t) => t !== '' && word.startsWith(t));
  if (tens < 0) return String(NUMBER_WORDS.indexOf(word));
  const ones = word.slice(TENS_WORDS[tens]!.length);
  return String(10 * tens + (ones === '' ? 0 : NUMBER_WORDS.indexOf(ones)));
}

const LABEL = new RegExp(
  String.raw`^(?:(?:[Cc]hapter|CHAPTER|[Aa]ppendix|APPENDIX|[Pp]art|PART|[Ss]ection|SECTION)\s+)?(\d+(?:\.\d+)*|[A-Z](?:\.\d+)+|[A-Z]|[IVX]+)(?=[\s.:·]|$)[.:·]?\s*`,
);
/** "CHAPTER FOUR", "Chapter Twenty-One": the unit's word, then its number spelled out. */
const SPELLED_LABEL = new RegExp(
  String.raw`^(?:chapter|appendix|part)\s+(${SPELLED})(?=[\s.:·]|$)[.:·]?\s*`,
  'i',
);

/** Letters and digits only, lower case: for comparing a title with heading text. */
export function squash(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Splits heading text into its label and title: "3.1 Integer Equivalence" -> { label: "3.1", title: "Integer..." }. */
export function parseHeading(text: string): { label: string | null; title: string } {
  const spelled = SPELLED_LABEL.exec(text.trim());
  if (spelled) return { label: digitsOf(spelled[1]!), title: text.trim().slice(spelled[0].length).trim() };
  const m = LABEL.exec(text.trim());
  if (!m || m[1] === undefined) return { label: null, title: text.trim() };
  const rest = text.trim().slice(m[0].length).trim();
  // Without a title to compare with, a lone capital or roman numeral is a label only after "Appendix" etc.
  if (!/^\d/.test(m[1]) && !/^[A-Za-z]{4,}\s/.test(m[0])) {
    return { label: null, title: text.trim() };
  }
  return { label: m[1], title: rest };
}

/**
 * The label of the heading that shows `title` (an outline title without its number): the heading text
 * must contain the title after something that parses as a label. null when the heading carries no number.
 */
export function labelFor(headingText: string, title: string): string | null {
  const t = squash(title);
  const h = squash(headingText);
  const at = t === '' ? -1 : h.indexOf(t);
  // The heading starts with the title itself: the number, if any, is the title's own ("1.2 Degrees and
  // the Handshake Lemma"), not one before it ("A Short Note on Proofs" has none), or one set after the
  // title, as some classes set a chapter's number ("Algorithms and implementations 1").
  if (at === 0)
    return (
      numberOf(title) ??
      /^\s*(\d{1,3})$/.exec(headingText.slice(trailingFrom(headingText, title)))?.[1] ??
      null
    );
  const spelled = SPELLED_LABEL.exec(headingText.trim());
  if (spelled) return digitsOf(spelled[1]!);
  const m = LABEL.exec(headingText.trim());
  if (!m || m[1] === undefined) return null;
  if (at < 0 && !/^\d/.test(m[1])) return null; // the title is not there: trust only numbers
  return m[1];
}

/**
 * The number an outline title starts with, when a title follows it: "1.2 Degrees and ..." gives "1.2",
 * "A.3 Analytic functions" gives "A.3" (a lone letter or roman numeral is too often a word).
 */
export function outlineNumber(title: string): string | null {
  return /^(\d+(?:\.\d+)*|[A-Z](?:\.\d+)+)[.:]?\s+\S/.exec(title.trim())?.[1] ?? null;
}

/** Where the heading text goes on after the title's letters and digits (the heading starts with the title). */
function trailingFrom(headingText: string, title: string): number {
  let need = squash(title).length;
  let i = 0;
  while (need > 0 && i < headingText.length) {
    if (squash(headingText[i]!) !== '') need -= squash(headingText[i]!).length;
    i++;
  }
  return i;
}

/** The number a title starts with ("1.2 Degrees and ..." gives "1.2"), when a title follows it. */
export function numberOf(title: string): string | null {
  const { label, title: rest } = parseHeading(title);
  return label !== null && /^\d/.test(label) && rest !== '' ? label : null;
}

export interface DetectedHeading {
  level: 1 | 2;
  label: string | null;
  title: string;
  page: number;
  top: number;
  column?: 1;
}

/**
 * Words spaced out letter by letter ("Ke r ne l St a t e", "File s"): the labels of a drawing, whose
 * glyphs are placed one by one, not a heading.
 */
function spacedOut(text: string): boolean {
  return (text.match(/(?:^|\s)[b-z](?=\s|$)/g) ?? []).length >= 1 && /\S\s\S(?:\s|$)/.test(text);
}

/** How far from the chapter headings' size an unnumbered chapter heading (Preface, Glossary) is set. */
const CHAPTER_SIZE_SPREAD = 0.1;

/**
 * Chapters and sections from heading blocks when the PDF has no outline: "Chapter N", or a number without
 * dots in the largest numbered heading size, makes a chapter, and an unnumbered heading of that size too
 * (a preface, a glossary, back matter). Under a chapter, "N.M" makes a section, and so does a smaller
 * heading without a number (a DocBook or Sphinx book numbers its chapters only): every level of them, so
 * that each title can be read and referred to. A drawing's large labels are no headings.
 */
export function detectHeadings(blocks: Block[]): DetectedHeading[] {
  const headings = blocks
    .filter((b) => b.kind === 'heading' && !spacedOut(b.text))
    .map((b) => ({ block: b, ...parseHeading(b.text) }));
  const numbered = headings.filter((h) => h.label !== null && /^\d+$/.test(h.label));
  const chapterSize = Math.max(0, ...numbered.map((h) => h.block.size));
  // A book that numbers its sections sets its other headings under them (box titles, run-in heads): only
  // an unnumbered heading in a numbered section's size or larger is a section.
  const sectionSizes = headings.filter((h) => h.label !== null && /^\d+\.\d+$/.test(h.label));
  const sectionSize = sectionSizes.length > 0 ? Math.min(...sectionSizes.map((h) => h.block.size)) : 0;
  const chapterSized = (size: number) => Math.abs(size - chapterSize) <= CHAPTER_SIZE_SPREAD * chapterSize;
  const out: DetectedHeading[] = [];
  let chapter: string | null = null;
  let inChapter = false;
  for (const h of headings) {
    const { block, label, title } = h;
    const place = { page: block.page, top: block.top, ...(block.column ? { column: block.column } : {}) };
    const explicit = /^(?:chapter|appendix)\s/i.test(block.text);
    if (label !== null && (explicit || (/^\d+$/.test(label) && block.size >= chapterSize - 0.5))) {
      chapter = label;
      inChapter = true;
      out.push({ level: 1, label, title, ...place });
    } else if (
      label !== null &&
      chapter !== null &&
      label.split('.').length === 2 &&
      label.startsWith(`${chapter}.`)
    ) {
      out.push({ level: 2, label, title, ...place });
    } else if (label === null && chapterSize > 0 && chapterSized(block.size)) {
      // An unnumbered heading as large as chapter headings: back matter (index, bibliography, ...) or an unnumbered chapter.
      chapter = null;
      inChapter = true;
      out.push({ level: 1, label: null, title, ...place });
    } else if (inChapter && block.size < chapterSize - 0.5 && block.size >= sectionSize - 0.5) {
      // Without a section's number of this chapter, a number is a word of the title ("386 protection model").
      out.push({ level: 2, label: null, title: label === null ? title : block.text.trim(), ...place });
    }
  }
  return out;
}
