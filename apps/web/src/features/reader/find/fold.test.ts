import { describe, expect, it } from 'vitest';
import { findMatches, foldText, queryTerms } from './fold.ts';

describe('foldText', () => {
  it('folds case, diacritics and ligatures', () => {
    expect(foldText('Königsberg PRÜFER ﬁnite Éra')).toBe('konigsberg prufer finite era');
  });
});

describe('queryTerms', () => {
  it('splits words, keeps a quoted phrase whole and drops terms without a letter or digit', () => {
    expect(queryTerms('  Graph  "shortest PATH" * ( ')).toEqual([['graph'], ['shortest', 'path']]);
  });
  it('runs an unclosed quote to the end, and splits a hyphenated term into its words', () => {
    expect(queryTerms('"spanning tree')).toEqual([['spanning', 'tree']]);
    expect(queryTerms('x-ray')).toEqual([['x', 'ray']]);
  });
  it('has no terms for a blank query', () => {
    expect(queryTerms('   ')).toEqual([]);
  });
});

describe('findMatches', () => {
  it('finds folded terms as whole words, with offsets into the text as written', () => {
    const text = 'The Königsberg bridges; konigsbergs are not KÖNIGSBERG.';
    const ranges = findMatches(text, queryTerms('konigsberg'));
    expect(ranges.map(([start, end]) => text.slice(start, end))).toEqual(['Königsberg', 'KÖNIGSBERG']);
  });
  it('matches a phrase across any spacing or punctuation, and each of several terms', () => {
    const text = 'A shortest\npath, a shortest-path tree, a path.';
    const ranges = findMatches(text, queryTerms('"shortest path" tree'));
    expect(ranges.map(([start, end]) => text.slice(start, end))).toEqual([
      'shortest\npath',
      'shortest-path',
      'tree',
    ]);
  });
  it('keeps offsets right after characters that decompose', () => {
    const text = 'e\u0301te\u0301 été ETE';
    expect(findMatches(text, queryTerms('ete')).map(([s, e]) => text.slice(s, e))).toEqual([
      'e\u0301te\u0301',
      'été',
      'ETE',
    ]);
  });
});
