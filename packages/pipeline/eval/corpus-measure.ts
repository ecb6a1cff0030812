/**
 * One book of the corpus eval: imported as the server imports it (extractBook, then buildGraph with the PDF
 * for its links and the book's own LSA, the server's default without an embeddings endpoint), timed, then
 * measured with the inspect report, the paragraph scoring of eval:extract and the graph's reasons.
 */
import fs from 'node:fs';
import type { BookDocument } from '@threadbook/book';
import { buildGraph, extractBook } from '../src/index.ts';
import { graphParagraphs } from '../src/graph/paragraphs.ts';
import { readTruth, type CorpusBook } from './corpus.ts';
import type { CorpusRow, FigureName } from './corpus-check.ts';
import { edgeFigures, reasonVocabulary } from './edge-sample.ts';
import { readOutlineSectionPages } from './outline.ts';
import { qualityReport } from './quality.ts';
import type { ReferenceScore } from './references.ts';
import { scoreExtraction } from './score.ts';
import { TruthError } from './types.ts';

/** Shares and ratios to 4 places: the baseline stays readable, and equal runs give equal figures. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;
const ratio = (n: number, d: number) => (d === 0 ? null : round(n / d));

export async function measureBook(book: CorpusBook): Promise<CorpusRow> {
  const pdf = new Uint8Array(fs.readFileSync(book.pdf));
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const { book: extracted, pageCount, pages } = await extractBook(pdf);
  const graph = await buildGraph(extracted, { pdf, pages });
  const seconds = (performance.now() - started) / 1000;
  // The process's CPU time, the page worker's thread included.
  const cpu = process.cpuUsage(cpuBefore);
  // Read before the measuring below, which holds more than the import does.
  const rssMb = process.resourceUsage().maxRSS / 1024;

  const quality = await qualityReport(pdf, extracted);
  const paragraphs = graphParagraphs(extracted);
  const reasons = edgeFigures(graph.edges, paragraphs, await reasonVocabulary(pdf, paragraphs));
  const links = quality.links;
  const precision = (s: ReferenceScore | undefined) => (s ? ratio(s.matched, s.detected) : null);
  const recall = (s: ReferenceScore | undefined) => (s ? ratio(s.found, s.truth) : null);
  const errors: Partial<Record<FigureName, string>> = {};
  return {
    book: book.name,
    pages: pageCount,
    figures: {
      seconds: Math.round(seconds * 100) / 100,
      cpuSeconds: Math.round((cpu.user + cpu.system) / 10_000) / 100,
      rssMb: Math.round(rssMb),
      lowerCase: ratio(quality.prose.lowerCaseStart, quality.prose.count),
      headsInBlocks: quality.runningHeads.inBlocks,
      linksP: precision(links?.withLinks),
      linksR: recall(links?.withLinks),
      textP: precision(links?.textOnly),
      textR: recall(links?.textOnly),
      unjudged: links ? links.textOnly.detected - links.textOnlyJudged.detected : null,
      recovered: await recovered(book, extracted, errors),
      unquotedReasons: reasons.unquotedReasons,
      unquotedLinks: reasons.unquotedLinks,
      identicalEdges: reasons.identicalTexts,
      commonWordIdeas: reasons.commonWordIdeas,
    },
    errors,
  };
}

/** Paragraphs recovered against the book's source, as eval:extract scores them; null without a source. */
async function recovered(
  book: CorpusBook,
  extracted: BookDocument,
  errors: Partial<Record<FigureName, string>>,
): Promise<number | null> {
  if (book.source === undefined) return null;
  try {
    const truth = readTruth(book.source);
    return round(
      scoreExtraction(truth, extracted, await readOutlineSectionPages(book.pdf)).paragraphsRecovered,
    );
  } catch (error) {
    // A source that cannot be read is an error to report, never a figure left out.
    if (!(error instanceof TruthError)) throw error;
    errors.recovered = error.message;
    return null;
  }
}
