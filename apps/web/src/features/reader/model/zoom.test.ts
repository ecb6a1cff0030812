import { describe, expect, it } from 'vitest';
import {
  BUTTON_ZOOM_MIN,
  FINE_SCALES,
  MAX_SCALE,
  MIN_SCALE,
  PAGE_FIT,
  PRESET_SCALES,
  WHEEL_ZOOM_DEBOUNCE_MS,
  clampScale,
  formatZoomPercent,
  pageFitScale,
  parsePageInput,
  parseZoomInput,
  resolveScale,
  zoomByWheel,
  zoomInByButton,
  zoomInByFineStep,
  zoomOutByButton,
  zoomOutByFineStep,
} from './zoom.ts';

describe('zoom constants (docs/product.md §9)', () => {
  it('offers the preset levels 50–400%', () => {
    expect(PRESET_SCALES.map((scale) => formatZoomPercent(scale))).toEqual([
      '50',
      '75',
      '100',
      '125',
      '150',
      '200',
      '300',
      '400',
    ]);
  });

  it('has a finer step table from 0.1 to 10, strictly rising, that contains 100%', () => {
    expect(FINE_SCALES[0]).toBe(MIN_SCALE);
    expect(FINE_SCALES.at(-1)).toBe(MAX_SCALE);
    expect([MIN_SCALE, MAX_SCALE]).toEqual([0.1, 10]);
    for (let i = 1; i < FINE_SCALES.length; i += 1) {
      expect(FINE_SCALES[i]!).toBeGreaterThan(FINE_SCALES[i - 1]!);
    }
    expect(FINE_SCALES).toContain(1);
  });

  it('debounces wheel zoom by 40 ms and floors the − button at 0.25', () => {
    expect(WHEEL_ZOOM_DEBOUNCE_MS).toBe(40);
    expect(BUTTON_ZOOM_MIN).toBe(0.25);
  });
});

describe('page fit', () => {
  it('is the default setting and resolves to the page-fit scale of the layout', () => {
    expect(resolveScale(PAGE_FIT, 0.8)).toBe(0.8);
    expect(resolveScale(1.5, 0.8)).toBe(1.5);
  });

  it('fits the whole page: the smaller of the width and height ratios', () => {
    // A US Letter page (612 x 792 pt) in a wide, short view: the height limits.
    expect(pageFitScale({ width: 612, height: 792 }, { width: 1200, height: 792 })).toBe(1);
    expect(pageFitScale({ width: 612, height: 792 }, { width: 1200, height: 396 })).toBe(0.5);
    // In a narrow, tall view the width limits.
    expect(pageFitScale({ width: 600, height: 800 }, { width: 300, height: 2000 })).toBe(0.5);
    expect(pageFitScale({ width: 612, height: 792 }, { width: 800, height: 700 })).toBe(0.8838);
  });

  it('stays within 0.1..10 for tiny and huge views', () => {
    expect(pageFitScale({ width: 600, height: 800 }, { width: 10, height: 10 })).toBe(MIN_SCALE);
    expect(pageFitScale({ width: 60, height: 80 }, { width: 6000, height: 8000 })).toBe(MAX_SCALE);
  });

  it.each([
    [{ width: 0, height: 800 }, { width: 100, height: 100 }, 'The page width must be positive, got 0'],
    [{ width: 600, height: -1 }, { width: 100, height: 100 }, 'The page height must be positive, got -1'],
    [
      { width: 600, height: 800 },
      { width: Number.NaN, height: 100 },
      'The view width must be positive, got NaN',
    ],
    [{ width: 600, height: 800 }, { width: 100, height: 0 }, 'The view height must be positive, got 0'],
  ])('rejects a size that is not positive (%o in %o)', (page, view, message) => {
    expect(() => pageFitScale(page, view)).toThrow(message);
  });
});

describe('zoom buttons', () => {
  it('step by 0.25 either way', () => {
    expect(zoomInByButton(1)).toBe(1.25);
    expect(zoomOutByButton(1)).toBe(0.75);
    expect(zoomInByButton(0.8838)).toBe(1.1338);
    expect(zoomOutByButton(2)).toBe(1.75);
  });

  it('floor − at 0.25', () => {
    expect(zoomOutByButton(0.5)).toBe(0.25);
    expect(zoomOutByButton(0.4)).toBe(0.25);
    expect(zoomOutByButton(0.25)).toBe(0.25);
  });

  it('do not zoom in with − when the wheel has gone below 0.25', () => {
    expect(zoomOutByButton(0.1)).toBe(0.1);
    expect(zoomOutByButton(0.2)).toBe(0.2);
  });

  it('stop + at 10', () => {
    expect(zoomInByButton(9.9)).toBe(10);
    expect(zoomInByButton(10)).toBe(10);
  });

  it('walk back and forth without drifting', () => {
    let scale = 1;
    for (let i = 0; i < 7; i += 1) scale = zoomInByButton(scale);
    expect(scale).toBe(2.75);
    for (let i = 0; i < 7; i += 1) scale = zoomOutByButton(scale);
    expect(scale).toBe(1);
  });
});

describe('wheel and keyboard zoom (the finer step table)', () => {
  it('moves to the neighbouring level of the table', () => {
    expect(zoomInByFineStep(1)).toBe(1.1);
    expect(zoomInByFineStep(1.1)).toBe(1.3);
    expect(zoomOutByFineStep(1)).toBe(0.9);
    expect(zoomOutByFineStep(2.4)).toBe(2.1);
  });

  it('from a scale between levels (page fit, buttons) goes to the nearest level in that direction', () => {
    expect(zoomInByFineStep(0.8838)).toBe(0.9);
    expect(zoomOutByFineStep(0.8838)).toBe(0.8);
    expect(zoomInByFineStep(1.25)).toBe(1.3);
    expect(zoomOutByFineStep(1.25)).toBe(1.1);
  });

  it('visits every level of the table from 0.1 up to 10 and back', () => {
    const up = [MIN_SCALE];
    while (up.at(-1)! < MAX_SCALE) up.push(zoomInByFineStep(up.at(-1)!));
    expect(up).toEqual(FINE_SCALES);
    const down = [MAX_SCALE];
    while (down.at(-1)! > MIN_SCALE) down.push(zoomOutByFineStep(down.at(-1)!));
    expect(down).toEqual([...FINE_SCALES].reverse());
  });

  it('stays at the ends of the table', () => {
    expect(zoomInByFineStep(10)).toBe(10);
    expect(zoomOutByFineStep(0.1)).toBe(0.1);
  });

  it('wheel up zooms in, down zooms out, sideways keeps the scale', () => {
    expect(zoomByWheel(1, -120)).toBe(1.1);
    expect(zoomByWheel(1, -0.5)).toBe(1.1);
    expect(zoomByWheel(1, 120)).toBe(0.9);
    expect(zoomByWheel(1, 0)).toBe(1);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('rejects a scale of %s', (scale) => {
    expect(() => zoomInByFineStep(scale)).toThrow('A scale must be a positive number');
    expect(() => zoomOutByFineStep(scale)).toThrow('A scale must be a positive number');
    expect(() => zoomInByButton(scale)).toThrow('A scale must be a positive number');
    expect(() => zoomOutByButton(scale)).toThrow('A scale must be a positive number');
    expect(() => zoomByWheel(scale, 0)).toThrow('A scale must be a positive number');
    expect(() => formatZoomPercent(scale)).toThrow('A scale must be a positive number');
  });
});

describe('clampScale', () => {
  it('keeps a scale inside 0.1..10 and tidies binary noise', () => {
    expect(clampScale(0.05)).toBe(0.1);
    expect(clampScale(12)).toBe(10);
    expect(clampScale(0.1 + 0.2)).toBe(0.3);
    expect(clampScale(Number.POSITIVE_INFINITY)).toBe(10);
  });

  it('rejects NaN', () => {
    expect(() => clampScale(Number.NaN)).toThrow('A scale must be a number, got NaN');
  });
});

describe('zoom percentage input (25–500, else revert)', () => {
  it('shows whole percents', () => {
    expect(formatZoomPercent(1)).toBe('100');
    expect(formatZoomPercent(0.8838)).toBe('88');
    expect(formatZoomPercent(1.125)).toBe('113');
    expect(formatZoomPercent(10)).toBe('1000');
  });

  it.each([
    ['25', 0.25],
    ['500', 5],
    ['100', 1],
    ['137', 1.37],
    [' 150 ', 1.5],
    ['150%', 1.5],
    ['150 %', 1.5],
    ['0150', 1.5],
  ])('accepts %j as %s', (text, scale) => {
    expect(parseZoomInput(text)).toBe(scale);
  });

  it.each([
    '24',
    '501',
    '0',
    '-50',
    '',
    '   ',
    '%',
    'abc',
    '12.5',
    '100.0',
    '1e2',
    '+100',
    '10000',
    '100%%',
    '1 00',
  ])('reverts on %j', (text) => {
    expect(parseZoomInput(text)).toBeNull();
  });
});

describe('page input (1..total, else revert)', () => {
  it.each([
    ['1', 1],
    ['350', 350],
    ['42', 42],
    [' 7 ', 7],
    ['007', 7],
  ])('accepts %j as page %s of 350', (text, page) => {
    expect(parsePageInput(text, 350)).toBe(page);
  });

  it.each(['0', '351', '-1', '', ' ', '2.5', '3.0', '1e2', '+3', 'ten', '4 2', '99999999999999999999'])(
    'reverts on %j',
    (text) => {
      expect(parsePageInput(text, 350)).toBeNull();
    },
  );

  it('accepts the only page of a one-page book', () => {
    expect(parsePageInput('1', 1)).toBe(1);
    expect(parsePageInput('2', 1)).toBeNull();
  });

  it.each([0, -3, 2.5, Number.NaN])('rejects a total of %s', (total) => {
    expect(() => parsePageInput('1', total)).toThrow('totalPages must be a whole number of at least 1');
  });
});
