import { describe, expect, it } from 'vitest';
import { stepHit } from './navigation.ts';

const hits = [{ page: 3 }, { page: 7 }, { page: 7 }, { page: 12 }];

describe('stepHit', () => {
  it('goes to the next and previous hit, wrapping at both ends', () => {
    expect(stepHit(hits, 0, 1, 1)).toBe(1);
    expect(stepHit(hits, 3, 1, 1)).toBe(0);
    expect(stepHit(hits, 0, -1, 1)).toBe(3);
    expect(stepHit(hits, 2, -1, 1)).toBe(1);
  });
  it('starts from the page shown when no hit is chosen yet', () => {
    expect(stepHit(hits, -1, 1, 1)).toBe(0);
    expect(stepHit(hits, -1, 1, 7)).toBe(1);
    expect(stepHit(hits, -1, 1, 13)).toBe(0);
    expect(stepHit(hits, -1, -1, 7)).toBe(2);
    expect(stepHit(hits, -1, -1, 2)).toBe(3);
  });
  it('answers -1 without hits', () => {
    expect(stepHit([], -1, 1, 1)).toBe(-1);
    expect(stepHit([], 0, -1, 1)).toBe(-1);
  });
});
