import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sectionLabel, snippetParts, SnippetText } from './snippet.tsx';

describe('snippetParts', () => {
  it('cuts the text at the matches', () => {
    expect(
      snippetParts({
        text: '…a graph and a Graph.',
        highlights: [
          { start: 3, end: 8 },
          { start: 15, end: 20 },
        ],
      }),
    ).toEqual([
      { text: '…a ', match: false },
      { text: 'graph', match: true },
      { text: ' and a ', match: false },
      { text: 'Graph', match: true },
      { text: '.', match: false },
    ]);
  });
  it('clamps or skips offsets that overlap or run past the text', () => {
    expect(
      snippetParts({
        text: 'abcdef',
        highlights: [
          { start: 0, end: 2 },
          { start: 1, end: 3 },
          { start: 5, end: 40 },
          { start: 50, end: 60 },
        ],
      }),
    ).toEqual([
      { text: 'ab', match: true },
      { text: 'c', match: true },
      { text: 'de', match: false },
      { text: 'f', match: true },
    ]);
  });
});

describe('SnippetText', () => {
  it('marks the matches and shows markup in the text as text', () => {
    const { container } = render(
      <p>
        <SnippetText snippet={{ text: '<b>x</b> tree', highlights: [{ start: 9, end: 13 }] }} />
      </p>,
    );
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('<b>x</b> tree');
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['tree']);
  });
});

describe('sectionLabel', () => {
  it('numbers a numbered section, once', () => {
    expect(sectionLabel({ sectionId: '2.3', sectionTitle: 'Trees' })).toBe('2.3 Trees');
    expect(sectionLabel({ sectionId: '2.3', sectionTitle: '2.3 Trees' })).toBe('2.3 Trees');
    expect(sectionLabel({ sectionId: 'preface', sectionTitle: 'Preface' })).toBe('Preface');
    expect(sectionLabel({ sectionId: 'A.1', sectionTitle: 'Proofs' })).toBe('A.1 Proofs');
  });

  it('shows the title alone for a section the book gives no number, never the id made for it', () => {
    expect(sectionLabel({ sectionId: '4.properties', sectionTitle: 'Properties' })).toBe('Properties');
    expect(sectionLabel({ sectionId: '0.2.notation', sectionTitle: 'Notation' })).toBe('Notation');
  });
});
