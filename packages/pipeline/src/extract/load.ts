/**
 * Opens a PDF with pdf.js (the engine the reader renders with) and reads what the later stages need: the
 * text items of each page in top-down page coordinates, the outline resolved to pages and positions, and
 * the document's title and author. pdf.js failures become ExtractErrors with messages for people.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { destinationResolver } from '../destinations.ts';
import { loadPdf } from '../pdfjs.ts';
import { ExtractError, MESSAGES } from './errors.ts';
import type { OutlineEntry, PageText, TextRun } from './types.ts';

export interface OpenedPdf {
  pdf: PDFDocumentProxy;
  pageCount: number;
  close: () => Promise<void>;
}

/** Opens the PDF; rejects with an ExtractError for encrypted, damaged or non-PDF input. */
export async function openPdf(data: Uint8Array): Promise<OpenedPdf> {
  const task = loadPdf(data, { disableFontFace: true, stopAtErrors: false, shareMessages: true });
  try {
    const pdf = await task.promise;
    return { pdf, pageCount: pdf.numPages, close: () => task.destroy() };
  } catch (error) {
    await task.destroy().catch(() => undefined);
    const name = (error as { name?: string } | null)?.name;
    if (name === 'PasswordException')
      throw new ExtractError('encrypted', MESSAGES.encrypted, { cause: error });
    throw new ExtractError('invalid-pdf', MESSAGES.invalid, { cause: error });
  }
}

/** Text items of one page, as runs with top-down coordinates. Empty items (pdf.js line-end markers) are dropped. */
export async function readPageText(pdf: PDFDocumentProxy, pageNumber: number): Promise<PageText> {
  const page = await pdf.getPage(pageNumber);
  const viewport = page.getViewport({ scale: 1 });
  // Marked content (tags, artifacts) is not needed, only the text items.
  const content = await page.getTextContent({ includeMarkedContent: false });
  const runs: TextRun[] = [];
  // The viewport maps PDF space to the top-down page frame; applied inline (no array per item).
  const [va = 1, vb = 0, vc = 0, vd = 1, ve = 0, vf = 0] = viewport.transform as number[];
  for (const item of content.items) {
    if (!('str' in item) || item.str === '') continue;
    const [ia = 0, ib = 0, ic = 0, id = 0, ie = 0, iF = 0] = item.transform as number[];
    const a = va * ia + vc * ib;
    const b = vb * ia + vd * ib;
    const c = va * ic + vc * id;
    const d = vb * ic + vd * id;
    const e = va * ie + vc * iF + ve;
    const f = vb * ie + vd * iF + vf;
    // Only horizontal text takes part in lines; rotated labels in figures are left out. Slanted text (an
    // oblique font made by shearing an upright one, as dvips does for running heads and emphasis) is
    // horizontal: its matrix has a horizontal shear `c` but no rotation `b`.
    if (Math.abs(b) > 1e-3 || a <= 0 || Math.abs(c) > 0.5 * Math.abs(d)) continue;
    const size = Math.abs(d);
    if (size < 1) continue;
    const mono = content.styles[item.fontName]?.fontFamily === 'monospace';
    runs.push({
      str: item.str,
      x: e,
      y: f,
      width: item.width,
      size,
      font: item.fontName,
      ...(mono ? { mono } : {}),
    });
  }
  page.cleanup();
  return { page: pageNumber, width: viewport.width, height: viewport.height, runs };
}

/** The outline as a tree of entries with resolved pages and top positions; [] when the PDF has none. */
export async function readOutline(pdf: PDFDocumentProxy): Promise<OutlineEntry[]> {
  const outline = await pdf.getOutline().catch(() => null);
  if (!outline) return [];
  const resolveDest = destinationResolver(pdf);
  const resolve = async (nodes: typeof outline, level: number): Promise<OutlineEntry[]> => {
    const entries: OutlineEntry[] = [];
    for (const node of nodes) {
      const children = await resolve(node.items ?? [], level + 1);
      const target = await resolveDest(node.dest).catch(() => null);
      if (target)
        entries.push({
          title: node.title.trim(),
          level,
          page: target.page,
          top: target.top ?? 0,
          ...(target.left === null ? {} : { left: target.left }),
          children,
        });
      else entries.push(...children.map((child) => ({ ...child, level })));
    }
    return entries;
  };
  return resolve(outline, 1);
}

/** Title and author from the document information, empty strings when absent. */
export async function readInfo(pdf: PDFDocumentProxy): Promise<{ title: string; author: string }> {
  const meta = await pdf.getMetadata().catch(() => null);
  const info = (meta?.info ?? {}) as { Title?: unknown; Author?: unknown };
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return { title: text(info.Title), author: text(info.Author) };
}

/**
 * Reads the text of pages `from`..`to` (1-based, inclusive) in order, calling `onPage` for each. pdf.js
 * works on one page at a time; the next pages' text is requested before the current one is handed on, so
 * its parsing overlaps the caller's work on the current page.
 */
export async function readPages(
  pdf: PDFDocumentProxy,
  from: number,
  to: number,
  onPage: (text: PageText) => void,
  signal?: AbortSignal,
): Promise<void> {
  const AHEAD = 2;
  const pending: Promise<PageText>[] = [];
  let next = from;
  while (next <= to && pending.length < AHEAD) pending.push(readPageText(pdf, next++));
  while (pending.length > 0) {
    const text = await pending.shift()!;
    if (signal?.aborted) {
      // Let the pages already asked for finish, so that closing the document finds pdf.js idle.
      await Promise.allSettled(pending);
      signal.throwIfAborted();
    }
    if (next <= to) pending.push(readPageText(pdf, next++));
    onPage(text);
  }
}
