import { describe, expect, it } from 'vitest';
import { pageLabelOf, parsePageLabelInput, usefulPageLabels } from './page-labels.ts';

// A book like aata: twelve sheets of front matter numbered i..xii, then 1, 2, 3.
const FRONT = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x', 'xi', 'xii'];
const LABELS = [...FRONT, '1', '2', '3'];

describe('page labels', () => {
  it('are kept when they say something the physical numbers do not', () => {
    expect(usefulPageLabels(LABELS, 15)).toEqual(LABELS);
    expect(usefulPageLabels(['A-1', 'A-2'], 2)).toEqual(['A-1', 'A-2']);
  });

  it('are dropped when missing, of another length, all empty or the physical numbers again', () => {
    expect(usefulPageLabels(null, 3)).toBeNull();
    expect(usefulPageLabels(undefined, 3)).toBeNull();
    expect(usefulPageLabels(['i', 'ii'], 3)).toBeNull();
    expect(usefulPageLabels(['', '', ''], 3)).toBeNull();
    expect(usefulPageLabels(['1', '2', '3'], 3)).toBeNull();
    expect(usefulPageLabels(['1', '', '3'], 3)).toBeNull();
  });

  it('name a page by its label, or by its number where it has none', () => {
    expect(pageLabelOf(LABELS, 1)).toBe('i');
    expect(pageLabelOf(LABELS, 13)).toBe('1');
    expect(pageLabelOf(null, 13)).toBe('13');
    expect(pageLabelOf(['i', '', '1'], 2)).toBe('2');
  });

  it('read the page input as a label first, then as a physical page', () => {
    expect(parsePageLabelInput('xii', LABELS, 15)).toBe(12);
    expect(parsePageLabelInput(' XII ', LABELS, 15)).toBe(12);
    // "1" is the label of the thirteenth sheet.
    expect(parsePageLabelInput('1', LABELS, 15)).toBe(13);
    // No page is labelled 14: the fourteenth sheet.
    expect(parsePageLabelInput('14', LABELS, 15)).toBe(14);
    expect(parsePageLabelInput('1', null, 15)).toBe(1);
    // A cover labelled "1" before the front matter: the text's page 1.
    expect(parsePageLabelInput('1', ['1', 'ii', '1', '2'], 4)).toBe(3);
  });

  it('revert (null) on what is neither a label nor a page of the book', () => {
    for (const text of ['', '  ', 'xiii', '16', '0', '-1', '1.5', 'abc']) {
      expect(parsePageLabelInput(text, LABELS, 15), text).toBeNull();
    }
  });
});
