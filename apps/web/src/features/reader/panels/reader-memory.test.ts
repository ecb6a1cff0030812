import { beforeEach, describe, expect, it } from 'vitest';
import {
  ANCHORS_INTRODUCED_KEY,
  panelOpenKey,
  readReaderMemory,
  TOC_FIRST_OPEN_MIN_WIDTH,
  writeReaderMemory,
} from './reader-memory.ts';

describe('what the reader remembers per browser', () => {
  beforeEach(() => localStorage.clear());

  it('on a first visit opens the table of contents on a window at least 1,200 px wide, never the related panel', () => {
    expect(readReaderMemory(localStorage, TOC_FIRST_OPEN_MIN_WIDTH)).toEqual({
      panels: { left: true, right: false },
      anchorsIntroduced: false,
    });
    expect(readReaderMemory(localStorage, TOC_FIRST_OPEN_MIN_WIDTH - 1).panels).toEqual({
      left: false,
      right: false,
    });
  });

  it('afterwards gives back what was written, whatever the window', () => {
    writeReaderMemory(localStorage, { panels: { left: false, right: true }, anchorsIntroduced: true });
    expect(localStorage.getItem(panelOpenKey('left'))).toBe('false');
    expect(localStorage.getItem(ANCHORS_INTRODUCED_KEY)).toBe('true');
    expect(readReaderMemory(localStorage, 1600)).toEqual({
      panels: { left: false, right: true },
      anchorsIntroduced: true,
    });
  });

  it('treats storage that cannot be read or written as a first visit', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    } as unknown as Storage;
    expect(() =>
      writeReaderMemory(broken, { panels: { left: true, right: true }, anchorsIntroduced: true }),
    ).not.toThrow();
    expect(readReaderMemory(broken, 1300).panels).toEqual({ left: true, right: false });
  });
});
