/**
 * Words of a paragraph found again on its printed page, as boxes: where a reference typed without a link
 * sits (reference-spans.ts) and where a defined term is used (term-spans.ts). The page's text is read once
 * per page, however many finders ask for it.
 */
import { readPageText } from '../extract/load.ts';
import type { PageText, TextRun } from '../extract/types.ts';
import { loadPdf } from '../pdfjs.ts';
import type { GraphParagraph, SpanRect } from './types.ts';

/** A run's characters, one by one, with where each stands. */
interface Glyph {
  char: string;
  run: TextRun;
  x: number;
  width: number;
}

/** A page's glyphs in reading order, without spaces, and its size in points. */
export interface PageWords {
  glyphs: Glyph[];
  width: number;
  height: number;
}

/** The pages of one PDF, each read when first asked for; close() lets the document go. */
export interface BookPages {
  /** The page's words; undefined past the last page or without a PDF. */
  get(page: number): Promise<PageWords | undefined>;
  close(): Promise<void>;
}

/** Typographic variants read as the ASCII the phrases are written in. */
const FOLD: Record<string, string> = { '\u2013': '-', '\u2014': '-', '\u2212': '-', '\u00a0': ' ' };

/**
 * The pages of `pdf`, read lazily (none without a PDF); the pages' text already `read` (extraction's) is
 * taken instead of reading the PDF again.
 */
export function openBookPages(pdf: Uint8Array | undefined, read?: readonly PageText[]): BookPages {
  if (read !== undefined) {
    const words = new Map<number, PageWords>();
    const wordsOf = (text: PageText) => ({
      glyphs: glyphsOf(text.runs),
      width: text.width,
      height: text.height,
    });
    return {
      get(page) {
        const text = read[page - 1];
        if (text === undefined) return Promise.resolve(undefined);
        if (!words.has(page)) words.set(page, wordsOf(text));
        return Promise.resolve(words.get(page));
      },
      close: () => Promise.resolve(),
    };
  }
  if (pdf === undefined) return { get: () => Promise.resolve(undefined), close: () => Promise.resolve() };
  const task = loadPdf(pdf, { disableFontFace: true, stopAtErrors: false, shareMessages: true });
  const pages = new Map<number, Promise<PageWords | undefined>>();
  return {
    get(page) {
      let words = pages.get(page);
      if (words === undefined) {
        words = task.promise.then(async (doc) => {
          if (page < 1 || page > doc.numPages) return undefined;
          const text = await readPageText(doc, page);
          return { glyphs: glyphsOf(text.runs), width: text.width, height: text.height };
        });
        pages.set(page, words);
      }
      return words;
    },
    close: () => task.destroy(),
  };
}

/** The glyphs of a page's runs in reading order, without spaces, each folded for matching. */
function glyphsOf(runs: TextRun[]): Glyph[] {
  const glyphs: Glyph[] = [];
  for (const run of runs) {
    const chars = [...run.str];
    const width = run.width / chars.length || 0;
    chars.forEach((raw, i) => {
      for (const char of raw.normalize('NFKC')) {
        const folded = FOLD[char] ?? char;
        if (folded.trim() !== '') glyphs.push({ char: folded, run, x: run.x + i * width, width });
      }
    });
  }
  return glyphs;
}

/** A stretch of a page, as fractions of its height from the top, that a paragraph's text lies in. */
export interface Region {
  page: number;
  from: number;
  to: number;
}

/**
 * Where a paragraph's text can be: from its first line down to where the next paragraph starts, on its
 * page and (when the next starts on a later page) at the top of the page after. In two columns the next
 * paragraph may start higher (the other column): then to the foot of the page.
 */
export function regionsOf(source: GraphParagraph, after: GraphParagraph | undefined): Region[] {
  const slack = 0.01;
  const from = Math.max(0, source.yStart - slack);
  if (after === undefined) return [{ page: source.page, from, to: 1 }];
  if (after.page === source.page) {
    return [{ page: source.page, from, to: after.yStart > source.yStart ? after.yStart + slack : 1 }];
  }
  return [
    { page: source.page, from, to: 1 },
    { page: source.page + 1, from: 0, to: after.page === source.page + 1 ? after.yStart + slack : 1 },
  ];
}

/** Baselines closer than this share of the font size are one line. */
const SAME_LINE = 0.5;
/** A line's box from its baseline, in font sizes: up over capitals and brackets, down under descenders. */
const ASCENT = 0.85;
const DESCENT = 0.25;

/** Characters each side of the words compared with the page, to tell them from the same words nearby. */
const CONTEXT = 16;

/** `text` folded and without spaces, as glyphs are compared. */
function foldedChars(text: string): string[] {
  return [...text.normalize('NFKC')].map((c) => FOLD[c] ?? c).filter((c) => c.trim() !== '');
}

/** Where words stand in their paragraph's text: what comes before and after them there. */
export interface WordsInParagraph {
  words: string;
  /** The paragraph's text. */
  paragraph: string;
  /** Where the words start in it; by default their first occurrence. */
  at?: number;
}

/**
 * The boxes (as fractions of the page, one per line they span) of where `words` is written within
 * `region` of a page, with how many characters around them agree with the paragraph (of `context`
 * compared); undefined when they
 * are not there. Spaces are not compared: runs split and join words unlike the text. Where the words are
 * written more than once (the same "Lemma 1" in the other column of a two-column page), the place whose
 * neighbouring characters agree most with the paragraph's own text wins, the first one on a tie.
 */
export function findWords(
  page: PageWords,
  { words, paragraph, at }: WordsInParagraph,
  region: Region,
): { rects: SpanRect[]; agreement: number; context: number } | undefined {
  const { glyphs } = page;
  const wanted = foldedChars(words);
  if (wanted.length === 0) return undefined;
  const own = foldedChars(at === undefined ? paragraph : paragraph.slice(0, at));
  const start = at === undefined ? own.join('').indexOf(wanted.join('')) : own.length;
  const rest = at === undefined ? own : [...own, ...foldedChars(paragraph.slice(at))];
  const before = start < 0 ? [] : rest.slice(Math.max(0, start - CONTEXT), start);
  const after = start < 0 ? [] : rest.slice(start + wanted.length, start + wanted.length + CONTEXT);
  const agreement = (first: number) => {
    let same = 0;
    while (same < before.length && glyphs[first - 1 - same]?.char === before[before.length - 1 - same])
      same++;
    let next = 0;
    const end = first + wanted.length;
    while (next < after.length && glyphs[end + next]?.char === after[next]) next++;
    return same + next;
  };
  const inRegion = (g: Glyph) => g.run.y / page.height >= region.from && g.run.y / page.height <= region.to;
  let best = -1;
  let bestAgreement = -1;
  for (let first = 0; first + wanted.length <= glyphs.length; first++) {
    if (!inRegion(glyphs[first]!)) continue;
    let i = 0;
    while (i < wanted.length && glyphs[first + i]!.char === wanted[i]) i++;
    if (i < wanted.length) continue;
    const agrees = agreement(first);
    if (agrees > bestAgreement) [best, bestAgreement] = [first, agrees];
  }
  if (best < 0) return undefined;
  const rects = lineBoxes(glyphs.slice(best, best + wanted.length)).map((box) => ({
    x: box.x / page.width,
    y: box.y / page.height,
    w: box.w / page.width,
    h: box.h / page.height,
  }));
  return { rects, agreement: bestAgreement, context: before.length + after.length };
}

/** One box per line over the glyphs, in points. */
function lineBoxes(glyphs: Glyph[]): SpanRect[] {
  const boxes: SpanRect[] = [];
  let line: Glyph[] = [];
  const flush = () => {
    if (line.length === 0) return;
    const size = Math.max(...line.map((g) => g.run.size));
    const baseline = line[0]!.run.y;
    const left = Math.min(...line.map((g) => g.x));
    const right = Math.max(...line.map((g) => g.x + g.width));
    boxes.push({ x: left, y: baseline - ASCENT * size, w: right - left, h: (ASCENT + DESCENT) * size });
    line = [];
  };
  for (const glyph of glyphs) {
    const first = line[0];
    if (first && Math.abs(glyph.run.y - first.run.y) > SAME_LINE * first.run.size) flush();
    line.push(glyph);
  }
  flush();
  return boxes;
}
