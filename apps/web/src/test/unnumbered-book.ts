import type { BookOutlineChapter } from '@threadbook/book';
import { sectionTitlesOf } from '../features/reader/model/index.ts';

/**
 * The outline of a book that numbers its chapters but not its sections (DocBook, Sphinx): the extraction
 * made ids for its sections from their titles ('4.properties'), except the one whose number is printed
 * ('4.2'). The reader names a paragraph of '4.properties' '“Properties”, Paragraph N'.
 */
export const UNNUMBERED_OUTLINE: readonly BookOutlineChapter[] = [
  {
    id: '4',
    title: 'Groups',
    level: 1,
    pageNumber: 40,
    children: [
      { id: '4.definitions', title: 'Definitions', level: 2, pageNumber: 40 },
      { id: '4.properties', title: 'Properties', level: 2, pageNumber: 41 },
      { id: '4.2', title: 'Subgroups', level: 2, pageNumber: 42 },
      { id: '4.examples', title: 'Examples', level: 2, pageNumber: 43 },
    ],
  },
];

/** The titles the reader keeps of UNNUMBERED_OUTLINE. */
export const UNNUMBERED_TITLES = sectionTitlesOf(UNNUMBERED_OUTLINE);
