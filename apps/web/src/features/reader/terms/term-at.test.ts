import { describe, expect, it } from 'vitest';
import type { PageTerm } from '@threadbook/contracts';
import { termAt } from './term-at.ts';

const term = (x: number, y: number, name: string): PageTerm => ({
  rect: { x, y, w: 0.1, h: 0.02 },
  term: name,
  definition: '1.1.1',
  definition_section: '1.1',
  definition_page: 3,
  definition_y_start: 0.2,
});

describe('termAt', () => {
  const terms = [term(0.1, 0.1, 'coset'), term(0.5, 0.1, 'normal subgroup'), term(0.1, 0.5, 'index')];

  it('finds the use whose words are under the point, and its underline just below them', () => {
    expect(termAt(terms, 0.15, 0.11)).toBe(0);
    expect(termAt(terms, 0.55, 0.12)).toBe(1);
    expect(termAt(terms, 0.2, 0.5)).toBe(2);
    expect(termAt(terms, 0.15, 0.1202)).toBe(0);
  });

  it('finds none beside, above or well below the words', () => {
    expect(termAt(terms, 0.3, 0.11)).toBe(-1);
    expect(termAt(terms, 0.15, 0.09)).toBe(-1);
    expect(termAt(terms, 0.15, 0.13)).toBe(-1);
    expect(termAt([], 0.15, 0.11)).toBe(-1);
  });
});
