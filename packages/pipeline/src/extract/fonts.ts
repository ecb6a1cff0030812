/**
 * Font names across pdf.js documents. pdf.js names a font by the order its document meets it ("g_d0_f3"),
 * so the worker thread's document (readAllPages) gives the book's body font another name than the main
 * thread's, or gives its name to another font. The stages compare a line's font with the body font only,
 * so the worker's body font takes the main document's body font name and its other fonts names of their own.
 */
import { measureBody } from './metrics.ts';
import type { Line } from './types.ts';

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
