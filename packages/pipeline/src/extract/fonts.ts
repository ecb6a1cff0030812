/**
 * Font names across pdf.js documents. pdf.js names a font by the order its document meets it ("g_d0_f3"),
 * so the worker thread's document (readAllPages) gives the book's body font another name than the main
 * thread's, or gives its name to another font. The stages compare a line's font with the body font only,
 * so the worker's body font takes the main document's body font name and its other fonts names of their own.
 */
import { measureBody } from './metrics.ts';
import type { Line, PageText } from './types.ts';

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

/** Spread of the per-character advance across a font's runs, beyond which it is not fixed-pitch. */
const MONO_SPREAD = 0.04;

/**
 * pdf.js calls a font monospace from its flags, which some PDFs set on proportional text faces. A fixed-pitch
 * face has one advance for every character, so each of its runs is as wide as its character count times
 * that advance, whatever the characters; a proportional face's runs are not ("ill" and "mom"). Clears
 * `mono` on the runs of fonts whose runs disagree, in place.
 */
export function confirmMonospace(pages: PageText[]): void {
  const ratios = new Map<string, number[]>();
  for (const page of pages) {
    for (const run of page.runs) {
      if (!run.mono || run.str.length < 3) continue;
      const list = ratios.get(run.font) ?? [];
      list.push(run.width / (run.str.length * run.size));
      ratios.set(run.font, list);
    }
  }
  const proportional = new Set<string>();
  for (const [font, list] of ratios) {
    const sorted = [...list].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    // Most runs within a few percent of the median advance: fixed pitch. A few outliers are runs whose
    // text pdf.js joined with spaces it inserted.
    const close = list.filter((r) => Math.abs(r - median) <= MONO_SPREAD * median).length;
    if (close < 0.8 * list.length) proportional.add(font);
  }
  for (const page of pages) for (const run of page.runs) if (proportional.has(run.font)) delete run.mono;
}
