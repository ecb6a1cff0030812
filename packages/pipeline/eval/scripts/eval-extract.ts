/**
 * Measures the PDF extraction against the books' sources: share of source paragraphs recovered as one
 * extracted paragraph (similarity >= 0.9), share of those in the right section, share of sections and
 * chapters found with the right number, title and page.
 *
 *   node packages/pipeline/eval/scripts/eval-extract.ts                      # every book of ../shared/books
 *   node packages/pipeline/eval/scripts/eval-extract.ts book.pdf src/ other.pdf   # a PDF, then its source folder if any
 *   --misses  also print the first unrecovered paragraphs and wrong sections
 */
import fs from 'node:fs';
import path from 'node:path';
import { extractBook } from '../../src/extract/extract-book.ts';
import { bookArgs } from '../book-args.ts';
import { readOutlineSectionPages, readTruth, scoreExtraction } from '../index.ts';

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

async function main() {
  const args = process.argv.slice(2);
  const books = bookArgs(args.filter((a) => !a.startsWith('--')));
  const misses = args.includes('--misses');
  for (const arg of books) {
    const started = performance.now();
    const { book, pageCount } = await extractBook(new Uint8Array(fs.readFileSync(arg.pdf)));
    const seconds = (performance.now() - started) / 1000;
    const sections = book.chapters.reduce((n, c) => n + c.sections.length, 0);
    const paragraphs = book.chapters.reduce(
      (n, c) => n + c.sections.reduce((m, s) => m + s.paragraphs.length, 0),
      0,
    );
    console.log(`\n${path.basename(arg.pdf)}: ${pageCount} pages in ${seconds.toFixed(1)} s`);
    console.log(
      `  extracted: ${book.chapters.length} chapters, ${sections} sections, ${paragraphs} paragraphs`,
    );
    if (!arg.source) {
      console.log('  no source folder given: nothing to score against');
      continue;
    }
    const truth = readTruth(arg.source);
    const pages = await readOutlineSectionPages(arg.pdf);
    const score = scoreExtraction(truth, book, pages);
    const c = score.counts;
    console.log(
      `  paragraphs recovered:  ${pct(score.paragraphsRecovered)} (${c.recovered}/${c.truthParagraphs})  target >= 95%`,
    );
    if (c.notStudyParagraphs > 0)
      console.log(
        `  not scored:            ${c.notStudyParagraphs} paragraphs of the source's licence, index or contents, which the product leaves out`,
      );
    const missed = c.truthParagraphs - c.recovered;
    console.log(
      `  missed, but cut right: ${c.missedWithinBounds}/${missed} (same first and last words; the text inside differs, as math read in another order does)`,
    );
    console.log(
      `  in the right section:  ${pct(score.paragraphsInRightSection)} (${c.inRightSection}/${c.recovered})`,
    );
    console.log(
      `  sections right:        ${pct(score.sectionsRight)} (${c.sectionsRight}/${c.truthSections})  target >= 98%`,
    );
    if (c.emptySections > 0)
      console.log(
        `  not scored:            ${c.emptySections} sections the source leaves without text (a heading alone), which the product leaves out`,
      );
    console.log(
      `  chapters right:        ${pct(score.chaptersRight)} (${c.chaptersRight}/${c.truthChapters})`,
    );
    if (misses) {
      for (const m of score.sectionMisses) console.log(`  section ${m.number} "${m.title}": ${m.reason}`);
      for (const m of score.paragraphMisses) {
        console.log(
          `  paragraph in ${m.section} (best ${m.bestSimilarity.toFixed(2)} ${m.bestCandidate ?? '-'}): ${m.text}`,
        );
      }
    }
  }
}

await main();
