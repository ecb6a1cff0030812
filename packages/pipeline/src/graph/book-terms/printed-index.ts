/**
 * The book's printed index, read off its pages: each entry's words and the page numbers printed after
 * them ("Coset, 83, 91–93"; a sub-entry indented under its head: "Group" / "cyclic, 59"), and the pages
 * printed in a face of their own (the bold page a book marks where it defines the term). The index is the
 * book's own list of its ideas (docs/relationship-graph.md "The book's terms").
 */
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { readOutline, readPageText } from '../../extract/load.ts';
import type { OutlineEntry, PageText, TextRun } from '../../extract/types.ts';
import { loadPdf } from '../../pdfjs.ts';

export interface PrintedIndexEntry {
  /** As printed: "Coset", a sub-entry with its head ("Group cyclic"). */
  term: string;
  /** The head of a sub-entry ("Group"), as printed. */
  head?: string;
  /** The page numbers printed for it, as printed (page labels, not the PDF's page order). */
  pages: number[];
  /** Of those, the ones printed in another face than most page numbers of the index (bold, italic). */
  marked: number[];
}

/** The outline entry or page heading of a book's index of ideas (not "Name index", "Index of symbols"). */
const INDEX_TITLE = /^(?:(?:subject|general|main|topic)\s+)?index$/i;
/** An index of other things than ideas: people, languages, symbols. */
const OTHER_INDEX =
  /^(?:name|author|language|symbol|notation)s?\s+index$|^index of (?:names|authors|symbols|notation)$/i;
/** How many pages an index may take, and how far from the end its first page is looked for. */
const MAX_INDEX_PAGES = 40;

/** A line's piece in one column: its words and where it starts. */
export interface IndexLine {
  text: string;
  /** Left edge, in points. */
  x: number;
  /** Baseline, in points from the top. */
  y: number;
  /** Per page number printed at the end of the line, whether it is in the index's usual face. */
  numbers: { value: number; font: string }[];
}

/**
 * Reads the index of a PDF; [] when it has none. The pages' text as extraction read it (`read`) is taken
 * rather than read again: looking for an index at the end of a book without one in its outline read up to
 * 40 pages a second time (0.7 s of a 241-page book's import).
 */
export async function readPrintedIndex(
  pdf: Uint8Array,
  read?: readonly PageText[],
): Promise<PrintedIndexEntry[]> {
  const task = loadPdf(pdf, { disableFontFace: true, stopAtErrors: false });
  try {
    const doc = await task.promise;
    const given = new Map(read?.map((text) => [text.page, text]));
    const pageText = async (page: number) => given.get(page) ?? (await readPageText(doc, page));
    const pages = await indexPages(doc, pageText);
    const lines: IndexLine[][] = [];
    for (const page of pages) lines.push(indexLines(await pageText(page)));
    return indexEntries(lines);
  } catch {
    // A PDF pdf.js cannot read has no index to give; the extraction reports what is wrong with it.
    return [];
  } finally {
    await task.destroy();
  }
}

/** The pages of the index: from its outline entry, else the last pages that open with its heading. */
async function indexPages(
  doc: PDFDocumentProxy,
  pageText: (page: number) => Promise<PageText>,
): Promise<number[]> {
  const flat = (entries: OutlineEntry[]): OutlineEntry[] => entries.flatMap((e) => [e, ...flat(e.children)]);
  const outline = flat(await readOutline(doc)).sort((a, b) => a.page - b.page);
  // "Subject index" rather than the "Index" part above the names' and languages' indexes.
  const indexes = outline.filter((e) => INDEX_TITLE.test(e.title.trim()));
  const entry = indexes.find((e) => /subject/i.test(e.title)) ?? indexes[0];
  const range = (from: number, to: number) =>
    Array.from(
      { length: Math.max(0, Math.min(to, from + MAX_INDEX_PAGES - 1) - from + 1) },
      (_, i) => from + i,
    );
  if (entry !== undefined) {
    const next = outline.find((e) => e.page > entry.page && !/\bindex\b/i.test(e.title));
    return range(entry.page, (next?.page ?? doc.numPages + 1) - 1);
  }
  if (outline.some((e) => /\bindex\b/i.test(e.title))) return [];
  for (let page = doc.numPages; page > Math.max(0, doc.numPages - MAX_INDEX_PAGES); page--) {
    const text = await pageText(page);
    const top = [...text.runs].sort((a, b) => a.y - b.y).slice(0, 3);
    if (top.some((run) => INDEX_TITLE.test(run.str.trim()))) return range(page, doc.numPages);
  }
  return [];
}

/** Page numbers (and ranges, whose first page counts) after an entry's words: ", 83, 91–93". */
const PAGE_LIST = /(?:^|[,\s.])\s*((?:\d{1,4}(?:\s*[–—-]\s*\d{1,4})?(?:\s*,\s*|\s+)?)+)$/u;
/** A cross-reference: "see Coset", "see also Group". */
const SEE = /\b(?:see(?: also)?)\b.*$/i;
/** Dot leaders between an entry and its pages. */
const LEADERS = /(?:\s*\.){3,}\s*/g;

/**
 * The index lines of one page, in reading order: runs on one baseline make a line, cut where a gap wider
 * than two characters' height separates columns; columns are read left to right, each top to bottom.
 */
export function indexLines(page: PageText): IndexLine[] {
  const runs = [...page.runs].sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: TextRun[][] = [];
  for (const run of runs) {
    const row = rows.at(-1);
    if (row !== undefined && Math.abs(row[0]!.y - run.y) < 0.4 * run.size) row.push(run);
    else rows.push([run]);
  }
  const pieces: { runs: TextRun[]; x: number; y: number }[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.x - b.x);
    let piece: TextRun[] = [];
    for (const run of row) {
      const last = piece.at(-1);
      if (last !== undefined && run.x - (last.x + last.width) > 2 * run.size) {
        pieces.push({ runs: piece, x: piece[0]!.x, y: piece[0]!.y });
        piece = [];
      }
      piece.push(run);
    }
    if (piece.length > 0) pieces.push({ runs: piece, x: piece[0]!.x, y: piece[0]!.y });
  }
  // Columns: left edges more than a fifth of the page apart; each column's own edge is where most of its
  // lines start (a wrapped line or a stray piece may start further left).
  const starts = [...new Set(pieces.map((p) => Math.round(p.x)))].sort((a, b) => a - b);
  const clusters: number[] = [];
  for (const x of starts)
    if (clusters.length === 0 || x - clusters.at(-1)! > 0.2 * page.width) clusters.push(x);
  const columnOf = (x: number) => clusters.filter((start) => start <= Math.round(x)).length - 1;
  const edges = clusters.map((_, column) => {
    const counts = new Map<number, number>();
    for (const p of pieces)
      if (columnOf(p.x) === column) counts.set(Math.round(p.x), (counts.get(Math.round(p.x)) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
  });
  pieces.sort((a, b) => columnOf(a.x) - columnOf(b.x) || a.y - b.y);
  return pieces.map((piece) => {
    const text = piece.runs
      .map((r) => r.str)
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    return {
      text,
      x: piece.x - (edges[columnOf(piece.x)] ?? 0),
      y: piece.y,
      numbers: numbersOf(piece.runs),
    };
  });
}

/** The page numbers at the end of a line, each with the font of the run it is printed in. */
function numbersOf(runs: TextRun[]): IndexLine['numbers'] {
  const text = runs.map((r) => r.str).join('');
  const list = PAGE_LIST.exec(text.replace(LEADERS, ' ').trimEnd());
  if (list === null) return [];
  const fontAt: string[] = [];
  for (const run of runs) for (let i = 0; i < run.str.length; i++) fontAt.push(run.font);
  const start = text.replace(LEADERS, ' ').trimEnd().length - list[1]!.length;
  const numbers: IndexLine['numbers'] = [];
  for (const match of list[1]!.matchAll(/(\d{1,4})(?:\s*[–—-]\s*\d{1,4})?/g))
    numbers.push({ value: Number(match[1]), font: fontAt[start + match.index] ?? '' });
  return numbers;
}

/** The words of a line without its page numbers, cross-reference and leaders. */
function wordsOf(line: IndexLine): string {
  const text = line.text.replace(LEADERS, ' ').trimEnd();
  const list = PAGE_LIST.exec(text);
  const words = list === null ? text : text.slice(0, text.length - list[1]!.length);
  return words
    .replace(SEE, '')
    .replace(/[,;:.\s]+$/, '')
    .trim();
}

/** Share of the index's page numbers in another face, at most, for that face to mark definitions. */
const MAX_MARKED_SHARE = 0.25;
/** Share of an index page's lines that end in page numbers, at least. */
const MIN_NUMBERED_SHARE = 0.4;
/** Words an entry has at most: a longer line is a sentence. */
const MAX_ENTRY_WORDS = 8;

/** How far right of its column a sub-entry starts, at least, in points. */
const SUB_INDENT = 4;

/**
 * The entries of an index from its lines, page by page: a line with words starts an entry (a sub-entry
 * when indented under a head), a line of numbers only goes on with the entry before, an indented line
 * after a head that gave no numbers is its sub-entry. Page numbers in a face most of them are not in are
 * marked.
 */
export function indexEntries(pages: readonly IndexLine[][]): PrintedIndexEntry[] {
  const fonts = new Map<string, number>();
  for (const lines of pages)
    for (const line of lines) for (const n of line.numbers) fonts.set(n.font, (fonts.get(n.font) ?? 0) + 1);
  const ranked = [...fonts].sort((a, b) => b[1] - a[1]);
  const all = ranked.reduce((sum, [, n]) => sum + n, 0);
  // Marks are a few pages in another face; a book that sets many numbers apart (as links, say) marks none.
  const usual = all - (ranked[0]?.[1] ?? 0) <= MAX_MARKED_SHARE * all ? ranked[0]?.[0] : undefined;
  const entries: PrintedIndexEntry[] = [];
  // In an index of names or languages (langsci books print three), until the index of ideas begins.
  let skipping = false;
  let head: string | undefined;
  for (const lines of pages) {
    // A page of the index gives most of its lines page numbers; the first that does not has ended it
    // (the publisher's pages after it).
    if (lines.filter((l) => l.numbers.length > 0).length < MIN_NUMBERED_SHARE * lines.length) break;
    for (const line of lines) {
      const words = wordsOf(line);
      // The index's heading or running head ("Index", "INDEX 340"), a letter group ("A"): no entry, and
      // what follows is no sub-entry of the entry before.
      // A heading of the index or of another (names, languages), or a running head ("INDEX 340"):
      // no entry; a letter group ("A") ends the entry before.
      if (/\bindex$/i.test(words) || /^index\b/i.test(line.text)) {
        if (/^\D*index$/i.test(words) && line.numbers.length === 0) skipping = OTHER_INDEX.test(words);
        continue;
      }
      if (/^\p{L}$/u.test(words)) {
        head = undefined;
        continue;
      }
      if (skipping || words.split(' ').length > MAX_ENTRY_WORDS) continue;
      const pagesOf = line.numbers.map((n) => n.value);
      const marked = line.numbers.filter((n) => usual !== undefined && n.font !== usual).map((n) => n.value);
      if (!/\p{L}/u.test(words)) {
        const last = entries.at(-1);
        if (last !== undefined && pagesOf.length > 0) {
          last.pages.push(...pagesOf);
          last.marked.push(...marked);
        }
        continue;
      }
      const sub = line.x > SUB_INDENT && head !== undefined;
      if (!sub) head = words;
      entries.push({
        term: sub ? `${head} ${words}` : words,
        ...(sub ? { head } : {}),
        pages: pagesOf,
        marked,
      });
    }
  }
  return entries;
}
