import { describe, expect, it } from 'vitest';
import { lineRects } from './anchor.ts';

const PAGE = { left: 100, top: 50, right: 900, bottom: 1050 };

describe('lineRects', () => {
  it('joins the boxes of one line into one rectangle, as fractions of the page', () => {
    const rects = lineRects(
      [
        { left: 200, top: 150, right: 400, bottom: 170 },
        { left: 398, top: 151, right: 600, bottom: 171 },
        // The next line.
        { left: 180, top: 180, right: 500, bottom: 200 },
      ],
      PAGE,
    );
    expect(rects).toHaveLength(2);
    expect(rects[0]!.left).toBeCloseTo(0.125);
    expect(rects[0]!.right).toBeCloseTo(0.625);
    expect(rects[0]!.top).toBeCloseTo(0.1);
    expect(rects[0]!.bottom).toBeCloseTo(0.121);
    expect(rects[1]!.top).toBeCloseTo(0.13);
  });

  it('keeps apart two columns on one height, and drops empty boxes', () => {
    const rects = lineRects(
      [
        { left: 150, top: 150, right: 450, bottom: 170 },
        { left: 550, top: 150, right: 850, bottom: 170 },
        { left: 460, top: 150, right: 460, bottom: 170 },
      ],
      PAGE,
    );
    expect(rects).toHaveLength(2);
  });

  it('clamps to the page and gives nothing for a page of no size', () => {
    const [rect] = lineRects([{ left: 50, top: 40, right: 300, bottom: 60 }], PAGE);
    expect(rect).toMatchObject({ left: 0, top: 0 });
    expect(
      lineRects([{ left: 1, top: 1, right: 5, bottom: 5 }], { left: 0, top: 0, right: 0, bottom: 0 }),
    ).toEqual([]);
  });
});
