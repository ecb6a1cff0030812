import { describe, expect, it } from 'vitest';
import { isPlainHover } from './plain-hover.ts';

describe('isPlainHover', () => {
  it('is a mouse or pen without a button held, not a touch nor a drag', () => {
    expect(isPlainHover({ pointerType: 'mouse', buttons: 0 })).toBe(true);
    expect(isPlainHover({ pointerType: 'pen', buttons: 0 })).toBe(true);
    expect(isPlainHover({ pointerType: 'mouse', buttons: 1 })).toBe(false);
    expect(isPlainHover({ pointerType: 'pen', buttons: 1 })).toBe(false);
    expect(isPlainHover({ pointerType: 'touch', buttons: 0 })).toBe(false);
  });
});
