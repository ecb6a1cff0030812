import { describe, expect, it } from 'vitest';
import {
  EMPTY_HISTORY,
  HISTORY_LIMIT,
  canClearHistory,
  canRedo,
  canUndo,
  clearHistory,
  pushHistory,
  redoHistory,
  undoHistory,
  type HistoryJump,
  type NavigationHistory,
} from './history.ts';

const T0 = Date.UTC(2026, 0, 1);

function toc(pageNumber: number, label = `Chapter on ${pageNumber}`): HistoryJump {
  return { pageNumber, source: 'toc', label };
}

/** Pushes jumps one after the other, each made from the page the previous one reached. */
function visit(start: number, ...pages: number[]): NavigationHistory {
  let history = EMPTY_HISTORY;
  let current = start;
  pages.forEach((page, i) => {
    history = pushHistory(history, toc(page), current, T0 + i);
    current = page;
  });
  return history;
}

function pagesOf(history: NavigationHistory): number[] {
  return history.entries.map((entry) => entry.pageNumber);
}

describe('navigation history: push', () => {
  it('starts empty, with nothing to undo, redo or clear', () => {
    expect(EMPTY_HISTORY).toEqual({ entries: [], index: -1 });
    expect(canUndo(EMPTY_HISTORY)).toBe(false);
    expect(canRedo(EMPTY_HISTORY)).toBe(false);
    expect(canClearHistory(EMPTY_HISTORY)).toBe(false);
  });

  it("records the starting page as a manual 'Page N' entry before the first jump from another page", () => {
    const history = pushHistory(EMPTY_HISTORY, toc(40, '3.2 Definitions'), 7, T0);
    expect(history).toEqual({
      entries: [
        { pageNumber: 7, source: 'manual', label: 'Page 7', timestamp: T0 },
        { pageNumber: 40, source: 'toc', label: '3.2 Definitions', timestamp: T0 },
      ],
      index: 1,
    });
    expect(canUndo(history)).toBe(true);
    expect(canRedo(history)).toBe(false);
    expect(canClearHistory(history)).toBe(true);
  });

  it('ignores a first jump to the page already shown', () => {
    expect(pushHistory(EMPTY_HISTORY, toc(7), 7, T0)).toBe(EMPTY_HISTORY);
  });

  it('appends later jumps without another starting entry and moves the index to the new entry', () => {
    const history = visit(1, 10, 20, 30);
    expect(pagesOf(history)).toEqual([1, 10, 20, 30]);
    expect(history.entries.filter((entry) => entry.source === 'manual')).toHaveLength(1);
    expect(history.index).toBe(3);
  });

  it('ignores a push to the page of the current entry, even when the reader paged away by hand', () => {
    const history = visit(1, 10);
    expect(pushHistory(history, toc(10), 10, T0 + 5)).toBe(history);
    // Manual page changes are not recorded, so the current entry is still page 10.
    expect(pushHistory(history, toc(10), 14, T0 + 5)).toBe(history);
  });

  it('records a jump to the page shown when the current entry is another page', () => {
    // The reader paged by hand from 10 to 14, then chose the table-of-contents entry for page 14.
    const history = pushHistory(visit(1, 10), toc(14), 14, T0 + 5);
    expect(pagesOf(history)).toEqual([1, 10, 14]);
  });

  it('keeps the source, label, vertical position and time of a related-panel jump', () => {
    const jump: HistoryJump = {
      pageNumber: 52,
      source: 'aiPanel',
      label: 'Section 4.1, Paragraph 2',
      yStart: 0.3125,
    };
    const history = pushHistory(visit(1, 10), jump, 10, T0 + 99);
    expect(history.entries[2]).toEqual({ ...jump, timestamp: T0 + 99 });
  });

  it('leaves out yStart when the jump has none', () => {
    const history = pushHistory(EMPTY_HISTORY, toc(3), 1, T0);
    expect(history.entries.every((entry) => !('yStart' in entry))).toBe(true);
  });

  it('accepts the page edges of yStart, 0 and 1', () => {
    const top = pushHistory(EMPTY_HISTORY, { ...toc(3), yStart: 0 }, 1, T0);
    const bottom = pushHistory(top, { ...toc(4), yStart: 1 }, 3, T0);
    expect(bottom.entries.map((entry) => entry.yStart)).toEqual([undefined, 0, 1]);
  });

  it('never changes the history it is given', () => {
    const before = visit(1, 10, 20);
    const copy = structuredClone(before);
    const back = undoHistory(before)!.history;
    pushHistory(back, toc(99), 10, T0);
    pushHistory(before, toc(99), 20, T0);
    expect(before).toEqual(copy);
    expect(back.entries).toBe(before.entries);
  });

  it.each([
    ['a page of 0', toc(0), 1],
    ['a negative page', toc(-3), 1],
    ['a fractional page', toc(2.5), 1],
    ['a page that is not a number', toc(Number.NaN), 1],
    ['a current page of 0', toc(2), 0],
    ['an infinite current page', toc(2), Number.POSITIVE_INFINITY],
  ])('rejects %s', (_name, jump, currentPage) => {
    expect(() => pushHistory(EMPTY_HISTORY, jump, currentPage, T0)).toThrow(
      /must be a whole number of at least 1/,
    );
  });

  it.each([-0.01, 1.01, Number.NaN])('rejects a yStart of %s', (yStart) => {
    expect(() => pushHistory(EMPTY_HISTORY, { ...toc(2), yStart }, 1, T0)).toThrow(
      'yStart must be a number from 0 to 1',
    );
  });
});

describe('navigation history: limit', () => {
  it(`keeps at most ${HISTORY_LIMIT} entries, dropping the oldest`, () => {
    // The starting page plus 99 jumps fill the history exactly.
    const full = visit(1, ...Array.from({ length: HISTORY_LIMIT - 1 }, (_, i) => i + 2));
    expect(full.entries).toHaveLength(HISTORY_LIMIT);
    expect(full.entries[0]).toMatchObject({ pageNumber: 1, label: 'Page 1' });

    const over = pushHistory(full, toc(500), HISTORY_LIMIT, T0);
    expect(over.entries).toHaveLength(HISTORY_LIMIT);
    expect(over.index).toBe(HISTORY_LIMIT - 1);
    expect(over.entries[0]?.pageNumber).toBe(2);
    expect(over.entries.at(-1)?.pageNumber).toBe(500);

    const further = pushHistory(over, toc(600), 500, T0);
    expect(pagesOf(further).slice(0, 2)).toEqual([3, 4]);
    expect(further.entries.at(-1)?.pageNumber).toBe(600);
  });

  it('undoes all the way back to the oldest entry kept', () => {
    let history = visit(1, ...Array.from({ length: 150 }, (_, i) => i + 2));
    let steps = 0;
    for (let step = undoHistory(history); step; step = undoHistory(history)) {
      history = step.history;
      steps += 1;
    }
    expect(steps).toBe(HISTORY_LIMIT - 1);
    expect(history.entries[history.index]?.pageNumber).toBe(52);
  });
});

describe('navigation history: undo and redo', () => {
  it('undo moves the index back and gives the page to jump to', () => {
    const history = visit(1, 10, 20);
    const step = undoHistory(history);
    expect(step).toEqual({ history: { entries: history.entries, index: 1 }, target: { pageNumber: 10 } });
    expect(canUndo(step!.history)).toBe(true);
    expect(canRedo(step!.history)).toBe(true);
  });

  it('undo and redo give the vertical position when the entry has one', () => {
    let history = pushHistory(EMPTY_HISTORY, { ...toc(10), yStart: 0.25 }, 1, T0);
    history = pushHistory(history, { ...toc(20), yStart: 0.75 }, 10, T0);
    const back = undoHistory(history)!;
    expect(back.target).toEqual({ pageNumber: 10, yStart: 0.25 });
    expect(redoHistory(back.history)!.target).toEqual({ pageNumber: 20, yStart: 0.75 });
  });

  it('undo at the start returns null', () => {
    const start = undoHistory(visit(1, 10))!.history;
    expect(start.index).toBe(0);
    expect(canUndo(start)).toBe(false);
    expect(undoHistory(start)).toBeNull();
    expect(undoHistory(EMPTY_HISTORY)).toBeNull();
  });

  it('redo at the end returns null', () => {
    const history = visit(1, 10, 20);
    expect(canRedo(history)).toBe(false);
    expect(redoHistory(history)).toBeNull();
    expect(redoHistory(EMPTY_HISTORY)).toBeNull();
  });

  it('redo walks forward again through every undone entry', () => {
    let history = visit(1, 10, 20, 30);
    history = undoHistory(undoHistory(undoHistory(history)!.history)!.history)!.history;
    expect(history.index).toBe(0);
    const pages: number[] = [];
    for (let step = redoHistory(history); step; step = redoHistory(history)) {
      history = step.history;
      pages.push(step.target.pageNumber);
    }
    expect(pages).toEqual([10, 20, 30]);
    expect(history.index).toBe(3);
  });

  it('a push after undo discards the forward entries', () => {
    const back = undoHistory(undoHistory(visit(1, 10, 20, 30))!.history)!.history;
    expect(back.index).toBe(1);
    const history = pushHistory(back, toc(77), 10, T0);
    expect(pagesOf(history)).toEqual([1, 10, 77]);
    expect(history.index).toBe(2);
    expect(canRedo(history)).toBe(false);
  });

  it('a push after undo to the page already current keeps the forward entries', () => {
    const back = undoHistory(visit(1, 10, 20))!.history;
    expect(pushHistory(back, toc(10), 10, T0)).toBe(back);
    expect(canRedo(back)).toBe(true);
  });

  it('a push after undoing to the start does not record the start again', () => {
    const start = undoHistory(visit(1, 10))!.history;
    const history = pushHistory(start, toc(5), 1, T0);
    expect(history.entries.map((entry) => [entry.pageNumber, entry.label])).toEqual([
      [1, 'Page 1'],
      [5, 'Chapter on 5'],
    ]);
  });
});

describe('navigation history: clear', () => {
  it('empties the history; the next jump records its starting page again', () => {
    const cleared = clearHistory();
    expect(cleared).toEqual(EMPTY_HISTORY);
    expect(canUndo(cleared) || canRedo(cleared) || canClearHistory(cleared)).toBe(false);
    const history = pushHistory(cleared, toc(30), 20, T0);
    expect(history.entries.map((entry) => entry.label)).toEqual(['Page 20', 'Chapter on 30']);
  });
});
