/**
 * The quality report for any PDF (no source needed): blocks by kind, prose starting in lower case, short
 * blocks, running heads found inside blocks, captions for the figure and table labels the text shows,
 * references found and resolved, and, where the PDF has internal links, explicit-reference precision and
 * recall against them.
 *
 *   npm run inspect -- book.pdf [more.pdf ...]     # without arguments: every book of ../shared/books
 *   --json  one JSON object per book instead of the table
 */
import fs from 'node:fs';
import path from 'node:path';
import { extractBook } from '../../src/extract/extract-book.ts';
import { requireCorpus } from '../corpus.ts';
import { MIN_LINKED_PAIRS, qualityReport, type QualityReport } from '../quality.ts';
import type { ReferenceScore } from '../references.ts';

const share = (n: number, d: number) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`);
const ratio = (n: number, d: number) => (d === 0 ? '-' : (n / d).toFixed(2));

function print(name: string, seconds: number, r: QualityReport) {
  console.log(`\n${name}: ${r.pages} pages, extracted in ${seconds.toFixed(1)} s`);
  const kinds = Object.entries(r.blocks)
    .map(([kind, n]) => `${n} ${kind}`)
    .join(', ');
  console.log(`  blocks:                         ${kinds}`);
  console.log(
    `  prose starting in lower case:   ${share(r.prose.lowerCaseStart, r.prose.count)} (${r.prose.lowerCaseStart})  target <= 2%`,
  );
  console.log(`    list items going on in lower case after their label: ${r.prose.listItemsInLowerCase}`);
  console.log(`  prose under 40 characters:      ${share(r.prose.short, r.prose.count)} (${r.prose.short})`);
  console.log(`  blocks without a word:          ${r.prose.wordless}`);
  console.log(
    `  running heads and feet found:   ${r.runningHeads.found}, inside blocks: ${r.runningHeads.inBlocks}  target 0`,
  );
  for (const example of r.runningHeads.examples) console.log(`      ${example}`);
  console.log(
    `  figure and table labels:        ${r.captions.labelsSeen} seen, ${r.captions.withCaption} with a caption block${r.captions.missing.length > 0 ? ` (no caption: ${r.captions.missing.join(', ')})` : ''}`,
  );
  console.log(
    `  references in the text:         ${r.references.mentions} found, ${r.references.resolved} resolved (${share(r.references.resolved, r.references.mentions)})`,
  );
  if (!r.links) {
    console.log(
      `  internal links:                 fewer than ${MIN_LINKED_PAIRS} between body paragraphs: precision and recall not measured`,
    );
    return;
  }
  const { withLinks: w, withLinksJudged: wj, textOnly: t, textOnlyJudged: tj } = r.links;
  const overLinked = (all: ReferenceScore, judged: ReferenceScore) =>
    console.log(
      `      over references whose number a link shows: precision ${ratio(judged.matched, judged.detected)}; ${all.detected - judged.detected} typed without a link, not judged`,
    );
  console.log(`  against the PDF's links (${r.links.pairs} linked pairs):`);
  console.log(
    `    links used:  precision ${ratio(w.matched, w.detected)}, recall ${ratio(w.found, w.truth)}  targets 0.95 / 0.90`,
  );
  overLinked(w, wj);
  console.log(
    `    text only:   precision ${ratio(t.matched, t.detected)}, recall ${ratio(t.found, t.truth)}  targets 0.90 / 0.80`,
  );
  overLinked(t, tj);
}

async function main() {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const files = args.filter((a) => !a.startsWith('--'));
  const pdfs = files.length > 0 ? files.map((f) => path.resolve(f)) : requireCorpus().map((b) => b.pdf);
  for (const file of pdfs) {
    const bytes = new Uint8Array(fs.readFileSync(file));
    const started = performance.now();
    const { book } = await extractBook(bytes);
    const seconds = (performance.now() - started) / 1000;
    const report = await qualityReport(bytes, book);
    if (json) console.log(JSON.stringify({ book: path.basename(file), seconds, ...report }));
    else print(path.basename(file), seconds, report);
  }
}

await main();
