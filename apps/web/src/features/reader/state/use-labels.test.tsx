import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookOutlineChapter } from '@threadbook/book';
import { renderWithReaderStore } from '../../../test/reader-store.tsx';
import { UNNUMBERED_OUTLINE } from '../../../test/unnumbered-book.ts';
import { useParagraphLabelOf, useReadSectionTitles, useSectionLabelOf } from './use-labels.ts';

/** Reads `outline` into the store and shows the labels of a few paragraphs and sections. */
function Labels({ outline }: { outline: readonly BookOutlineChapter[] | null }) {
  useReadSectionTitles(outline);
  const paragraph = useParagraphLabelOf();
  const section = useSectionLabelOf();
  return (
    <ul>
      {['4.properties.2', '12:4.2.3'].map((id) => (
        <li key={id}>{paragraph(id)}</li>
      ))}
      {['4.properties', '4.2', null].map((id) => (
        <li key={String(id)}>{section(id)}</li>
      ))}
    </ul>
  );
}

const shown = () => screen.getAllByRole('listitem').map((item) => item.textContent);

describe('the reader’s labels', () => {
  it('name a section the book gives no number by its title once the outline is read', () => {
    const { rerender, store } = renderWithReaderStore(<Labels outline={null} />);
    expect(shown()).toEqual([
      'Paragraph 2',
      'Section 4.2, Paragraph 3',
      'Unknown Section',
      'Section 4.2',
      'Unknown Section',
    ]);
    rerender(<Labels outline={UNNUMBERED_OUTLINE} />);
    expect(shown()).toEqual([
      '“Properties”, Paragraph 2',
      'Section 4.2, Paragraph 3',
      '“Properties”',
      'Section 4.2',
      'Unknown Section',
    ]);
    expect(store.getState().sectionTitles?.get('4.properties')).toBe('Properties');
  });
});
