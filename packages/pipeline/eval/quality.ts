/**
 * A quality report for any PDF, with no source to compare against: what an operator (or a developer on a
 * new book) checks to see whether extraction held. It reads the PDF twice: once through the pipeline, once
 * for the lines at the page edges, to find running heads and feet by what marks them (the printed page
 * number beside them, text repeated on many pages, a title of the book) and then look for them inside the
 * extracted blocks.
 */
import type { BookDocument } from '@threadbook/book';
import { buildLines } from '../src/extract/lines.ts';
import { openPdf, readPageText } from '../src/extract/load.ts';
import { graphParagraphs } from '../src/graph/paragraphs.ts';
import { findItemLabels, findReferenceMentions } from '../src/graph/refs/grammar.ts';
import { resolveExplicitReferences } from '../src/graph/refs/resolve.ts';
import { buildTargetIndex } from '../src/graph/refs/targets.ts';
import type { GraphParagraph } from '../src/graph/types.ts';
import {
  judgedByLinks,
  readLinkTruth,
  sameAsLink,
  scoreReferences,
  type ReferenceScore,
} from './references.ts';

/** A prose block shorter than this is counted as short (not a defect in itself: exercise parts, hints). */
const SHORT_BLOCK = 40;
/** Share of the page height at the top and bottom where running heads and feet sit. */
const EDGE_BAND = 0.1;
/** Masked text seen at a page edge on this many pages is a running head or foot. */
const MIN_REPEATS = 3;
/**
 * Fewer pairs of body paragraphs joined by a link than this are too few to give a precision or recall (dmoi
 * has 9; thinkcspy's 9 show no numbers to judge a reference by).
 */
export const MIN_LINKED_PAIRS = 20;

export interface QualityReport {
  pages: number;
  blocks: Record<string, number>;
  prose: {
    count: number;
    lowerCaseStart: number;
    /** List items whose text, after the label, goes on in lower case: not counted as cut. */
    listItemsInLowerCase: number;
    short: number;
    /** Blocks without a word of three letters: stray text of drawings, labels, line numbers. */
    wordless: number;
  };
  runningHeads: {
    /** Edge lines that are running heads or feet. */
    found: number;
    /** Of those, the ones whose text is inside a block. */
    inBlocks: number;
    examples: string[];
  };
  captions: { labelsSeen: number; withCaption: number; missing: string[] };
  references: { mentions: number; resolved: number };
  /** Against the PDF's own links, when at least MIN_LINKED_PAIRS of them join two body paragraphs. */
  links?: {
    pairs: number;
    withLinks: ReferenceScore;
    /** With links, over the references whose number a link shows (typed without a link: not judged). */
    withLinksJudged: ReferenceScore;
    textOnly: ReferenceScore;
    /** Text only, over the references a link of the PDF shows the number of (judgedByLinks). */
    textOnlyJudged: ReferenceScore;
  };
}

const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

function bookParagraphs(book: BookDocument) {
  return book.chapters.flatMap((c) => c.sections.flatMap((s) => s.paragraphs));
}

export async function qualityReport(pdf: Uint8Array, book: BookDocument): Promise<QualityReport> {
  const paragraphs = bookParagraphs(book);
  const blocks: Record<string, number> = {};
  for (const p of paragraphs) blocks[p.kind ?? 'prose'] = (blocks[p.kind ?? 'prose'] ?? 0) + 1;
  const prose = paragraphs.filter((p) => p.kind === undefined);
  // A block starts in lower case when it opens with a lower-case word: the mark of a paragraph cut in two
  // ("...its inter-" | "face.", "...the set" | "of all x"). A formula's variable ("x ∈ G", "f(x) = 1") is
  // a single letter: an exercise may open with one. A list item opens with its label ("(b)", "ii.", "3.");
  // its text may go on in lower case from the sentence that introduces the list ("How many ways if:" |
  // "(b) you have 4 cubes"), so those are counted apart.
  const LABEL = /^\(?(?:[a-z]|[ivx]{1,4}|\d{1,3})[.)]\s+/;
  const lowerWord = (text: string) => /^\p{Ll}{2,}(?:[\s,.;:!?]|$)/u.test(text);
  const startsLowerCase = (text: string) => !LABEL.test(text) && lowerWord(text);
  const itemInLowerCase = (text: string) => LABEL.test(text) && lowerWord(text.replace(LABEL, ''));

  const { pages, heads, body } = await edgeHeads(pdf, book);
  const leaked = leakedHeads(heads, body, paragraphs);

  return {
    pages,
    blocks,
    prose: {
      count: prose.length,
      lowerCaseStart: prose.filter((p) => startsLowerCase(p.text)).length,
      listItemsInLowerCase: prose.filter((p) => itemInLowerCase(p.text)).length,
      short: prose.filter((p) => p.text.length < SHORT_BLOCK).length,
      wordless: paragraphs.filter((p) => !/\p{L}{3}/u.test(p.text)).length,
    },
    runningHeads: {
      found: heads.length,
      inBlocks: leaked.reduce((n, h) => n + h.times, 0),
      examples: leaked.slice(0, 5).map((h) => `${h.times}x: ${h.text}`),
    },
    captions: captionReport(paragraphs),
    references: referenceReport(graphParagraphs(book)),
    links: await linkReport(book, pdf),
  };
}

/**
 * The lines at the top and bottom edge of each page that are running heads or feet: a number at one end
 * that follows the page count (the printed page number), text repeated at the edge of several pages
 * (numbers masked), or a title of the book's chapters and sections. Heads that change from section to
 * section are caught by the page number or the title, not by repetition.
 */
async function edgeHeads(
  pdf: Uint8Array,
  book: BookDocument,
): Promise<{ pages: number; heads: { page: number; text: string }[]; body: string }> {
  const opened = await openPdf(pdf);
  const edges: { page: number; text: string; form: string }[] = [];
  const inner: string[] = [];
  // The pages the blocks come from: a table of contents left out of the book repeats every title.
  const blockPages = new Set(bookParagraphs(book).map((p) => p.page));
  try {
    for (let page = 1; page <= opened.pageCount; page++) {
      const text = await readPageText(opened.pdf, page);
      const lines = buildLines(text).sort((a, b) => a.top - b.top);
      const first = lines[0];
      const last = lines.at(-1);
      const edge = new Map<unknown, string>();
      // Its face and size, when set apart from the text by more than a line's space: a head's form.
      const form = (line: (typeof lines)[number], next: (typeof lines)[number] | undefined) =>
        next && Math.abs(next.top - line.top) > 2.2 * line.size ? `${line.font}@${line.size.toFixed(1)}` : '';
      if (first && first.top < EDGE_BAND * text.height) edge.set(first, form(first, lines[1]));
      if (last && last !== first && last.baseline > (1 - EDGE_BAND) * text.height)
        edge.set(last, form(last, lines.at(-2)));
      for (const line of lines) {
        if (edge.has(line)) edges.push({ page, text: line.text, form: edge.get(line)! });
        else if (blockPages.has(page)) inner.push(line.text);
      }
    }
  } finally {
    await opened.close();
  }
  // The headings are lines of the pages but not of the blocks: a head repeating a heading's words is
  // counted against the text of the blocks only.
  const headings = new Set(
    book.chapters.flatMap((c) => [
      squash(c.title),
      squash(`${c.id} ${c.title}`),
      ...c.sections.flatMap((s) => [squash(s.title), squash(`${s.id} ${s.title}`)]),
    ]),
  );
  const text = inner.filter((line) => !headings.has(squash(line)));
  const mask = (t: string) => t.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
  const repeats = new Map<string, number>();
  for (const e of edges) repeats.set(mask(e.text), (repeats.get(mask(e.text)) ?? 0) + 1);
  // The printed page number: a number at either end whose offset from the physical page recurs.
  const offsetOf = (e: { page: number; text: string }) => {
    const m = /^(\d{1,4})\b|\b(\d{1,4})$/.exec(e.text.trim());
    return m ? Number(m[1] ?? m[2]) - e.page : null;
  };
  const offsets = new Map<number, number>();
  for (const e of edges) {
    const o = offsetOf(e);
    if (o !== null) offsets.set(o, (offsets.get(o) ?? 0) + 1);
  }
  const titles = new Set(
    book.chapters
      .flatMap((c) => [c.title, ...c.sections.map((s) => s.title)])
      .map(squash)
      .filter((t) => t.length >= 6),
  );
  const isTitle = (text: string) => {
    const bare = squash(text.replace(/\d+(?:\.\d+)*/g, ''));
    // A head is a title, perhaps behind "Chapter" and its number: not a line of text that names one, nor
    // one that merely ends with a one-word title ("Bootstrap Statistics :", output, beside "Statistics").
    return [...titles].some(
      (t) =>
        bare.length <= t.length + 12 &&
        t.length >= 0.6 * bare.length &&
        (bare.endsWith(t) || bare.startsWith(t)),
    );
  };
  // A head carries a page number and perhaps a section's: a line with more numbers is a row of a table
  // ("Sum 220 215 93 64"), however often such rows end a page.
  const fewNumbers = (text: string) => (text.match(/\d+/g) ?? []).length <= 3;
  // The printed page numbers share their offset on most pages; a formula or a table row that happens to
  // end in a number shares it with a few lines at most.
  const pageNumbered = Math.max(MIN_REPEATS, 0.05 * opened.pageCount);
  // Heads that change with every section are found by their form: one face and size, set apart at the
  // page edge on a fifth of the pages or more.
  const forms = new Map<string, number>();
  for (const e of edges) if (e.form !== '') forms.set(e.form, (forms.get(e.form) ?? 0) + 1);
  const headForm = (form: string) => form !== '' && (forms.get(form) ?? 0) >= 0.2 * opened.pageCount;
  const heads = edges.filter((e) => {
    const o = offsetOf(e);
    return (
      (o !== null && (offsets.get(o) ?? 0) >= pageNumbered) ||
      ((repeats.get(mask(e.text)) ?? 0) >= MIN_REPEATS && fewNumbers(e.text)) ||
      (headForm(e.form) && fewNumbers(e.text)) ||
      isTitle(e.text)
    );
  });
  // Only heads long enough to be told apart from running text are looked for inside blocks.
  return {
    pages: opened.pageCount,
    heads: heads.filter((h) => squash(h.text).length >= 10),
    body: squash(text.join(' ')),
  };
}

/** How often `needle` occurs in `text`, matches not overlapping. */
function occurrences(text: string, needle: string): number {
  let n = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) n++;
  return n;
}

/**
 * The heads found inside blocks, each with how many times: a head's words are in the blocks more often
 * than in the pages' lines other than their edge lines (`body`). Counted over the whole book, a head that
 * is also a phrase of the text ("The Operating System" in a book about them) counts only where it is in
 * excess, and a head leaked mid-sentence counts as surely as one leaked at a block's start.
 */
function leakedHeads(
  heads: { text: string }[],
  body: string,
  paragraphs: { text: string }[],
): { text: string; times: number }[] {
  const blocks = squash(paragraphs.map((p) => p.text).join(' '));
  const seen = new Map<string, string>();
  for (const head of heads) seen.set(squash(head.text), head.text);
  return [...seen]
    .map(([key, text]) => ({ text, times: occurrences(blocks, key) - occurrences(body, key) }))
    .filter((h) => h.times > 0)
    .sort((a, b) => b.times - a.times);
}

/** "Figure 2.5" and "Table 1.1" labels the text shows, and whether a caption block carries each. */
function captionReport(paragraphs: { text: string; kind?: string }[]): QualityReport['captions'] {
  const seen = new Set<string>();
  const captioned = new Set<string>();
  for (const p of paragraphs) {
    for (const m of findReferenceMentions(p.text))
      if (m.kind === 'figure' || m.kind === 'table') seen.add(`${m.kind} ${m.label}`);
    for (const item of findItemLabels(p.text)) {
      if (item.kind !== 'figure' && item.kind !== 'table') continue;
      seen.add(`${item.kind} ${item.label}`);
      if (p.kind === 'caption' || p.text.startsWith(item.name)) captioned.add(`${item.kind} ${item.label}`);
    }
  }
  const missing = [...seen].filter((label) => !captioned.has(label));
  return { labelsSeen: seen.size, withCaption: seen.size - missing.length, missing: missing.slice(0, 8) };
}

/** Reference phrases in the text, and how many of them point at something the book shows. */
function referenceReport(paragraphs: GraphParagraph[]): QualityReport['references'] {
  const index = buildTargetIndex(paragraphs);
  let mentions = 0;
  let resolved = 0;
  for (const p of paragraphs) {
    // As the graph builder reads them: code refers to nothing, and a display's own number is no reference.
    if (p.kind === 'code') continue;
    for (const m of findReferenceMentions(p.text)) {
      const target = index.find(m.kind, m.label, p);
      // "(3.7)" alone is a reference only when the book shows that display elsewhere.
      if (m.bare && (!target || target.id === p.id)) continue;
      mentions++;
      if (target) resolved++;
    }
  }
  return { mentions, resolved };
}

async function linkReport(book: BookDocument, pdf: Uint8Array): Promise<QualityReport['links']> {
  const { paragraphs, allLinks, pairs } = await readLinkTruth(book, pdf);
  if (pairs.length < MIN_LINKED_PAIRS) return undefined;
  const same = sameAsLink(paragraphs);
  const textOnly = resolveExplicitReferences(paragraphs);
  const withLinks = resolveExplicitReferences(paragraphs, { links: allLinks });
  const judged = judgedByLinks(pairs);
  return {
    pairs: pairs.length,
    withLinks: scoreReferences(withLinks, pairs, same),
    withLinksJudged: scoreReferences(withLinks, pairs, same, judged),
    textOnly: scoreReferences(textOnly, pairs, same),
    textOnlyJudged: scoreReferences(textOnly, pairs, same, judged),
  };
}
