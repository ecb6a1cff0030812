import type { PDFDocumentProxy } from 'pdfjs-dist';

/** Where a link of the PDF leads: a page and, when the destination names it, a place on it. */
export interface LinkTarget {
  pageNumber: number;
  /** The destination's top as a fraction of the page from its top (0..1), when the destination has one. */
  yFraction?: number;
}

/**
 * The top of an explicit destination ([page, {name}, ...arguments]) in PDF units from the bottom of the
 * page, or null when it has none: XYZ left top zoom, FitH top, FitBH top, FitR left bottom right top.
 */
export function destinationTop(explicit: readonly unknown[]): number | null {
  const kind = (explicit[1] as { name?: unknown } | null | undefined)?.name;
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  switch (kind) {
    case 'XYZ':
      return number(explicit[3]);
    case 'FitH':
    case 'FitBH':
      return number(explicit[2]);
    case 'FitR':
      return number(explicit[5]);
    default:
      return null;
  }
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * Resolves a link's destination (a named destination or an explicit array) to a page and a place on it,
 * converted with the page's own viewport (its crop box and rotation). Null when the PDF does not say.
 */
export async function resolveDestination(pdf: PDFDocumentProxy, dest: unknown): Promise<LinkTarget | null> {
  const explicit = typeof dest === 'string' ? await pdf.getDestination(dest) : dest;
  if (!Array.isArray(explicit) || explicit.length === 0) return null;
  const [ref] = explicit as unknown[];
  let pageIndex: number | null = null;
  if (Number.isInteger(ref)) pageIndex = ref as number;
  else if (ref && typeof ref === 'object') {
    pageIndex = await pdf
      .getPageIndex(ref as Parameters<PDFDocumentProxy['getPageIndex']>[0])
      .catch(() => null);
  }
  if (pageIndex === null || pageIndex < 0 || pageIndex >= pdf.numPages) return null;
  const pageNumber = pageIndex + 1;
  const top = destinationTop(explicit);
  if (top === null) return { pageNumber };
  const page = await pdf.getPage(pageNumber);
  const viewport = page.getViewport({ scale: 1 });
  const [, y] = viewport.convertToViewportPoint(0, top);
  return { pageNumber, yFraction: clamp01(y / viewport.height) };
}
