import { describe, expect, it } from 'vitest';
import { SEE_LESS, SEE_MORE, TRUNCATE_AT, truncateText } from './truncate.ts';

/** `length` characters of readable text, each one distinct enough to see where a cut falls. */
function textOf(length: number): string {
  return Array.from({ length }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
}

describe('truncateText', () => {
  it('cuts at 150 characters (docs/product.md §9)', () => {
    expect(TRUNCATE_AT).toBe(150);
    expect([SEE_MORE, SEE_LESS]).toEqual(['See More', 'See Less']);
  });

  it.each([0, 1, 149, 150])('shows a text of %i characters whole, with no toggle', (length) => {
    const text = textOf(length);
    expect(truncateText(text, false)).toEqual({ text, toggle: null });
    expect(truncateText(text, true)).toEqual({ text, toggle: null });
  });

  it('cuts a text of 151 characters after the 150th, with See More', () => {
    const text = textOf(151);
    const shown = truncateText(text, false);
    expect(shown).toEqual({ text: `${text.slice(0, 150)}...`, toggle: 'See More' });
    expect(shown.text.endsWith('t...')).toBe(true); // the 150th letter is 't' (150 = 5 x 26 + 20)
  });

  it('shows the whole text when expanded, with See Less', () => {
    const text = textOf(600);
    expect(truncateText(text, true)).toEqual({ text, toggle: 'See Less' });
    expect(truncateText(text, false).text).toHaveLength(153);
  });

  it('counts characters, not UTF-16 units: a mathematical letter is one character and is never split', () => {
    const letter = '𝑥'; // U+1D465, two UTF-16 units
    const exact = letter.repeat(150);
    expect(exact).toHaveLength(300);
    expect(truncateText(exact, false)).toEqual({ text: exact, toggle: null });

    const longer = `${'a'.repeat(149)}${letter}${letter}`;
    expect(truncateText(longer, false).text).toBe(`${'a'.repeat(149)}${letter}...`);
  });

  it('drops spaces at the cut before the ellipsis', () => {
    const text = `${'a'.repeat(148)}  ${'b'.repeat(20)}`;
    expect(truncateText(text, false).text).toBe(`${'a'.repeat(148)}...`);
  });
});
