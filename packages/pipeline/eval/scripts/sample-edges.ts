/**
 * Prints a random sample of a book's relationship edges, each with both full texts, its type, its reason
 * and (unless --blind) its evidence and score, then the figures of the whole graph a reading checks. The
 * seed is drawn afresh and printed: a sample the rules were tuned on no longer measures them. The same
 * seed gives the same sample of the same graph, so a reading can be repeated after a change.
 *
 *   npm run sample:edges -- book.pdf [more.pdf ...]     # without a PDF: every book of ../shared/books
 *   --seed N    the sample's seed (default: a fresh random one, printed)
 *   --count N   edges per book (default 20)
 *   --blind     only what a blind reader may see: the two texts, the type and the reason
 */
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import { paragraphLabel } from '@threadbook/book';
import path from 'node:path';
import { extractBook } from '../../src/extract/extract-book.ts';
import { buildGraph } from '../../src/graph/build-graph.ts';
import { graphParagraphs } from '../../src/graph/paragraphs.ts';
import type { GraphParagraph } from '../../src/graph/types.ts';
import { numberOption } from '../book-args.ts';
import { requireCorpus } from '../corpus.ts';
import { edgeFigures, reasonVocabulary, sampleEdges, TYPE_MEANING } from '../edge-sample.ts';

/** How a type is read, said once above the edges: what B is to A, as the panel shows it beside A. */
const TYPES_READ_FROM_A =
  'Each type says what B is to A, as the Related Paragraphs panel shows B beside A: a theorem is ' +
  'BACKGROUND to its proof (the proof builds on it), and the proof is ELABORATION of the theorem. The ' +
  'reason is shown beside both paragraphs, so it must read true from either side.';

/** What the panel shows beside a paragraph's text, which a reader of the text alone cannot see. */
const shownWith = (p: GraphParagraph) =>
  p.kind === 'caption'
    ? ' [a caption: the panel shows it with the figure or table it labels, drawn from the PDF]'
    : '';

async function main() {
  const args = process.argv.slice(2);
  const seed = numberOption(args, '--seed', randomInt(1, 1_000_000));
  const count = numberOption(args, '--count', 20);
  console.log(`Seed ${seed} (draw the same sample again with --seed ${seed})\n`);
  const blind = args.includes('--blind');
  const files = args.filter((a) => !a.startsWith('--'));
  for (const file of files) if (!fs.existsSync(file)) throw new Error(`${file}: no such file`);
  const pdfs = files.length > 0 ? files.map((f) => path.resolve(f)) : requireCorpus().map((b) => b.pdf);
  for (const pdf of pdfs) {
    const bytes = new Uint8Array(fs.readFileSync(pdf));
    const { book } = await extractBook(bytes);
    const graph = await buildGraph(book, { pdf: bytes });
    const paragraphs = graphParagraphs(book);
    if (graph.edges.length === 0) throw new Error(`${pdf}: the graph has no edges to sample`);
    const byId = new Map(paragraphs.map((p) => [p.id, p]));
    const name = path.basename(pdf);
    console.log(`# ${name}: ${count} edges of ${graph.edges.length}, seed ${seed}\n`);
    console.log(`${TYPES_READ_FROM_A}\n`);
    sampleEdges(graph.edges, count, seed).forEach((edge, i) => {
      const source = byId.get(edge.source)!;
      const target = byId.get(edge.target)!;
      console.log(`## ${name} edge ${i + 1}${blind ? '' : `: ${edge.source} -> ${edge.target}`}`);
      const where = (p: GraphParagraph) =>
        `${paragraphLabel(p.id)}${blind ? '' : `, ${p.kind ?? 'prose'}, page ${p.page}`}`;
      console.log(`A (${where(source)}): ${source.text}${shownWith(source)}`);
      console.log(`B (${where(target)}): ${target.text}${shownWith(target)}`);
      console.log(`Type: ${edge.type} (${TYPE_MEANING[edge.type]})`);
      console.log(`Reason: ${edge.justification}`);
      if (!blind) console.log(`Evidence: ${edge.evidence.join(', ')}; score ${edge.score}`);
      console.log('');
    });
    if (blind) continue;
    const f = edgeFigures(graph.edges, paragraphs, await reasonVocabulary(bytes, paragraphs));
    const types = Object.entries(f.byType)
      .map(([type, n]) => `${n} ${type}`)
      .join(', ');
    console.log(`${name}: ${f.edges} edges: ${types}`);
    console.log(
      `  reasons that quote none of the book's words: ${f.unquotedReasons} (${f.unquotedLinks} "The book links ...")  target 0`,
    );
    console.log(`  similarity edges with a non-prose end: ${f.nonProseSimilarity}  target 0`);
    console.log(`  edges between paragraphs of the same words: ${f.identicalTexts}  target 0`);
    console.log(
      `  "Covers the same ideas" with one of the book's 500 most frequent words not in its index or glossary: ${f.commonWordIdeas} (${f.commonWords
        .slice(0, 10)
        .map(([w, n]) => `${w} ${n}`)
        .join(', ')})  target 0`,
    );
    console.log(
      `  ELABORATION to the very next paragraph without a reference: ${f.elaborationsToNext} of ${f.elaborations}  target <= 10%`,
    );
    console.log(
      `  most used defined terms: ${f.definedTerms
        .slice(0, 25)
        .map(([t, n]) => `${t} ${n}`)
        .join(', ')}`,
    );
    console.log('');
  }
}

await main();
