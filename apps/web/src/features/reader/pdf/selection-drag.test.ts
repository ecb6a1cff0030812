import { describe, expect, it } from 'vitest';
import { caretBeside, type WordBox } from './selection-drag.ts';

const word = (left: number, top: number, right: number): WordBox => ({ left, top, right, bottom: top + 10 });

// One column, in reading order: two full lines, a paragraph's short last line, a gap, a new paragraph.
const column = [
  word(100, 100, 500),
  word(100, 112, 500),
  word(100, 124, 220),
  word(120, 150, 500),
  word(100, 162, 400),
];

// Two columns, in reading order: the left one's three lines, then the right one's two (a gap after them).
const columns = [
  word(50, 100, 280),
  word(50, 112, 280),
  word(50, 124, 280),
  word(320, 100, 550),
  word(320, 112, 460),
];

describe('caretBeside', () => {
  it('puts the end after a line’s last word for a point in the margin right of it', () => {
    expect(caretBeside(column, 580, 105)).toEqual({ index: 0, after: true });
    expect(caretBeside(column, 580, 128)).toEqual({ index: 2, after: true });
  });

  it('puts it before a line’s first word for a point in the margin left of it', () => {
    expect(caretBeside(column, 40, 117)).toEqual({ index: 1, after: false });
    expect(caretBeside(column, 110, 155)).toEqual({ index: 3, after: false });
  });

  it('between lines, after the line above: a paragraph’s short last line too', () => {
    expect(caretBeside(column, 400, 140)).toEqual({ index: 2, after: true });
    expect(caretBeside(column, 300, 111)).toEqual({ index: 0, after: true });
  });

  it('above every word at the page’s start, below every word at its end', () => {
    expect(caretBeside(column, 300, 20)).toEqual({ index: 0, after: false });
    expect(caretBeside(column, 300, 400)).toEqual({ index: 4, after: true });
  });

  it('keeps to the column the point is in', () => {
    // The gutter: after the left column's line; the right margin: after the right column's.
    expect(caretBeside(columns, 300, 115)).toEqual({ index: 1, after: true });
    expect(caretBeside(columns, 580, 115)).toEqual({ index: 4, after: true });
    // Below the right column's lines, beside the left column's last line: the right column's end.
    expect(caretBeside(columns, 500, 128)).toEqual({ index: 4, after: true });
    expect(caretBeside(columns, 500, 200)).toEqual({ index: 4, after: true });
    // The gap under the right column's short line, above the left column's last: still the right column.
    expect(caretBeside(columns, 500, 123)).toEqual({ index: 4, after: true });
  });

  it('takes no running head drawn last for the line beside the point', () => {
    const withHead = [...column, word(100, 40, 500)];
    expect(caretBeside(withHead, 580, 117)).toEqual({ index: 1, after: true });
    expect(caretBeside(withHead, 400, 140)).toEqual({ index: 2, after: true });
    // Far below a line, with no word near: the nearest line above.
    expect(caretBeside([...withHead, word(100, 400, 300)], 350, 300)).toEqual({ index: 4, after: true });
  });

  it('has no caret on a page without words', () => {
    expect(caretBeside([], 10, 10)).toBeUndefined();
  });
});
