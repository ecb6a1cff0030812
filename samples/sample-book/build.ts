/**
 * Renders the sample textbook (content.ts) to a PDF.
 *
 *   node samples/sample-book/build.ts [outPath]     (default: data/samples/threadbook-sample.pdf)
 *
 * Layout is done by hand, before anything is drawn: paragraphs are broken into justified lines with the
 * font metrics of the standard Times fonts, lines are placed on pages, and every page, heading, numbered
 * item and cross-reference is recorded. Because the whole book is laid out first, the contents page can
 * show the right page numbers and the function can return the ground truth used by tests (index.ts).
 * The output is byte-for-byte deterministic: fixed dates in the document info (pdfkit derives the file
 * ID from them), no embedded fonts, and nothing else that depends on time or randomness.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { SAMPLE_BOOK, type Block, type Book, type ItemKind } from './content.ts';
import {
  KIND_LABELS,
  parseInline,
  smartQuotes,
  validateBook,
  type ParsedRef,
  type RefTarget,
  type Run,
  type TargetKind,
} from './markup.ts';

// ---------------------------------------------------------------------------------------------------
// Ground truth

export interface SampleSectionTruth {
  number: string;
  title: string;
  /** 1-based PDF page on which the heading is printed (also the printed page number). */
  page: number;
}

export interface SampleChapterTruth {
  number: number;
  title: string;
  page: number;
  sections: SampleSectionTruth[];
}

export interface SampleItemTruth {
  kind: ItemKind;
  number: string;
  name: string | null;
  /** The printed label, e.g. "Theorem 2.3". */
  label: string;
  section: string;
  page: number;
}

export interface SampleTargetTruth extends RefTarget {
  /** e.g. "Section 2.1", "Theorem 3.7" */
  label: string;
  page: number;
}

export interface SampleCrossReference {
  /** Order of appearance in the book, from 0. */
  index: number;
  /** The phrase as printed, e.g. "Sections 2.1–2.3" or "Theorems 3.1 and 3.2". */
  phrase: string;
  targets: SampleTargetTruth[];
  /** Where the phrase occurs: the section, or only the chapter (chapter introduction), or neither (preface). */
  sourceChapter: number | null;
  sourceSection: string | null;
  page: number;
}

export interface SampleBookTruth {
  title: string;
  subtitle: string;
  author: string;
  pages: number;
  contentsPage: number;
  prefacePage: number;
  chapters: SampleChapterTruth[];
  items: SampleItemTruth[];
  crossReferences: SampleCrossReference[];
}

export interface BuildResult {
  pages: number;
  sha256: string;
  truth: SampleBookTruth;
}

// ---------------------------------------------------------------------------------------------------
// Page geometry and typography (points; US letter)

const PAGE_WIDTH = 612;
const LEFT = 90;
const TEXT_WIDTH = PAGE_WIDTH - 2 * LEFT;
const TOP = 84;
const BOTTOM = 720;
const HEAD_BASELINE = 56;
const FOOT_BASELINE = 750;

const BODY_SIZE = 11;
const LEADING = 15;
const SMALL_SIZE = 10;
const SMALL_LEADING = 13.5;
const INDENT = 15;
const PARAGRAPH_GAP = 3;
const ITEM_GAP = 8;

const INK = '#1a1a1a';
const LINK_COLOR = '#1d4f91';
const RULE_COLOR = '#8a8a8a';

const CREATION_DATE = new Date('2025-01-01T00:00:00.000Z');

type FontName = 'Times-Roman' | 'Times-Italic' | 'Times-Bold' | 'Times-BoldItalic';

interface Style {
  font: FontName;
  size: number;
  /** Baseline shift (positive is down), for sub- and superscripts. */
  dy: number;
  color: string;
  ref: number | null;
}

type DrawOp =
  | { op: 'text'; x: number; baseline: number; text: string; style: Style; wordSpacing: number }
  | { op: 'link'; x: number; y: number; w: number; h: number; dest: string }
  | { op: 'dest'; name: string; y: number }
  | { op: 'rule'; x1: number; y1: number; x2: number; y2: number; width: number; color: string }
  | { op: 'square'; x: number; y: number; size: number }
  | { op: 'node'; x: number; y: number; r: number }
  | { op: 'edge'; x1: number; y1: number; x2: number; y2: number };

interface PageLayout {
  ops: DrawOp[];
  /** Chapter shown in the running head; null for pages without one. */
  head: { chapter: number; title: string } | null;
  showNumber: boolean;
}

interface OutlineEntry {
  title: string;
  dest: string;
  children: OutlineEntry[];
}

// ---------------------------------------------------------------------------------------------------
// Measuring

const measurer = new PDFDocument({ autoFirstPage: false });
const widthCache = new Map<string, number>();

function widthOf(text: string, font: FontName, size: number): number {
  const key = `${font}|${size}|${text}`;
  let width = widthCache.get(key);
  if (width === undefined) {
    width = measurer.font(font).fontSize(size).widthOfString(text);
    widthCache.set(key, width);
  }
  return width;
}

const spaceWidth = (size: number) => widthOf(' ', 'Times-Roman', size);

// ---------------------------------------------------------------------------------------------------
// Line breaking

interface Box {
  text: string;
  style: Style;
  width: number;
}

/** A word: boxes glued without a break opportunity; `gaps[i]` says whether a (stretchable) space precedes boxes[i]. */
interface Word {
  boxes: Box[];
  spaced: boolean[];
  width: number;
}

interface Line {
  words: Word[];
  natural: number;
  gaps: number;
}

interface TextStyle {
  size: number;
  bold: boolean;
}

function fontFor(bold: boolean, italic: boolean): FontName {
  if (bold) return italic ? 'Times-BoldItalic' : 'Times-Bold';
  return italic ? 'Times-Italic' : 'Times-Roman';
}

function styleFor(run: Run, base: TextStyle): Style {
  const size = run.script ? Math.round(base.size * 0.72 * 10) / 10 : base.size;
  const dy = run.script === 'sub' ? base.size * 0.22 : run.script === 'sup' ? -base.size * 0.36 : 0;
  return {
    font: fontFor(base.bold, run.italic),
    size,
    dy,
    color: run.ref === null ? INK : LINK_COLOR,
    ref: run.ref,
  };
}

const KIND_WORD =
  /^(Chapters?|Sections?|Definitions?|Theorems?|Lemmas?|Propositions?|Corollar(y|ies)|Examples?)$/;

/** Turns styled runs into words; spaces inside "Section 2.1" or around "n – 1" do not break. */
function toWords(runs: Run[], base: TextStyle): Word[] {
  const words: Word[] = [];
  let word: Word = { boxes: [], spaced: [], width: 0 };
  let pendingSpace = false;
  let prevText = '';
  const space = spaceWidth(base.size);
  const finishWord = () => {
    if (word.boxes.length > 0) words.push(word);
    word = { boxes: [], spaced: [], width: 0 };
  };
  for (const run of runs) {
    const style = styleFor(run, base);
    const parts = run.text.split(' ');
    parts.forEach((part, i) => {
      if (i > 0) pendingSpace = true;
      if (part === '') return;
      if (pendingSpace) {
        const glue =
          (/^\d/.test(part) && (KIND_WORD.test(prevText) || prevText === '–')) ||
          part === '–' ||
          part === '=' ||
          (prevText === '=' && word.boxes.length > 0);
        if (!glue) finishWord();
      }
      const box = { text: part, style, width: widthOf(part, style.font, style.size) };
      const spaced = pendingSpace && word.boxes.length > 0;
      word.spaced.push(spaced);
      word.boxes.push(box);
      word.width += box.width + (spaced ? space : 0);
      pendingSpace = false;
      prevText = part;
    });
  }
  finishWord();
  return words;
}

function breakLines(words: Word[], firstWidth: number, width: number, size: number): Line[] {
  const space = spaceWidth(size);
  const lines: Line[] = [];
  let line: Line = { words: [], natural: 0, gaps: 0 };
  for (const word of words) {
    const available = lines.length === 0 ? firstWidth : width;
    const internalGaps = word.spaced.filter(Boolean).length;
    const extra = line.words.length > 0 ? space + word.width : word.width;
    if (line.words.length > 0 && line.natural + extra > available) {
      lines.push(line);
      line = { words: [], natural: 0, gaps: 0 };
    }
    line.gaps += internalGaps + (line.words.length > 0 ? 1 : 0);
    line.natural += line.words.length > 0 ? space + word.width : word.width;
    line.words.push(word);
  }
  if (line.words.length > 0) lines.push(line);
  return lines;
}

const sameStyle = (a: Style, b: Style) =>
  a.font === b.font && a.size === b.size && a.dy === b.dy && a.color === b.color && a.ref === b.ref;

// ---------------------------------------------------------------------------------------------------
// Page flow

interface RefRecord {
  ref: ParsedRef;
  chapter: number | null;
  section: string | null;
  page: number;
}

class Flow {
  readonly pages: PageLayout[] = [];
  y = TOP;
  head: PageLayout['head'] = null;
  readonly refs: RefRecord[] = [];
  readonly parsedRefs: ParsedRef[] = [];
  readonly destPages = new Map<string, number>();
  where: { chapter: number | null; section: string | null } = { chapter: null, section: null };

  get page(): PageLayout {
    const page = this.pages[this.pages.length - 1];
    if (!page) throw new Error('no page');
    return page;
  }

  get pageNumber(): number {
    return this.pages.length;
  }

  newPage(options: { head?: boolean; showNumber?: boolean } = {}): void {
    this.pages.push({
      ops: [],
      head: options.head === false ? null : this.head,
      showNumber: options.showNumber ?? true,
    });
    this.y = TOP;
  }

  atTop(): boolean {
    return this.y <= TOP + 0.01;
  }

  /** Vertical space that disappears at the top of a page. */
  skip(height: number): void {
    if (!this.atTop()) this.y += height;
  }

  ensure(height: number): void {
    if (this.y + height > BOTTOM) this.newPage();
  }

  dest(name: string, y: number): void {
    this.page.ops.push({ op: 'dest', name, y });
    this.destPages.set(name, this.pageNumber);
  }

  parse(text: string, italic: boolean): Run[] {
    const before = this.parsedRefs.length;
    const runs = parseInline(text, italic, this.parsedRefs);
    for (const ref of this.parsedRefs.slice(before)) {
      this.refs.push({ ref, chapter: this.where.chapter, section: this.where.section, page: 0 });
    }
    return runs;
  }

  /** Draws one line whose top is at this.y and advances. */
  placeLine(line: Line, x: number, width: number, justify: boolean, leading: number): void {
    const size = line.words[0]?.boxes[0]?.style.size ?? BODY_SIZE;
    const baseline = this.y + leading * 0.76;
    const space = spaceWidth(size);
    const stretch = justify && line.gaps > 0 ? Math.max(0, (width - line.natural) / line.gaps) : 0;
    const ops = this.page.ops;
    let cx = x;
    let segment: { x: number; text: string; style: Style } | null = null;
    const linkSpans = new Map<number, { x1: number; x2: number }>();
    const flush = () => {
      if (segment) {
        ops.push({
          op: 'text',
          x: segment.x,
          baseline: baseline + segment.style.dy,
          text: segment.text,
          style: segment.style,
          wordSpacing: stretch,
        });
      }
      segment = null;
    };
    line.words.forEach((word, wi) => {
      word.boxes.forEach((box, bi) => {
        const spaced = bi === 0 ? wi > 0 : (word.spaced[bi] ?? false);
        if (spaced) cx += space + stretch;
        const current = segment as { x: number; text: string; style: Style } | null;
        if (current && sameStyle(current.style, box.style)) {
          current.text += (spaced ? ' ' : '') + box.text;
        } else {
          flush();
          segment = { x: cx, text: box.text, style: box.style };
        }
        const ref = box.style.ref;
        if (ref !== null) {
          const span = linkSpans.get(ref);
          if (span) span.x2 = cx + box.width;
          else linkSpans.set(ref, { x1: cx, x2: cx + box.width });
          const record = this.refs[ref];
          if (record && record.page === 0) record.page = this.pageNumber;
        }
        cx += box.width;
      });
    });
    flush();
    for (const [ref, span] of linkSpans) {
      const target = this.parsedRefs[ref]?.targets[0];
      if (!target) continue;
      ops.push({
        op: 'link',
        x: span.x1,
        y: baseline - size * 0.8,
        w: span.x2 - span.x1,
        h: size * 1.1,
        dest: destName(target.kind, target.number),
      });
    }
    this.lastLine = { right: x + (justify ? width : line.natural), baseline, size };
    this.y += leading;
  }

  lastLine = { right: 0, baseline: 0, size: BODY_SIZE };

  /**
   * A paragraph of running text. `lead` is an optional bold label set before the text on the first line.
   */
  paragraph(
    runs: Run[],
    options: {
      indent?: number;
      x?: number;
      width?: number;
      base?: TextStyle;
      leading?: number;
      lead?: Run[];
      leadStyle?: TextStyle;
      qed?: boolean;
      before?: (firstLineTop: number) => void;
    } = {},
  ): void {
    const base = options.base ?? { size: BODY_SIZE, bold: false };
    const leading = options.leading ?? LEADING;
    const x = options.x ?? LEFT;
    const width = options.width ?? TEXT_WIDTH;
    const indent = options.indent ?? 0;
    const words = [
      ...(options.lead ? toWords(options.lead, options.leadStyle ?? { size: base.size, bold: true }) : []),
      ...toWords(runs, base),
    ];
    const lines = breakLines(words, width - indent, width, base.size);
    if (options.qed) {
      const last = lines[lines.length - 1];
      if (last && last.natural + 2 * base.size > width) lines.push({ words: [], natural: 0, gaps: 0 });
    }
    this.ensure(leading * Math.min(lines.length, lines.length <= 3 ? 3 : 2));
    options.before?.(this.y);
    lines.forEach((line, i) => {
      const remaining = lines.length - i;
      if (remaining === 2 && i > 0 && this.y + 2 * leading > BOTTOM) this.newPage();
      this.ensure(leading);
      const isLast = i === lines.length - 1;
      const lineX = i === 0 ? x + indent : x;
      const lineWidth = i === 0 ? width - indent : width;
      if (line.words.length > 0) this.placeLine(line, lineX, lineWidth, !isLast, leading);
      else {
        this.lastLine = { right: lineX, baseline: this.y + leading * 0.76, size: base.size };
        this.y += leading;
      }
    });
    if (options.qed) {
      const s = base.size * 0.55;
      this.page.ops.push({
        op: 'square',
        x: x + width - s,
        y: this.lastLine.baseline - s,
        size: s,
      });
    }
  }
}

export function destName(kind: TargetKind, number: string): string {
  return `${kind}-${number}`;
}

const plain = (text: string, italic = false): Run[] => [{ text, italic, script: null, ref: null }];

// ---------------------------------------------------------------------------------------------------
// The book

interface LaidOutBook {
  pages: PageLayout[];
  outline: OutlineEntry[];
  truth: SampleBookTruth;
}

function layOutBook(book: Book): LaidOutBook {
  validateBook(book);
  const flow = new Flow();
  const outline: OutlineEntry[] = [];
  const items: SampleItemTruth[] = [];
  const chapters: SampleChapterTruth[] = [];

  // Page 1: title page (drawn below), page 2: contents (filled in at the end).
  flow.newPage({ head: false, showNumber: false });
  titlePage(flow, book);
  flow.newPage({ head: false });
  const contentsPage = flow.pageNumber;

  // Preface
  flow.newPage({ head: false });
  const prefacePage = flow.pageNumber;
  flow.dest('preface', 100);
  flow.page.ops.push(textOp(LEFT, 150, book.preface.title, 'Times-Bold', 24));
  rule(flow, 166);
  flow.y = 196;
  outline.push({ title: book.preface.title, dest: 'preface', children: [] });
  book.preface.paragraphs.forEach((text, i) => {
    flow.skip(PARAGRAPH_GAP);
    flow.paragraph(flow.parse(text, false), { indent: i === 0 ? 0 : INDENT });
  });

  for (const chapter of book.chapters) {
    flow.where = { chapter: chapter.number, section: null };
    flow.head = { chapter: chapter.number, title: chapter.title };
    flow.newPage({ head: false });
    const chapterDest = destName('chapter', String(chapter.number));
    flow.dest(chapterDest, 110);
    flow.page.ops.push(textOp(LEFT, 150, `Chapter ${chapter.number}`, 'Times-Italic', 16));
    flow.page.ops.push(textOp(LEFT, 186, chapter.title, 'Times-Bold', 26));
    rule(flow, 202);
    flow.y = 232;
    const chapterEntry: OutlineEntry = {
      title: `${chapter.number} ${chapter.title}`,
      dest: chapterDest,
      children: [],
    };
    outline.push(chapterEntry);
    const chapterTruth: SampleChapterTruth = {
      number: chapter.number,
      title: chapter.title,
      page: flow.pageNumber,
      sections: [],
    };
    chapters.push(chapterTruth);
    chapter.intro.forEach((text, i) => {
      flow.skip(PARAGRAPH_GAP);
      flow.paragraph(flow.parse(text, false), { indent: i === 0 ? 0 : INDENT });
    });

    for (const section of chapter.sections) {
      flow.where = { chapter: chapter.number, section: section.number };
      flow.skip(20);
      flow.ensure(20 + 3 * LEADING);
      const sectionDest = destName('section', section.number);
      flow.dest(sectionDest, flow.y - 6);
      const headingRuns = plain(`${section.number} ${section.title}`);
      flow.paragraph(headingRuns, { base: { size: 13, bold: true }, leading: 18 });
      flow.y += 6;
      chapterEntry.children.push({
        title: `${section.number} ${section.title}`,
        dest: sectionDest,
        children: [],
      });
      chapterTruth.sections.push({ number: section.number, title: section.title, page: flow.pageNumber });

      let first = true;
      for (const block of section.blocks) {
        layOutBlock(flow, block, first, section.number, items);
        first = false;
      }
    }
  }

  contents(flow, book, contentsPage, prefacePage, chapters);

  const targetPage = (target: RefTarget) => flow.destPages.get(destName(target.kind, target.number)) ?? 0;
  const crossReferences: SampleCrossReference[] = flow.refs.map((record, index) => ({
    index,
    phrase: record.ref.phrase,
    targets: record.ref.targets.map((target) => ({
      ...target,
      label: `${KIND_LABELS[target.kind]} ${target.number}`,
      page: targetPage(target),
    })),
    sourceChapter: record.chapter,
    sourceSection: record.section,
    page: record.page,
  }));

  return {
    pages: flow.pages,
    outline,
    truth: {
      title: book.title,
      subtitle: book.subtitle,
      author: book.author,
      pages: flow.pages.length,
      contentsPage,
      prefacePage,
      chapters,
      items,
      crossReferences,
    },
  };
}

function layOutBlock(
  flow: Flow,
  block: Block,
  firstInSection: boolean,
  section: string,
  items: SampleItemTruth[],
): void {
  switch (block.type) {
    case 'paragraph':
      if (!firstInSection) flow.skip(PARAGRAPH_GAP);
      flow.paragraph(flow.parse(block.text, false), { indent: firstInSection ? 0 : INDENT });
      return;
    case 'formula':
      formula(flow, block.text, false);
      return;
    case 'exercises': {
      flow.skip(10);
      flow.ensure(SMALL_LEADING * 3);
      flow.paragraph(plain('Exercises'), { base: { size: SMALL_SIZE, bold: true }, leading: SMALL_LEADING });
      block.items.forEach((text, i) => {
        flow.skip(1.5);
        const runs = flow.parse(text, false);
        flow.paragraph(runs, {
          x: LEFT + 16,
          width: TEXT_WIDTH - 16,
          base: { size: SMALL_SIZE, bold: false },
          leading: SMALL_LEADING,
          before: (top) =>
            flow.page.ops.push(
              textOp(LEFT, top + SMALL_LEADING * 0.76, `${i + 1}.`, 'Times-Roman', SMALL_SIZE),
            ),
        });
      });
      return;
    }
    case 'item': {
      const claim = block.kind !== 'definition' && block.kind !== 'example';
      const label = `${KIND_LABELS[block.kind]} ${block.number}`;
      flow.skip(ITEM_GAP);
      const lead = plain(smartQuotes(block.name ? `${label} (${block.name}).` : `${label}.`));
      const dest = destName(block.kind, block.number);
      let firstParagraph = true;
      for (const text of block.body) {
        if (text.startsWith('$ ')) {
          formula(flow, text.slice(2), false);
          continue;
        }
        const runs = flow.parse(text, claim);
        if (firstParagraph) {
          flow.paragraph(runs, {
            lead,
            before: (top) => {
              flow.dest(dest, top - 4);
              items.push({
                kind: block.kind,
                number: block.number,
                name: block.name ?? null,
                label,
                section,
                page: flow.pageNumber,
              });
            },
          });
        } else {
          flow.paragraph(runs, { indent: INDENT });
        }
        firstParagraph = false;
      }
      (block.proof ?? []).forEach((text, i, all) => {
        flow.skip(PARAGRAPH_GAP);
        flow.paragraph(flow.parse(text, false), {
          indent: i === 0 ? 0 : INDENT,
          ...(i === 0 ? { lead: plain('Proof.', true), leadStyle: { size: BODY_SIZE, bold: false } } : {}),
          qed: i === all.length - 1,
        });
      });
      flow.y += ITEM_GAP;
      return;
    }
  }
}

function formula(flow: Flow, text: string, italic: boolean): void {
  flow.skip(5);
  const runs = flow.parse(text, italic);
  const words = toWords(runs, { size: BODY_SIZE, bold: false });
  const lines = breakLines(words, TEXT_WIDTH, TEXT_WIDTH, BODY_SIZE);
  for (const line of lines) {
    flow.ensure(LEADING);
    flow.placeLine(line, LEFT + (TEXT_WIDTH - line.natural) / 2, line.natural, false, LEADING);
  }
  flow.y += 5;
}

function textOp(
  x: number,
  baseline: number,
  text: string,
  font: FontName,
  size: number,
  color = INK,
): DrawOp {
  return { op: 'text', x, baseline, text, style: { font, size, dy: 0, color, ref: null }, wordSpacing: 0 };
}

function rule(flow: Flow, y: number): void {
  flow.page.ops.push({
    op: 'rule',
    x1: LEFT,
    y1: y,
    x2: LEFT + TEXT_WIDTH,
    y2: y,
    width: 0.6,
    color: RULE_COLOR,
  });
}

function centered(text: string, baseline: number, font: FontName, size: number, color = INK): DrawOp {
  return textOp((PAGE_WIDTH - widthOf(text, font, size)) / 2, baseline, text, font, size, color);
}

function titlePage(flow: Flow, book: Book): void {
  const ops = flow.page.ops;
  ops.push(centered(book.title, 250, 'Times-Bold', 40));
  ops.push(centered(book.subtitle, 290, 'Times-Italic', 22));
  ops.push({ op: 'rule', x1: 226, y1: 318, x2: 386, y2: 318, width: 0.8, color: RULE_COLOR });
  // The running example of the book (Example 1.2): two triangles joined by a bridge.
  const nodes: [number, number][] = [
    [196, 400],
    [196, 480],
    [256, 440],
    [356, 440],
    [416, 400],
    [416, 480],
  ];
  const edges: [number, number][] = [
    [0, 1],
    [0, 2],
    [1, 2],
    [2, 3],
    [3, 4],
    [3, 5],
    [4, 5],
  ];
  for (const [a, b] of edges) {
    const [x1, y1] = nodes[a] ?? [0, 0];
    const [x2, y2] = nodes[b] ?? [0, 0];
    ops.push({ op: 'edge', x1, y1, x2, y2 });
  }
  for (const [x, y] of nodes) ops.push({ op: 'node', x, y, r: 7 });
  ops.push(centered(book.author, 600, 'Times-Roman', 16));
  ops.push(centered('A sample textbook for Threadbook', 690, 'Times-Italic', 11, RULE_COLOR));
}

function contents(
  flow: Flow,
  book: Book,
  page: number,
  prefacePage: number,
  chapters: SampleChapterTruth[],
): void {
  const ops = flow.pages[page - 1]?.ops;
  if (!ops) throw new Error('no contents page');
  ops.push(textOp(LEFT, 150, 'Contents', 'Times-Bold', 24));
  ops.push({ op: 'rule', x1: LEFT, y1: 166, x2: LEFT + TEXT_WIDTH, y2: 166, width: 0.6, color: RULE_COLOR });
  let y = 200;
  const entry = (
    x: number,
    label: string,
    title: string,
    pageNumber: number,
    font: FontName,
    size: number,
    dest: string,
  ) => {
    ops.push(textOp(x, y, label, font, size));
    const titleX = label ? x + 30 : x;
    ops.push(textOp(titleX, y, title, font, size));
    const num = String(pageNumber);
    const numWidth = widthOf(num, font, size);
    ops.push(textOp(LEFT + TEXT_WIDTH - numWidth, y, num, font, size));
    // Dot leaders, right-aligned before the page number
    const start = titleX + widthOf(title, font, size) + 6;
    const end = LEFT + TEXT_WIDTH - numWidth - 6;
    const count = Math.floor((end - start) / widthOf('. ', 'Times-Roman', size));
    if (count > 1) {
      const dots = Array.from({ length: count }, () => '.').join(' ');
      ops.push(textOp(end - widthOf(dots, 'Times-Roman', size), y, dots, 'Times-Roman', size, RULE_COLOR));
    }
    ops.push({ op: 'link', x, y: y - size, w: LEFT + TEXT_WIDTH - x, h: size * 1.3, dest });
  };
  entry(LEFT, '', book.preface.title, prefacePage, 'Times-Roman', 12, 'preface');
  y += 26;
  for (const chapter of chapters) {
    entry(
      LEFT,
      String(chapter.number),
      chapter.title,
      chapter.page,
      'Times-Bold',
      12,
      destName('chapter', String(chapter.number)),
    );
    y += 17;
    for (const section of chapter.sections) {
      entry(
        LEFT + 30,
        section.number,
        section.title,
        section.page,
        'Times-Roman',
        11,
        destName('section', section.number),
      );
      y += 15.5;
    }
    y += 10;
  }
  if (y > BOTTOM + 20) throw new Error('The contents do not fit on one page');
}

// ---------------------------------------------------------------------------------------------------
// Rendering

interface OutlineItem {
  addItem(title: string, options?: { expanded?: boolean }): OutlineItem;
}

/** pdfkit outline items point at the current page's top-right corner; point them at named destinations. */
function addOutlineItem(parent: OutlineItem, entry: OutlineEntry, expanded: boolean): OutlineItem {
  const item = parent.addItem(entry.title, { expanded });
  (item as unknown as { outlineData: Record<string, unknown> }).outlineData['Dest'] = new String(entry.dest);
  return item;
}

function render(book: Book, laidOut: LaidOutBook): Promise<Buffer> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    displayTitle: true,
    lang: 'en-US',
    info: {
      Title: `${book.title}: ${book.subtitle}`,
      Author: book.author,
      Subject: 'A sample textbook on graphs and networks, written for Threadbook.',
      Keywords: 'graph theory, networks, trees, algorithms, sample',
      Creator: 'Threadbook samples/sample-book/build.ts',
      Producer: 'PDFKit',
      CreationDate: CREATION_DATE,
      ModDate: CREATION_DATE,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  laidOut.pages.forEach((page, index) => {
    doc.addPage({ size: 'LETTER', margin: 0 });
    if (page.head) {
      const left = book.title;
      const right = `Chapter ${page.head.chapter}. ${page.head.title}`;
      drawText(doc, LEFT, HEAD_BASELINE, left, 'Times-Italic', 9, RULE_COLOR);
      drawText(
        doc,
        LEFT + TEXT_WIDTH - widthOf(right, 'Times-Italic', 9),
        HEAD_BASELINE,
        right,
        'Times-Italic',
        9,
        RULE_COLOR,
      );
      drawRule(doc, LEFT, HEAD_BASELINE + 6, LEFT + TEXT_WIDTH, HEAD_BASELINE + 6, 0.4, RULE_COLOR);
    }
    for (const op of page.ops) drawOp(doc, op);
    if (page.showNumber) {
      const num = String(index + 1);
      drawText(
        doc,
        (PAGE_WIDTH - widthOf(num, 'Times-Roman', 10)) / 2,
        FOOT_BASELINE,
        num,
        'Times-Roman',
        10,
        INK,
      );
    }
  });

  const root = doc.outline as unknown as OutlineItem;
  for (const entry of laidOut.outline) {
    const item = addOutlineItem(root, entry, true);
    for (const child of entry.children) addOutlineItem(item, child, false);
  }
  doc.end();
  return done;
}

function drawText(
  doc: PDFKit.PDFDocument,
  x: number,
  baseline: number,
  text: string,
  font: FontName,
  size: number,
  color: string,
  wordSpacing = 0,
): void {
  doc
    .font(font)
    .fontSize(size)
    .fillColor(color)
    // A tiny word spacing makes pdfkit place each word by the font's space width, exactly as measured.
    .text(text, x, baseline, {
      lineBreak: false,
      baseline: 'alphabetic',
      wordSpacing: Math.max(wordSpacing, 1e-4),
    });
}

function drawRule(
  doc: PDFKit.PDFDocument,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  width: number,
  color: string,
) {
  doc.save().moveTo(x1, y1).lineTo(x2, y2).lineWidth(width).strokeColor(color).stroke().restore();
}

function drawOp(doc: PDFKit.PDFDocument, op: DrawOp): void {
  switch (op.op) {
    case 'text':
      drawText(doc, op.x, op.baseline, op.text, op.style.font, op.style.size, op.style.color, op.wordSpacing);
      return;
    case 'link':
      doc.goTo(op.x, op.y, op.w, op.h, op.dest);
      return;
    case 'dest':
      doc.addNamedDestination(op.name, 'XYZ', 0, Math.max(0, op.y), null);
      return;
    case 'rule':
      drawRule(doc, op.x1, op.y1, op.x2, op.y2, op.width, op.color);
      return;
    case 'square':
      doc.save().rect(op.x, op.y, op.size, op.size).lineWidth(0.6).strokeColor(INK).stroke().restore();
      return;
    case 'edge':
      drawRule(doc, op.x1, op.y1, op.x2, op.y2, 1.6, '#4a4a4a');
      return;
    case 'node':
      doc.save().circle(op.x, op.y, op.r).lineWidth(1.6).fillAndStroke('#ffffff', '#4a4a4a').restore();
      return;
  }
}

// ---------------------------------------------------------------------------------------------------
// Entry points

/** Lays the book out without writing a PDF; the same truth that buildSampleBook returns. */
export function layoutSampleBook(book: Book = SAMPLE_BOOK): SampleBookTruth {
  return layOutBook(book).truth;
}

/** Renders the sample book to `outPath` (directories are created). Deterministic: same content, same bytes. */
export async function buildSampleBook(outPath: string, book: Book = SAMPLE_BOOK): Promise<BuildResult> {
  const laidOut = layOutBook(book);
  const bytes = await render(book, laidOut);
  await mkdir(path.dirname(outPath), { recursive: true });
  await writeFile(outPath, bytes);
  return {
    pages: laidOut.pages.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    truth: laidOut.truth,
  };
}

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_SAMPLE_PATH = path.join(REPO_ROOT, 'data/samples/threadbook-sample.pdf');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outPath = path.resolve(process.argv[2] ?? DEFAULT_SAMPLE_PATH);
  const result = await buildSampleBook(outPath);
  const refs = result.truth.crossReferences.length;
  console.log(`${outPath}: ${result.pages} pages, ${refs} cross-references, sha256 ${result.sha256}`);
}
