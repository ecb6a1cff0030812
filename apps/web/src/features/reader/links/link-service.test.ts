import { describe, expect, it, vi } from 'vitest';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { ReaderLinkService } from './link-service.ts';

const pdf = {
  numPages: 20,
  getDestination: vi.fn(async () => [3, { name: 'Fit' }]),
} as unknown as PDFDocumentProxy;

describe('ReaderLinkService', () => {
  it('opens an external link in a new tab without an opener or referrer', () => {
    const service = new ReaderLinkService(pdf, vi.fn());
    const link = document.createElement('a');
    service.addLinkAttributes(link, 'https://example.org/');
    expect(link.href).toBe('https://example.org/');
    expect(link.target).toBe('_blank');
    expect(link.rel).toBe('noopener noreferrer');
  });

  it('follows an internal link through the reader', async () => {
    const follow = vi.fn();
    await new ReaderLinkService(pdf, follow).goToDestination('chapter-1');
    expect(follow).toHaveBeenCalledWith({ pageNumber: 4 });
  });

  it('follows the named page actions and ignores pages outside the book', () => {
    const follow = vi.fn();
    const service = new ReaderLinkService(pdf, follow);
    service.executeNamedAction('LastPage');
    service.goToPage(21);
    expect(follow.mock.calls).toEqual([[{ pageNumber: 20 }]]);
  });
});
