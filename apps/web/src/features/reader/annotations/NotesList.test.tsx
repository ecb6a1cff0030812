import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Annotation } from '@threadbook/contracts';
import { describe, expect, it, vi } from 'vitest';
import { renderWithReaderStore } from '../../../test/reader-store.tsx';
import { NotesList, NotesListText } from './NotesList.tsx';

const annotation = (
  id: string,
  page: number,
  colour: Annotation['colour'],
  placed = true,
  note: string | null = null,
): Annotation => ({
  id,
  colour,
  note,
  placed,
  createdAt: '2026-11-30T10:00:00.000Z',
  updatedAt: '2026-11-30T10:00:00.000Z',
  target: {
    page,
    pageLabel: String(page),
    paragraphId: null,
    quote: { exact: `words of ${id}`, prefix: '', suffix: '' },
    position: { start: 0, end: 10 },
    rects: [{ left: 0.1, top: 0.3, right: 0.5, bottom: 0.32 }],
  },
});

const LIST = [
  annotation('a', 3, 'yellow', true, 'first line\nsecond line'),
  annotation('b', 7, 'green'),
  annotation('c', 9, 'yellow', false, 'lost words'),
];

function renderList(annotations = LIST) {
  const onJump = vi.fn();
  const onEdit = vi.fn();
  const onExport = vi.fn();
  renderWithReaderStore(
    <NotesList
      annotations={annotations}
      status="loaded"
      error={null}
      onJump={onJump}
      onEdit={onEdit}
      onExport={onExport}
    />,
  );
  return { onJump, onEdit, onExport, user: userEvent.setup() };
}

describe('NotesList', () => {
  it('lists the highlights with page, words and the first line of the note; jumps to one', async () => {
    const { onJump, user } = renderList();
    const entry = screen.getByRole('button', { name: /^p\. 3 words of a/ });
    expect(entry).toHaveTextContent('first line');
    expect(entry).not.toHaveTextContent('second line');
    await user.click(entry);
    expect(onJump).toHaveBeenCalledWith(LIST[0]);
  });

  it('keeps the highlights a new import could not place apart', () => {
    renderList();
    const heading = screen.getByRole('heading', { name: NotesListText.unplaced });
    const lists = screen.getAllByRole('list');
    expect(lists).toHaveLength(2);
    expect(within(lists[0]!).queryByText('words of c')).toBeNull();
    expect(within(lists[1]!).getByText('words of c')).toBeInTheDocument();
    expect(heading).toBeInTheDocument();
  });

  it('filters by colour, and all again', async () => {
    const { user } = renderList();
    await user.click(screen.getByRole('button', { name: 'green' }));
    expect(screen.queryByText('words of a')).toBeNull();
    expect(screen.getByText('words of b')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'blue' }));
    expect(screen.getByText(NotesListText.none)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: NotesListText.all }));
    expect(screen.getByText('words of a')).toBeInTheDocument();
  });

  it('offers the exports and says when there is nothing yet', async () => {
    const { onExport, user } = renderList();
    await user.click(screen.getByRole('button', { name: NotesListText.exportMarkdown }));
    await user.click(screen.getByRole('button', { name: NotesListText.exportJsonLd }));
    expect(onExport.mock.calls).toEqual([['md'], ['jsonld']]);
  });

  it('says when there is nothing yet', () => {
    renderList([]);
    expect(screen.getByText(NotesListText.empty)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: NotesListText.exportMarkdown })).toBeNull();
  });
});
