/**
 * Heading text: the number label a heading carries ("3", "3.2", "Chapter 0", "Appendix B", "A"), matched
 * against an outline title when there is one; and, for PDFs without an outline, chapters and sections found
 * from the heading blocks alone (size and numbering).
 */
import type { Block } from './types.ts';

const LABEL =
  /^(?:(?:[Cc]hapter|CHAPTER|[Aa]ppendix|APPENDIX|[Pp]art|PART|[Ss]ection|SECTION)\s+)?(\d+(?:\.\d+)*|[A-Z](?:\.\d+)+|[A-Z]|[IVX]+)(?=[\s.:·]|$)[.:·]?\s*/;

/** Letters and digits only, lower case: for comparing a title with heading text. */
export function squash(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Splits heading text into its label and title: "3.1 Integer Equivalence" -> { label: "3.1", title: "Integer..." }. */
export function parseHeading(text: string): { label: string | null; title: string } {
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
 * Chapters and sections from heading blocks when the PDF has no outline: "Chapter N", or a number without
 * dots in the largest numbered heading size, makes a chapter; "N.M" under chapter N makes a section.
 */
export function detectHeadings(blocks: Block[]): DetectedHeading[] {
  const headings = blocks
    .filter((b) => b.kind === 'heading')
    .map((b) => ({ block: b, ...parseHeading(b.text) }));
  const numbered = headings.filter((h) => h.label !== null && /^\d+$/.test(h.label));
  const chapterSize = Math.max(0, ...numbered.map((h) => h.block.size));
  const out: DetectedHeading[] = [];
  let chapter: string | null = null;
  for (const h of headings) {
    const { block, label, title } = h;
    const place = { page: block.page, top: block.top, ...(block.column ? { column: block.column } : {}) };
    const explicit = /^(?:chapter|appendix)\s/i.test(block.text);
    if (label !== null && (explicit || (/^\d+$/.test(label) && block.size >= chapterSize - 0.5))) {
      chapter = label;
      out.push({ level: 1, label, title, ...place });
    } else if (
      label !== null &&
      chapter !== null &&
      label.split('.').length === 2 &&
      label.startsWith(`${chapter}.`)
    ) {
      out.push({ level: 2, label, title, ...place });
    } else if (label === null && block.size >= chapterSize - 0.5 && chapterSize > 0) {
      // An unnumbered heading as large as chapter headings: back matter (index, bibliography, ...) or an unnumbered chapter.
      chapter = null;
      out.push({ level: 1, label: null, title, ...place });
    }
  }
  return out;
}
