/**
 * Where each reference sits on its page (DESIGN.md "Reference spans"), for the reader's previews on
 * hover: a PDF link's own rectangle, and for a reference the text gives without a link ("by Lemma 3"), the
 * rectangle of its words found again on the page. Each span points at the paragraph the reference resolved
 * to, so a link and the graph agree on where it goes.
 */
import { readPageText } from '../extract/load.ts';
import type { TextRun } from '../extract/types.ts';
import { loadPdf } from '../pdfjs.ts';
import { linkEnds, PARAGRAPHS_ABOVE_HEADING, type PdfLink } from './links.ts';
import type { ExplicitReference, GraphParagraph, ReferenceSpan, SpanRect } from './types.ts';

/** Every reference span of the book, by page and then down the page. */
export async function findReferenceSpans(
  pdf: Uint8Array | undefined,
  paragraphs: GraphParagraph[],
  links: PdfLink[],
  references: readonly ExplicitReference[],
): Promise<ReferenceSpan[]> {
  const spans = linkSpans(links, paragraphs, references);
  const typed = references.filter((r) => r.via === 'text' && wordsOf(r) !== '');
  if (pdf !== undefined && typed.length > 0) spans.push(...(await textSpans(pdf, paragraphs, typed)));
  return spans.sort((a, b) => a.page - b.page || a.rect.y - b.rect.y || a.rect.x - b.rect.x);
}

/**
 * The spans of the PDF's links. A link goes where the reference read from its paragraph goes when they
 * disagree only on the paragraph the destination is set at: one a little after it (a destination set above
 * a heading) or an item of the section whose number carries the link ("Lemma 2 of Sec. 1.7.3").
 */
function linkSpans(
  links: PdfLink[],
  paragraphs: GraphParagraph[],
  references: readonly ExplicitReference[],
): ReferenceSpan[] {
  const bySource = new Map<string, ExplicitReference[]>();
  for (const r of references) bySource.set(r.sourceId, [...(bySource.get(r.sourceId) ?? []), r]);
  const byId = new Map(paragraphs.map((p) => [p.id, p]));
  return linkEnds(links, paragraphs).map(({ link, source, target }) => {
    const fromSource = bySource.get(source.id) ?? [];
    const reference =
      fromSource.find((r) => r.targetId === target.id) ??
      fromSource.find((r) => r.via !== 'text' && isJustBelow(byId.get(r.targetId), target)) ??
      fromSource.find((r) => r.via !== 'text' && r.section !== undefined && r.section === target.sectionId);
    const { left, top, right, bottom } = link.rect;
    return {
      page: link.page,
      rect: { x: left, y: top, w: right - left, h: bottom - top },
      text: reference ? wordsOf(reference) : '',
      sourceId: source.id,
      targetId: reference?.targetId ?? target.id,
      evidence: 'link',
    };
  });
}

/** Whether a paragraph is a little below a link's landing: the heading the destination was set over leads to it. */
function isJustBelow(paragraph: GraphParagraph | undefined, landing: GraphParagraph): boolean {
  return (
    paragraph !== undefined &&
    paragraph.order > landing.order &&
    paragraph.order <= landing.order + PARAGRAPHS_ABOVE_HEADING
  );
}

/** Words that lead into a reference without naming its target ("see", "by", "as in"). */
const LEAD_IN = /^(?:(?:see|by|in|from|of|and|as|using|also|cf\.)\s+)+/i;

/**
 * The words that name what a reference points at: its phrase without the words leading into it, from the
 * first capital, digit or bracket ("Theorem 4.1" of "by Theorem 4.1"); empty when it has none.
 */
function wordsOf(reference: ExplicitReference): string {
  const phrase = reference.phrase.trim().replace(LEAD_IN, '');
  const named = /[\p{Lu}\d([]/u.exec(phrase);
  return named ? phrase.slice(named.index).trim() : '';
}

/** A run's characters, one by one, with where each stands. */
interface Glyph {
  char: string;
  run: TextRun;
  x: number;
  width: number;
}

/** Typographic variants read as the ASCII the phrases are written in. */
const FOLD: Record<string, string> = { '\u2013': '-', '\u2014': '-', '\u2212': '-', '\u00a0': ' ' };

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

/** The references typed without a link, found again on the pages of their paragraphs. */
async function textSpans(
  pdf: Uint8Array,
  paragraphs: GraphParagraph[],
  references: ExplicitReference[],
): Promise<ReferenceSpan[]> {
  const byId = new Map(paragraphs.map((p) => [p.id, p]));
  const next = new Map(paragraphs.map((p, i) => [p.id, paragraphs[i + 1]]));
  const pages = new Set<number>();
  for (const r of references) {
    const source = byId.get(r.sourceId);
    if (source === undefined) continue;
    pages.add(source.page);
    // A paragraph may run on to the next page.
    const after = next.get(source.id);
    if (after && after.page > source.page) pages.add(source.page + 1);
  }
  const task = loadPdf(pdf, { disableFontFace: true, stopAtErrors: false, shareMessages: true });
  try {
    const doc = await task.promise;
    const text = new Map<number, { glyphs: Glyph[]; width: number; height: number }>();
    for (const page of [...pages].sort((a, b) => a - b)) {
      if (page > doc.numPages) continue;
      const read = await readPageText(doc, page);
      text.set(page, { glyphs: glyphsOf(read.runs), width: read.width, height: read.height });
    }
    const spans: ReferenceSpan[] = [];
    for (const reference of references) {
      const source = byId.get(reference.sourceId);
      if (source === undefined) continue;
      for (const region of regionsOf(source, next.get(source.id))) {
        const page = text.get(region.page);
        if (!page) continue;
        const found = findWords(page.glyphs, wordsOf(reference), region, page.height, source.text);
        if (found.length === 0) continue;
        for (const rect of found) {
          spans.push({
            page: region.page,
            rect: {
              x: rect.x / page.width,
              y: rect.y / page.height,
              w: rect.w / page.width,
              h: rect.h / page.height,
            },
            text: wordsOf(reference),
            sourceId: source.id,
            targetId: reference.targetId,
            evidence: 'text',
          });
        }
        break;
      }
    }
    return spans;
  } finally {
    await task.destroy();
  }
}

/** A stretch of a page, as fractions of its height from the top, that a paragraph's text lies in. */
interface Region {
  page: number;
  from: number;
  to: number;
}

/**
 * Where a paragraph's text can be: from its first line down to where the next paragraph starts, on its
 * page and (when the next starts on a later page) at the top of the page after. In two columns the next
 * paragraph may start higher (the other column): then to the foot of the page.
 */
function regionsOf(source: GraphParagraph, after: GraphParagraph | undefined): Region[] {
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

/** Characters each side of a reference compared with the page, to tell its words from the same words nearby. */
const CONTEXT = 16;

/** `text` folded and without spaces, as glyphs are compared. */
function foldedChars(text: string): string[] {
  return [...text.normalize('NFKC')].map((c) => FOLD[c] ?? c).filter((c) => c.trim() !== '');
}

/**
 * The boxes (in points, one per line it spans) of where `words` is written within `region` of a page;
 * [] when it is not there. Spaces are not compared: runs split and join words unlike the phrase. Where the
 * words are written more than once (the same "Lemma 1" in the other column of a two-column page), the
 * place whose neighbouring characters agree most with the paragraph's own text (`paragraph`) wins, the
 * first one on a tie.
 */
function findWords(
  glyphs: Glyph[],
  words: string,
  region: Region,
  pageHeight: number,
  paragraph: string,
): SpanRect[] {
  const wanted = foldedChars(words);
  if (wanted.length === 0) return [];
  const own = foldedChars(paragraph);
  const at = own.join('').indexOf(wanted.join(''));
  const before = at < 0 ? [] : own.slice(Math.max(0, at - CONTEXT), at);
  const after = at < 0 ? [] : own.slice(at + wanted.length, at + wanted.length + CONTEXT);
  const agreement = (start: number) => {
    let same = 0;
    while (same < before.length && glyphs[start - 1 - same]?.char === before[before.length - 1 - same])
      same++;
    let next = 0;
    const end = start + wanted.length;
    while (next < after.length && glyphs[end + next]?.char === after[next]) next++;
    return same + next;
  };
  const inRegion = (g: Glyph) => g.run.y / pageHeight >= region.from && g.run.y / pageHeight <= region.to;
  let best = -1;
  let bestAgreement = -1;
  for (let start = 0; start + wanted.length <= glyphs.length; start++) {
    if (!inRegion(glyphs[start]!)) continue;
    let i = 0;
    while (i < wanted.length && glyphs[start + i]!.char === wanted[i]) i++;
    if (i < wanted.length) continue;
    const agrees = agreement(start);
    if (agrees > bestAgreement) [best, bestAgreement] = [start, agrees];
  }
  return best < 0 ? [] : lineBoxes(glyphs.slice(best, best + wanted.length));
}

/** One box per line over the glyphs. */
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
