import type { BookOutlineChapter } from '@threadbook/book';

/** Where an entry sits in the outline: its chapter's index and, for a section, its index in the chapter.
 * Ids may repeat in a lenient outline, positions do not. */
export interface OutlinePosition {
  chapter: number;
  section: number | null;
}

/**
 * The entry for `page`: the one that starts latest at or before it (the student is inside that chapter or
 * section), the later one in reading order when several start on the same page (a section over the chapter
 * it opens). Null when every entry with a page starts after `page`.
 */
export function currentOutlineEntry(
  outline: readonly BookOutlineChapter[],
  page: number,
): OutlinePosition | null {
  let best: OutlinePosition | null = null;
  let bestPage = 0;
  const consider = (entryPage: number | null, position: OutlinePosition) => {
    if (entryPage !== null && entryPage <= page && entryPage >= bestPage) {
      best = position;
      bestPage = entryPage;
    }
  };
  outline.forEach((chapter, chapterIndex) => {
    consider(chapter.pageNumber, { chapter: chapterIndex, section: null });
    chapter.children.forEach((section, sectionIndex) =>
      consider(section.pageNumber, { chapter: chapterIndex, section: sectionIndex }),
    );
  });
  return best;
}

/** The title of the chapter or section `page` is in (see currentOutlineEntry); null before the first one. */
export function currentOutlineTitle(outline: readonly BookOutlineChapter[], page: number): string | null {
  const position = currentOutlineEntry(outline, page);
  if (position === null) return null;
  const chapter = outline[position.chapter]!;
  return position.section === null ? chapter.title : chapter.children[position.section]!.title;
}
