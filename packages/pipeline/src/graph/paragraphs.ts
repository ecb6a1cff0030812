import type { BookDocument } from '@threadbook/book';
import { spokenCount } from './english.ts';
import type { GraphParagraph } from './types.ts';

/** The book's blocks in reading order, as the graph finders see them (with their kind). */
export function graphParagraphs(book: BookDocument): GraphParagraph[] {
  const out: GraphParagraph[] = [];
  for (const chapter of book.chapters) {
    for (const section of chapter.sections) {
      for (const paragraph of section.paragraphs) {
        out.push({
          id: paragraph.id,
          sectionId: section.id,
          ...(section.title === '' ? {} : { sectionTitle: section.title }),
          chapterId: chapter.id,
          order: out.length,
          page: paragraph.page,
          yStart: paragraph.yStart,
          text: paragraph.text,
          ...(paragraph.kind === undefined ? {} : { kind: paragraph.kind }),
        });
      }
    }
  }
  return out;
}

/** A section that is the book's licence ("GNU Free Documentation License", "Copyright"). */
const LICENCE_TITLE = /\b(?:licen[cs]e|copyright)\b/i;
/**
 * Words of a copyright notice or of the book's terms of distribution: "© 2016, Hans Petter Langtangen",
 * "Copyright (c) 2000 Free Software Foundation", "released under the GNU FDL", "in public domain". Not
 * "license" alone ("How many license plates can you make"), nor "©" as a mark ("marked with “©”").
 */
const COPYRIGHT_NOTICE =
  /©\s*\d{4}|\bcopyright\b|\bGNU (?:FDL|GPL|Free Documentation License)\b|\bCreative Commons\b|\bpublic domain\b/i;

/**
 * The sections that are the book's licence: titled so ("D.2 GNU Free Documentation License"), with the
 * sections below them ("D.2.5 Modifications") and those of a chapter titled so. Its paragraphs refer to
 * each other ("the requirement (section D.2.5)"), which is no relationship a student studies.
 */
export function licenceSectionIds(book: BookDocument): Set<string> {
  const out = new Set<string>();
  for (const chapter of book.chapters) {
    const titled = chapter.sections.filter(
      (s) => LICENCE_TITLE.test(s.title) || LICENCE_TITLE.test(chapter.title),
    );
    for (const section of chapter.sections)
      if (titled.some((t) => section.id === t.id || section.id.startsWith(`${t.id}.`))) out.add(section.id);
  }
  return out;
}

/**
 * Whether a paragraph is prose about the book's subject, which similarity and definitions read. A
 * caption, a listing, a table or a footnote is the target of the explicit references that name it, not a
 * paragraph to compare words with; the book's licence and copyright notices are about the book itself, and
 * would only ever match each other ("free software", "license").
 */
export function isStudyProse(paragraph: GraphParagraph): boolean {
  return (
    paragraph.kind === undefined &&
    !LICENCE_TITLE.test(paragraph.sectionTitle ?? '') &&
    !COPYRIGHT_NOTICE.test(paragraph.text) &&
    !isLetterSpacedLabels(paragraph.text)
  );
}

/** Running text has a run of this many words; a drawing's labels have none. */
const PROSE_RUN_WORDS = 8;

/**
 * A drawing's labels set letter-spaced, which a PDF's text gives in pieces ("Prot ect ion Keys", "Ad d r e
 * ss Way 1 Of f se t": csbu's DocBook figures) and extraction took for prose: pieces that are no words
 * join into one, and no run of words reads as a sentence. Their "offset" or "process" is no use of a term.
 */
export function isLetterSpacedLabels(text: string): boolean {
  const tokens = text.split(/\s+/).map((token) => token.replace(/^[("“]+|[.,;:!?)"”]+$/g, ''));
  const isWord = (token: string) => /^\p{L}{2,}$/u.test(token) && spokenCount(token.toLowerCase()) > 0;
  let run = 0;
  for (const token of tokens) {
    run = isWord(token) ? run + 1 : 0;
    if (run >= PROSE_RUN_WORDS) return false;
  }
  return tokens.some((_, i) => joinsIntoAWord(tokens.slice(i, i + 6), isWord));
}

/**
 * Whether two to six short pieces join into a word of six letters or more, and are pieces: one of two to
 * four letters that is no word, or two single letters ("Prot ect ion", "Buf f e r", "Of f se t"; not the
 * variables of "a and b be").
 */
function joinsIntoAWord(pieces: readonly string[], isWord: (token: string) => boolean): boolean {
  for (let n = 2; n <= pieces.length; n++) {
    const run = pieces.slice(0, n);
    if (!run.every((piece) => /^\p{L}{1,4}$/u.test(piece))) return false;
    const broken =
      run.some((piece) => piece.length >= 2 && !isWord(piece)) ||
      run.filter((piece) => piece.length === 1).length >= 2;
    // A word's pieces keep its case: only the first may open with a capital.
    const oneWord = run.slice(1).every((piece) => /^\p{Ll}/u.test(piece));
    const joined = run.join('');
    if (broken && oneWord && joined.length >= 6 && isWord(joined)) return true;
  }
  return false;
}

/** What a figure's, table's or listing's number names: its caption, its rows or its listing. */
export function isIllustration(paragraph: GraphParagraph): boolean {
  return paragraph.kind === 'caption' || paragraph.kind === 'table' || paragraph.kind === 'code';
}
