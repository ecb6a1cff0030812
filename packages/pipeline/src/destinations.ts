/**
 * Resolves PDF destinations (named, or explicit arrays as in outline entries and link annotations) to a
 * 1-based page and the top position on it, in points from the top of the page.
 */
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface ResolvedDestination {
  page: number;
  /** Points from the top of the page; null when the destination names the page only. */
  top: number | null;
  /** Points from the left edge, when the destination gives it (XYZ). */
  left: number | null;
  pageHeight: number;
  pageWidth: number;
}

export type DestinationResolver = (dest: unknown) => Promise<ResolvedDestination | null>;

/** A resolver for one document; pages are fetched once and kept for the resolver's lifetime. */
export function destinationResolver(pdf: PDFDocumentProxy): DestinationResolver {
  const pages = new Map<number, PDFPageProxy>();
  return async (dest) => {
    const explicit: unknown = typeof dest === 'string' ? await pdf.getDestination(dest) : dest;
    if (!Array.isArray(explicit) || explicit.length === 0) return null;
    const ref: unknown = explicit[0];
    const index =
      typeof ref === 'number'
        ? ref
        : await pdf.getPageIndex(ref as Parameters<PDFDocumentProxy['getPageIndex']>[0]);
    const pageNumber = index + 1;
    let page = pages.get(pageNumber);
    if (!page) {
      page = await pdf.getPage(pageNumber);
      pages.set(pageNumber, page);
    }
    const viewport = page.getViewport({ scale: 1 });
    const kind = (explicit[1] as { name?: string } | undefined)?.name;
    let y: number | null = null;
    if (kind === 'XYZ' && typeof explicit[3] === 'number') y = explicit[3];
    else if ((kind === 'FitH' || kind === 'FitBH') && typeof explicit[2] === 'number') y = explicit[2];
    else if (kind === 'FitR' && typeof explicit[5] === 'number') y = explicit[5];
    const top = y === null ? null : Math.max(0, viewport.convertToViewportPoint(0, y)[1] ?? 0);
    const x = kind === 'XYZ' && typeof explicit[2] === 'number' ? explicit[2] : null;
    const left = x === null ? null : Math.max(0, viewport.convertToViewportPoint(x, 0)[0] ?? 0);
    return { page: pageNumber, top, left, pageHeight: viewport.height, pageWidth: viewport.width };
  };
}
