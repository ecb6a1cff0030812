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
