import { describe, expect, it } from 'vitest';
import { canvasPixelRatio } from './PageView.tsx';

describe('canvasPixelRatio', () => {
  it("draws at the screen's density", () => {
    expect(canvasPixelRatio(800, 1000, 2)).toBe(2);
    expect(canvasPixelRatio(800, 1000, 0)).toBe(1);
  });

  it('caps a large page so its canvas stays within 16 M pixels', () => {
    const ratio = canvasPixelRatio(4000, 5000, 2);
    expect(4000 * ratio * 5000 * ratio).toBeCloseTo(2 ** 24);
  });
});
