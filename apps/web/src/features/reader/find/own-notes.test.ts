import { describe, expect, it } from 'vitest';
import type { Annotation } from '@threadbook/contracts';
import { notesMatching } from './own-notes.ts';

const annotation = (id: string, exact: string, note: string | null): Annotation => ({
  id,
  colour: 'yellow',
  note,
  placed: true,
  createdAt: '2026-11-30T10:00:00.000Z',
  updatedAt: '2026-11-30T10:00:00.000Z',
  target: {
    page: 3,
    pageLabel: '3',
    paragraphId: null,
    quote: { exact, prefix: '', suffix: '' },
    position: { start: 0, end: exact.length },
    rects: [{ left: 0.1, top: 0.1, right: 0.5, bottom: 0.12 }],
  },
});

const NOTES = [
  annotation('a', 'Every cyclic group is abelian', 'Ask about the converse.\nSee exercise 4.'),
  annotation('b', 'the order of an element', null),
  annotation('c', 'Lagrange’s theorem', 'Naïve proof idea: cosets partition the group'),
];

describe('notesMatching', () => {
  it('finds a note or highlighted words holding every term, as whole words', () => {
    expect(notesMatching(NOTES, 'converse').map((a) => a.id)).toEqual(['a']);
    expect(notesMatching(NOTES, 'group').map((a) => a.id)).toEqual(['a', 'c']);
    expect(notesMatching(NOTES, 'group abelian').map((a) => a.id)).toEqual(['a']);
    expect(notesMatching(NOTES, 'grou')).toEqual([]);
  });

  it('folds case and diacritics and reads phrases as the book search does', () => {
    expect(notesMatching(NOTES, 'NAIVE').map((a) => a.id)).toEqual(['c']);
    expect(notesMatching(NOTES, '"order of an"').map((a) => a.id)).toEqual(['b']);
    expect(notesMatching(NOTES, '"an order"')).toEqual([]);
  });

  it('finds nothing for a query without words', () => {
    expect(notesMatching(NOTES, '  ')).toEqual([]);
    expect(notesMatching(NOTES, '"" -')).toEqual([]);
  });
});
