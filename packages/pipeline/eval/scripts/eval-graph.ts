/**
 * Measures the relationship graph's finders against the PDF's own internal links (the ground truth: every
 * link from a body paragraph to a body paragraph; contents, index, bibliography, footnote and answer links
 * left out). For each book it prints the explicit-reference detector's precision and recall (the detector
 * reads the text only, never the links), and the recall at 10 of the linked pairs by semantic similarity
 * alone (LSA) beside a plain TF-IDF cosine baseline. Later items of a range whose first item alone is linked
 * ("Examples 14.1–14.5", linked to 14.1) are left out of the precision: the links cannot judge them.
 *
 *   node packages/pipeline/eval/scripts/eval-graph.ts             # every book of ../shared/books
 *   node packages/pipeline/eval/scripts/eval-graph.ts book.pdf ...    # any PDFs with internal links
 *   --misses  also print the false positives and the missed links with their text
 */
import fs from 'node:fs';
import path from 'node:path';
import { extractBook } from '../../src/extract/extract-book.ts';
import { mapLinksToParagraphs, readInternalLinks, type LinkedPair } from '../../src/graph/links.ts';
import { graphParagraphs } from '../../src/graph/paragraphs.ts';
import { findItemLabels, findReferenceMentions } from '../../src/graph/refs/grammar.ts';
import { resolveExplicitReferences } from '../../src/graph/refs/resolve.ts';
import { buildTargetIndex } from '../../src/graph/refs/targets.ts';
import { buildLsaIndex, buildTfidfIndex, type SimilarityIndex } from '../../src/graph/semantic/index.ts';
import type { ExplicitReference, GraphParagraph } from '../../src/graph/types.ts';
import { requireCorpus } from '../corpus.ts';

/** Appendices of hints, answers or solutions: their links join exercises to answers, not text to text. */
const ANSWERS_CHAPTER = /^(?:hints?|answers?|solutions?)\b/i;
/** Footnote marks link to the footnote at the page's foot, which is not a body paragraph. */
const FOOTNOTE_DEST = /footnote/i;

function parseArgs(argv: string[]): { pdfs: string[]; misses: boolean } {
  const misses = argv.includes('--misses');
  const pdfs = argv.filter((a) => !a.startsWith('--')).map((a) => path.resolve(a));
  for (const pdf of pdfs) if (!pdf.toLowerCase().endsWith('.pdf')) throw new Error(`${pdf}: expected a PDF`);
  return { pdfs: pdfs.length > 0 ? pdfs : requireCorpus().map((b) => b.pdf), misses };
}

const pct = (n: number, d: number) => (d === 0 ? '   -  ' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);
const snippet = (text: string, from = 0, length = 110) =>
  (from > 0 ? '…' : '') + text.slice(from, from + length) + (from + length < text.length ? '…' : '');

interface Score {
  matched: number;
  detected: number;
  found: number;
  truth: number;
}

/**
 * Precision over the detected pairs the links can judge and recall over linked pairs; `same` says when a
 * pair matches a link.
 */
function score(
  detected: ExplicitReference[],
  truth: LinkedPair[],
  same: (ref: ExplicitReference, pair: LinkedPair) => boolean,
  judged: (ref: ExplicitReference) => boolean = () => true,
): Score {
  const bySource = new Map<string, LinkedPair[]>();
  for (const pair of truth) bySource.set(pair.sourceId, [...(bySource.get(pair.sourceId) ?? []), pair]);
  const detectedBySource = new Map<string, ExplicitReference[]>();
  for (const ref of detected)
    detectedBySource.set(ref.sourceId, [...(detectedBySource.get(ref.sourceId) ?? []), ref]);
  const judgedRefs = detected.filter(judged);
  const matched = judgedRefs.filter((ref) =>
    (bySource.get(ref.sourceId) ?? []).some((p) => same(ref, p)),
  ).length;
  const found = truth.filter((p) =>
    (detectedBySource.get(p.sourceId) ?? []).some((ref) => same(ref, p)),
  ).length;
  return { matched, detected: judgedRefs.length, found, truth: truth.length };
}

/**
 * The references to later items of a range ("Examples 14.1–14.5" refers to 14.2 to 14.5 too) that are not
 * linked while the range's first item is: a PDF may link a range once, to its first item, and then its links
 * cannot judge the others. Keys are "source>target".
 */
function unjudgedRangeItems(paragraphs: GraphParagraph[], truth: LinkedPair[]): Set<string> {
  const index = buildTargetIndex(paragraphs);
  const linked = new Set(truth.map((p) => `${p.sourceId}>${p.targetId}`));
  const out = new Set<string>();
  for (const p of paragraphs) {
    for (const m of findReferenceMentions(p.text)) {
      if (m.rangeStart === undefined) continue;
      const first = index.find(m.kind, m.rangeStart);
      const target = index.find(m.kind, m.label);
      const key = `${p.id}>${target?.id}`;
      if (first && target && linked.has(`${p.id}>${first.id}`) && !linked.has(key)) out.add(key);
    }
  }
  return out;
}

/** Share of linked pairs whose target section holds one of the source's k nearest paragraphs. */
function recallAtK(
  index: SimilarityIndex,
  truth: LinkedPair[],
  paragraphs: GraphParagraph[],
  k: number,
): number {
  const position = new Map(paragraphs.map((p, i) => [p.id, i]));
  let hits = 0;
  for (const pair of truth) {
    const neighbours = index.neighbours(position.get(pair.sourceId)!, k);
    if (neighbours.some((n) => paragraphs[n.index]!.sectionId === pair.targetSectionId)) hits++;
  }
  return truth.length === 0 ? 0 : hits / truth.length;
}

async function main() {
  const { pdfs, misses } = parseArgs(process.argv.slice(2));
  for (const pdf of pdfs) {
    const started = performance.now();
    const bytes = new Uint8Array(fs.readFileSync(pdf));
    const { book } = await extractBook(bytes);
    const answers = new Set(book.chapters.filter((c) => ANSWERS_CHAPTER.test(c.title)).map((c) => c.id));
    const paragraphs = graphParagraphs(book)
      .filter((p) => !answers.has(p.chapterId))
      .map((p, order) => ({ ...p, order }));
    const links = (await readInternalLinks(bytes)).filter((l) => !FOOTNOTE_DEST.test(l.target.name ?? ''));
    const truth = mapLinksToParagraphs(links, paragraphs);
    const detected = resolveExplicitReferences(paragraphs);
    const rangeItems = unjudgedRangeItems(paragraphs, truth);
    const judged = (r: ExplicitReference) => !rangeItems.has(`${r.sourceId}>${r.targetId}`);
    const byId = new Map(paragraphs.map((p) => [p.id, p]));
    const sectionOf = (id: string) => byId.get(id)?.sectionId;

    const exact = score(detected, truth, (ref, pair) => ref.targetId === pair.targetId, judged);
    const section = score(
      detected,
      truth,
      (ref, pair) => sectionOf(ref.targetId) === pair.targetSectionId,
      judged,
    );
    const texts = paragraphs.map((p) => p.text);
    const lsa = recallAtK(buildLsaIndex(texts), truth, paragraphs, 10);
    const tfidf = recallAtK(buildTfidfIndex(texts), truth, paragraphs, 10);
    const seconds = (performance.now() - started) / 1000;

    console.log(`\n${path.basename(pdf)}: ${paragraphs.length} paragraphs in ${seconds.toFixed(1)} s`);
    console.log(`  internal links: ${links.length}, joining ${truth.length} pairs of body paragraphs`);
    console.log(`  explicit references (text only, links unused):   paragraph   section`);
    console.log(
      `    precision                ${pct(exact.matched, exact.detected)}    ${pct(section.matched, section.detected)}   (${exact.matched}/${exact.detected})  target >= 95% on aata`,
    );
    console.log(
      `    recall                   ${pct(exact.found, exact.truth)}    ${pct(section.found, section.truth)}   (${exact.found}/${exact.truth})  target >= 90% on aata`,
    );
    console.log(
      `    left out of precision: ${rangeItems.size} later items of linked ranges (a PDF links a range to its first item)`,
    );
    // Links into figure contents, tables or the middle of a text cannot be told from the text alone.
    const sectionStarts = new Set(
      paragraphs.filter((p, i) => paragraphs[i - 1]?.sectionId !== p.sectionId).map((p) => p.id),
    );
    const named = (pair: LinkedPair) =>
      sectionStarts.has(pair.targetId) || findItemLabels(byId.get(pair.targetId)?.text ?? '').length > 0;
    const toNamed = score(detected, truth.filter(named), (ref, pair) => ref.targetId === pair.targetId);
    console.log(
      `    recall of links to a labelled item or a section start: ${pct(toNamed.found, toNamed.truth)} (${toNamed.found}/${toNamed.truth})`,
    );
    console.log(`  semantic recall at 10 (a paragraph of the linked section among the 10 nearest):`);
    console.log(`    LSA                      ${pct(lsa, 1)}`);
    console.log(`    TF-IDF cosine baseline   ${pct(tfidf, 1)}`);

    if (misses) printMisses(detected.filter(judged), truth, byId);
  }
}

function printMisses(detected: ExplicitReference[], truth: LinkedPair[], byId: Map<string, GraphParagraph>) {
  const truthKeys = new Set(truth.map((p) => `${p.sourceId}>${p.targetId}`));
  const detectedKeys = new Set(detected.map((r) => `${r.sourceId}>${r.targetId}`));
  const opening = (id: string) => snippet(byId.get(id)?.text ?? '', 0, 70);
  console.log('  false positives (detected, not linked):');
  for (const ref of detected) {
    if (truthKeys.has(`${ref.sourceId}>${ref.targetId}`)) continue;
    const linked = truth.filter((p) => p.sourceId === ref.sourceId).map((p) => p.targetId);
    console.log(`    ${ref.sourceId} "${ref.phrase}" -> ${ref.targetId}: ${opening(ref.targetId)}`);
    console.log(`        links from here: ${linked.length > 0 ? linked.join(', ') : 'none'}`);
  }
  console.log('  missed links (linked, not detected):');
  for (const pair of truth) {
    if (detectedKeys.has(`${pair.sourceId}>${pair.targetId}`)) continue;
    const source = byId.get(pair.sourceId)!;
    const mentions = findReferenceMentions(source.text).map((m) => m.phrase);
    console.log(`    ${pair.sourceId} -> ${pair.targetId}: ${opening(pair.targetId)}`);
    console.log(`        source mentions: ${mentions.length > 0 ? mentions.join('; ') : 'none'}`);
    console.log(`        source: ${snippet(source.text, 0, 160)}`);
  }
}

await main();
