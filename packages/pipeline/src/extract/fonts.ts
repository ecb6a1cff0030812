/**
 * Font names across pdf.js documents. pdf.js names a font by the order its document meets it ("g_d0_f3"),
 * so the worker thread's document (readAllPages) gives the book's body font another name than the main
 * thread's, or gives its name to another font. The stages compare a line's font with the body font only,
 * so the worker's body font takes the main document's body font name and its other fonts names of their own.
 */
import { measureBody } from './metrics.ts';
import type { Line, PageText, TextRun } from './types.ts';

/** Renames, in place, the fonts of the lines of the pages another document read (`other[i]` for page i). */
export function alignFonts(pages: Line[][], other: boolean[]): void {
  const own = pages.filter((_, i) => !other[i]);
  const theirs = pages.filter((_, i) => other[i]);
  if (theirs.length === 0) return;
  const body = measureBody(own).font;
  const theirBody = measureBody(theirs).font;
  const rename = (font: string) => (font === theirBody && body !== '' ? body : `other:${font}`);
  for (const lines of theirs) {
    for (const line of lines) {
      line.font = rename(line.font);
      for (const run of line.runs) run.font = rename(run.font);
    }
  }
}

/** Spread of the per-character advance across a font's runs within which it is fixed-pitch. */
const MONO_SPREAD = 0.03;
/** Share of a font's runs that must keep to one advance. */
const MONO_RUNS = 0.95;
/** Distinct texts a font must show before its runs can be judged (one repeated line proves nothing). */
const MIN_JUDGED_TEXTS = 8;
/** A fixed-pitch text face advances about half an em a character; dot leaders and symbol fonts far less. */
const MIN_MONO_ADVANCE = 0.4;
/**
 * How much a proportional face's advance changes, relative to its median, with a run's share of narrow
 * letters over wide ones ("ill" against "mom"); a fixed-pitch face's does not change at all. Whole lines
 * set as one run (a browser's or pdfkit's PDF) average their letters out, so their widths alone barely
 * tell the two apart; what the letters are still does.
 */
const MIN_PROPORTIONAL_SLOPE = 0.15;
const NARROW = /[iljtfr.,;:!'|()[\] ]/g;
const WIDE = /[mwMWOQGDCH@%&]/g;

/** A run's share of narrow characters less its share of wide ones. */
const narrowness = (text: string) =>
  ((text.match(NARROW)?.length ?? 0) - (text.match(WIDE)?.length ?? 0)) / text.length;

/** The least-squares slope of `y` on `x`; 0 when `x` does not vary. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.x - mx) * (p.y - my);
    sxx += (p.x - mx) ** 2;
  }
  return sxx === 0 ? 0 : sxy / sxx;
}

/** Says whether a run read on page `pageIndex` (0-based) is set in a fixed-pitch face. */
export type MonospaceJudge = (run: TextRun, pageIndex: number) => boolean;

/**
 * Which fonts are fixed-pitch (code, program output, identifiers). A fixed-pitch face has one advance for
 * every character, so each of its runs is as wide as its character count times that advance, whatever the
 * characters; a proportional face's runs are not ("ill" and "mom"). pdf.js's own flag (from the font's
 * descriptor) misses typewriter faces without it (R's printed output in ipsur, sympy in decay) and is set
 * on some proportional ones; it stands only for a font with too few different runs to judge.
 */
export function judgeMonospace(pages: PageText[], other: boolean[]): MonospaceJudge {
  // Fonts are told apart per document: the worker's document names its fonts its own way (alignFonts).
  const key = (font: string, i: number) => (other[i] ? `other:${font}` : font);
  const ratios = new Map<string, { x: number; y: number }[]>();
  const texts = new Map<string, Set<string>>();
  pages.forEach((page, i) => {
    for (const run of page.runs) {
      if (run.str.length < 4) continue;
      const font = key(run.font, i);
      const list = ratios.get(font) ?? [];
      list.push({ x: narrowness(run.str), y: run.width / (run.str.length * run.size) });
      ratios.set(font, list);
      const seen = texts.get(font) ?? new Set<string>();
      if (seen.size < MIN_JUDGED_TEXTS) seen.add(run.str);
      texts.set(font, seen);
    }
  });
  const judged = new Map<string, boolean>();
  for (const [font, list] of ratios) {
    if ((texts.get(font)?.size ?? 0) < MIN_JUDGED_TEXTS) continue;
    const sorted = list.map((p) => p.y).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const close = list.filter((p) => Math.abs(p.y - median) <= MONO_SPREAD * median).length;
    const proportional = -slope(list) / median >= MIN_PROPORTIONAL_SLOPE;
    judged.set(font, median >= MIN_MONO_ADVANCE && close >= MONO_RUNS * list.length && !proportional);
  }
  return (run, i) => judged.get(key(run.font, i)) ?? run.mono === true;
}

/** Sets, in place, the `mono` flag of runs read on page `pageIndex` as `judge` says. */
export function markMonospace(runs: TextRun[], pageIndex: number, judge: MonospaceJudge): void {
  for (const run of runs) {
    if (judge(run, pageIndex)) run.mono = true;
    else delete run.mono;
  }
}
