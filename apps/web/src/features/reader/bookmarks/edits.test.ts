import type { Bookmark } from '@threadbook/contracts';
import { describe, expect, it } from 'vitest';
import { bookmarkLabel, withBookmark, withoutBookmark } from './edits.ts';

const mark = (page: number, label: string | null = null): Bookmark => ({ page, label, createdAt: 't' });

describe('bookmark list edits', () => {
  it('insert in page order and replace the bookmark of the same page', () => {
    const list = [mark(2), mark(9)];
    expect(withBookmark(list, mark(5)).map((b) => b.page)).toEqual([2, 5, 9]);
    expect(withBookmark(list, mark(1)).map((b) => b.page)).toEqual([1, 2, 9]);
    expect(withBookmark(list, mark(10)).map((b) => b.page)).toEqual([2, 9, 10]);
    expect(withBookmark(list, mark(9, 'new'))).toEqual([mark(2), mark(9, 'new')]);
    expect(withBookmark([], mark(3))).toEqual([mark(3)]);
    // The list given is left as it was.
    expect(list).toEqual([mark(2), mark(9)]);
  });

  it('remove the bookmark of a page, leaving the others', () => {
    expect(withoutBookmark([mark(2), mark(9)], 9)).toEqual([mark(2)]);
    expect(withoutBookmark([mark(2)], 4)).toEqual([mark(2)]);
  });
});

describe('bookmarkLabel', () => {
  it('makes a label the API accepts: one trimmed line of at most 100 characters, or none', () => {
    expect(bookmarkLabel(undefined)).toBeNull();
    expect(bookmarkLabel(null)).toBeNull();
    expect(bookmarkLabel('   ')).toBeNull();
    expect(bookmarkLabel('  Groups  ')).toBe('Groups');
    expect(bookmarkLabel('Cosets and\n\tLagrange')).toBe('Cosets and Lagrange');
    expect(bookmarkLabel('a'.repeat(100))).toBe('a'.repeat(100));
    const long = bookmarkLabel('word '.repeat(40)) ?? '';
    expect(long.length).toBeLessThanOrEqual(100);
    expect(long.endsWith('word…')).toBe(true);
  });

  it('never cuts a character in two', () => {
    const label = bookmarkLabel(`${'a'.repeat(98)}𝔽𝔽𝔽`) ?? '';
    expect(label).toBe(`${'a'.repeat(98)}…`);
  });
});
