import { describe, expect, it, vi } from 'vitest';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { destinationTop, resolveDestination } from './destination.ts';

describe('destinationTop', () => {
  it('reads the top of each kind of explicit destination', () => {
    expect(destinationTop([{ num: 1 }, { name: 'XYZ' }, 72, 700, null])).toBe(700);
    expect(destinationTop([{ num: 1 }, { name: 'FitH' }, 500])).toBe(500);
    expect(destinationTop([{ num: 1 }, { name: 'FitBH' }, 400])).toBe(400);
    expect(destinationTop([{ num: 1 }, { name: 'FitR' }, 10, 20, 300, 640])).toBe(640);
  });

  it('has none for a whole page or a missing top', () => {
    expect(destinationTop([{ num: 1 }, { name: 'Fit' }])).toBeNull();
    expect(destinationTop([{ num: 1 }, { name: 'XYZ' }, 72, null, null])).toBeNull();
  });
});

function fakePdf(): PDFDocumentProxy {
  const viewport = {
    height: 800,
    convertToViewportPoint: (x: number, y: number) => [x, 800 - y],
  };
  return {
    numPages: 10,
    getDestination: vi.fn(async (name: string) =>
      name === 'thm-4-10' ? [{ num: 5, gen: 0 }, { name: 'XYZ' }, 0, 600, null] : null,
    ),
    getPageIndex: vi.fn(async () => 6),
    getPage: vi.fn(async () => ({ getViewport: () => viewport })),
  } as unknown as PDFDocumentProxy;
}

describe('resolveDestination', () => {
  it('resolves a named destination to its page and its top as a fraction from the top', async () => {
    expect(await resolveDestination(fakePdf(), 'thm-4-10')).toEqual({ pageNumber: 7, yFraction: 0.25 });
  });

  it('takes a page index as well as a reference, and a destination without a top is the page', async () => {
    expect(await resolveDestination(fakePdf(), [2, { name: 'Fit' }])).toEqual({ pageNumber: 3 });
  });

  it('answers null for an unknown name or a page outside the book', async () => {
    expect(await resolveDestination(fakePdf(), 'nowhere')).toBeNull();
    expect(await resolveDestination(fakePdf(), [12, { name: 'Fit' }])).toBeNull();
  });
});
