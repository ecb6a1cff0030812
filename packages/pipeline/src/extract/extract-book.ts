import type { BookDocument } from '@threadbook/book';
import { bookTitle } from './book-title.ts';
import { buildColumnLines, findPageGutter, orderColumns } from './columns.ts';
import { ExtractError, MESSAGES } from './errors.ts';
import { alignFonts, judgeMonospace, markMonospace } from './fonts.ts';
import { markCodeLines } from './lines.ts';
import { removeFurniture } from './furniture.ts';
import { detectHeadings } from './headings.ts';
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { openPdf, readInfo, readOutline, readPages } from './load.ts';
import { askToStop } from '../worker-stop.ts';
import { MIN_PAGES_FOR_WORKER, startWorker } from '../threads.ts';
import { measureBody } from './metrics.ts';
import { buildBlocks, type PageFlow } from './blocks/index.ts';
import { assemble, checkParagraphCounts, nodesFromHeadings, nodesFromOutline } from './structure.ts';
import type { Line, PageText } from './types.ts';
import type { OpenedPdf } from './load.ts';

type OpenedPdfDoc = OpenedPdf['pdf'];

export { ExtractError } from './errors.ts';

export interface ExtractOptions {
  /** Called after each page is read: pages done, pages in all. */
  onProgress?: (pagesDone: number, pageCount: number) => void;
  /** Title and author to use instead of what the PDF says. */
  title?: string;
  author?: string;
  /** Stops the reading between pages: the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface ExtractedBook {
  book: BookDocument;
  pageCount: number;
  /** Each page's text as read, in page order: the graph finds words on the pages in it (buildGraph). */
  pages: PageText[];
}

/** Reads a born-digital textbook PDF into chapters, sections and paragraphs at their page positions. */
export async function extractBook(data: Uint8Array, options: ExtractOptions = {}): Promise<ExtractedBook> {
  options.signal?.throwIfAborted();
  const opened = await openPdf(data);
  try {
    const { pdf, pageCount } = opened;
    // Each page's lines are built as the page arrives, while the next pages are read; the fixed-pitch
    // faces are judged on the whole book, so lines are marked as code afterwards.
    const built: Line[][] = new Array<Line[]>(pageCount);
    const { texts, byWorker } = await readAllPages(data, pdf, pageCount, options, (text) => {
      built[text.page - 1] = buildColumnLines(text);
    });
    const judge = judgeMonospace(texts, byWorker);
    let characters = 0;
    const pages = texts.map((text, i) => {
      const lines = built[i]!;
      for (const line of lines) {
        markMonospace(line.runs, i, judge);
        characters += line.text.length;
      }
      markCodeLines(lines);
      return { height: text.height, lines };
    });
    if (characters < 20) throw new ExtractError('no-text', MESSAGES.noText);
    alignFonts(
      pages.map((p) => p.lines),
      byWorker,
    );
    const outline = await readOutline(pdf);
    const info = await readInfo(pdf);

    const body = measureBody(pages.map((p) => p.lines));
    const cleaned = removeFurniture(pages, body.size * 1.05, body.font);
    const flows: PageFlow[] = cleaned.map((lines, i) => {
      const gutter = findPageGutter(lines);
      return {
        page: i + 1,
        height: pages[i]!.height,
        lines: orderColumns(lines, body.size * 1.05, gutter),
        gutter,
      };
    });
    const blocks = buildBlocks(flows, body);
    const title = bookTitle(options.title, info.title, blocks);
    // An outline destination right of a page's gutter is in the right column.
    const columnAt = (page: number, left: number | undefined) => {
      const gutter = flows[page - 1]?.gutter;
      return gutter && left !== undefined && left >= (gutter.left + gutter.right) / 2 ? 1 : undefined;
    };
    const nodes =
      outline.length > 0 ? nodesFromOutline(outline, columnAt) : nodesFromHeadings(detectHeadings(blocks));
    const chapters = assemble(blocks, nodes, title);
    checkParagraphCounts(chapters);
    return {
      book: { title, author: options.author?.trim() || info.author, chapters },
      pageCount,
      pages: texts,
    };
  } finally {
    await opened.close();
  }
}

/**
 * The text of every page, in page order, and which pages the worker read; `onPage` sees each page as it
 * arrives (in no set order). With more than one core, a worker thread reads the second half of the pages
 * (with its own pdf.js document, which names fonts its own way) while this thread reads the first; if the
 * worker fails, the pages it did not deliver are read here.
 */
async function readAllPages(
  data: Uint8Array,
  pdf: OpenedPdfDoc,
  pageCount: number,
  { onProgress, signal }: Pick<ExtractOptions, 'onProgress' | 'signal'>,
  onPage: (text: PageText) => void,
): Promise<{ texts: PageText[]; byWorker: boolean[] }> {
  const texts: PageText[] = new Array<PageText>(pageCount);
  const byWorker: boolean[] = new Array<boolean>(pageCount).fill(false);
  let done = 0;
  const got = (text: PageText) => {
    texts[text.page - 1] = text;
    onPage(text);
    done++;
    onProgress?.(done, pageCount);
  };
  const split =
    pageCount >= MIN_PAGES_FOR_WORKER && availableParallelism() > 1 ? Math.ceil(pageCount / 2) : pageCount;
  // The worker stops on the caller's signal, or when this thread fails on its own half.
  const failed = new AbortController();
  const stop = signal ? AbortSignal.any([signal, failed.signal]) : failed.signal;
  const worker = split < pageCount ? readInWorker(data, split + 1, pageCount, stop, got) : [];
  try {
    await readPages(pdf, 1, split, got, signal);
  } catch (error) {
    failed.abort();
    throw error;
  } finally {
    for (const page of await worker) byWorker[page - 1] = true;
  }
  signal?.throwIfAborted();
  // Whatever the worker did not deliver (it failed or could not start) is read here.
  for (let n = split + 1; n <= pageCount; n++) {
    if (!texts[n - 1]) await readPages(pdf, n, n, got);
  }
  return { texts, byWorker };
}

/**
 * Reads pages `from`..`to` in a worker thread, handing each to `got`; resolves with the pages it read when
 * the worker has ended. The worker is told to stop, never terminated (see worker-stop.ts). A worker that
 * fails or cannot start delivers fewer pages, never an error.
 */
function readInWorker(
  data: Uint8Array,
  from: number,
  to: number,
  stop: AbortSignal,
  got: (text: PageText) => void,
): Promise<number[]> {
  return new Promise((resolve) => {
    const read: number[] = [];
    let worker: Worker;
    try {
      worker = startWorker(new URL('./page-worker.ts', import.meta.url), { data, from, to });
    } catch {
      resolve(read);
      return;
    }
    const stopWorker = () => askToStop(worker);
    if (stop.aborted) stopWorker();
    else stop.addEventListener('abort', stopWorker, { once: true });
    worker.on('message', (m: { text?: PageText }) => {
      if (!m.text) return;
      got(m.text);
      read.push(m.text.page);
    });
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      stop.removeEventListener('abort', stopWorker);
      resolve(read);
    });
  });
}
