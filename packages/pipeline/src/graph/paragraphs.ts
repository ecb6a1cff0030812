import type { BookDocument } from '@threadbook/book';
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
    !COPYRIGHT_NOTICE.test(paragraph.text)
  );
}

/** What a figure's, table's or listing's number names: its caption, its rows or its listing. */
export function isIllustration(paragraph: GraphParagraph): boolean {
  return paragraph.kind === 'caption' || paragraph.kind === 'table' || paragraph.kind === 'code';
}
