import { describe, expect, it } from 'vitest';
import { foldText, queryTerms } from './fold.ts';

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
