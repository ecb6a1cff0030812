/**
 * The page render thread (piscina's worker, render-pool.ts): draws pages with pdf.js off the server's
 * event loop, a page taking a tenth of a second or more. The last books drawn stay open, so the pages
 * a reader asks for one after another do not parse the PDF each time; a task names its book by `key`
 * and brings the PDF only when this thread answers that it does not have it open.
 */
import { openPageRenderer, type PageRaster, type PageRenderer } from '@threadbook/pipeline/page-image';
import type { RenderAnswer, RenderTask } from './render-pool.ts';

/** Books kept open in this thread: a few readers' books, each a few megabytes parsed. */
const OPEN_BOOKS = 4;
const open = new Map<string, Promise<PageRenderer>>();

function renderer(key: string, pdf: Uint8Array | undefined): Promise<PageRenderer> | undefined {
  const found = open.get(key);
  if (found) {
    // Most recently used last.
    open.delete(key);
    open.set(key, found);
    return found;
  }
  if (!pdf) return undefined;
  const opening = openPageRenderer(pdf);
  open.set(key, opening);
  // A PDF that cannot be opened is not kept: its error goes to this task alone.
  opening.catch(() => open.delete(key));
  for (const [oldest, oldRenderer] of open) {
    if (open.size <= OPEN_BOOKS) break;
    open.delete(oldest);
    void oldRenderer.then((closing) => closing.close()).catch(() => undefined);
  }
  return opening;
}

export default async function render(task: RenderTask): Promise<RenderAnswer> {
  const book = renderer(task.key, task.pdf);
  if (!book) return { missing: true };
  const document = await book;
  if (task.page > document.pageCount) return { pageCount: document.pageCount, images: [] };
  const widest = Math.max(...task.outputs.map((output) => output.width));
  const drawn = await document.render(task.page, widest);
  const images: Uint8Array[] = [];
  for (const { width, format } of task.outputs) {
    const picture: PageRaster = width === drawn.width ? drawn : drawn.scaled(width);
    images.push(await (format === 'png' ? picture.png() : picture.webp()));
  }
  // Copied back (a page's images are tens of kilobytes), not moved.
  return { pageCount: document.pageCount, images };
}

/** Nothing: run once so the thread is started, and pdf.js loaded, before the first page is asked. */
export function warm(): void {}
