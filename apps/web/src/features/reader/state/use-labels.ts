import { useCallback, useEffect } from 'react';
import type { BookOutlineChapter } from '@threadbook/book';
import { pageLabelOf, paragraphLabel, sectionLabel, sectionTitlesOf } from '../model/index.ts';
import { useReaderDispatch, useReaderState } from './store.tsx';

/** The label a page is shown by: the number printed on it where the book has page labels, else its number. */
export function usePageLabelOf(): (page: number) => string {
  const labels = useReaderState((state) => state.pageLabels);
  return (page) => pageLabelOf(labels, page);
}

/**
 * The label a paragraph is shown by: 'Section 3.2, Paragraph 4', or its section's title where the book
 * gives the section no number ('“Properties”, Paragraph 4'); 'Paragraph 4' until the outline is read.
 */
export function useParagraphLabelOf(): (id: string) => string {
  const titles = useReaderState((state) => state.sectionTitles);
  return useCallback((id) => paragraphLabel(id, titles), [titles]);
}

/** The label a section is shown by: 'Section 3.2', '“Properties”', or 'Unknown Section'. */
export function useSectionLabelOf(): (section: string | null | undefined) => string {
  const titles = useReaderState((state) => state.sectionTitles);
  return useCallback((section) => sectionLabel(section, titles), [titles]);
}

/**
 * Gives the reader the titles of the book's sections whenever an outline is read (the cached one, then the
 * fresh one), for the labels above. Until then a paragraph of a section without a number is 'Paragraph N'.
 */
export function useReadSectionTitles(outline: readonly BookOutlineChapter[] | null): void {
  const dispatch = useReaderDispatch();
  useEffect(() => {
    if (outline) dispatch({ type: 'sectionTitlesRead', titles: sectionTitlesOf(outline) });
  }, [outline, dispatch]);
}
