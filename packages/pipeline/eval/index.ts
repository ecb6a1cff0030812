/**
 * Extraction evaluation: ground truth from the books' sources, section pages from the PDF outline, and
 * the score of an extracted BookDocument against them.
 *
 *   const truth = readPretextTruth(corpus.path('aata/pretext-src'));   // or readLatexTruth(dir)
 *   const pages = await readOutlineSectionPages(corpus.path('aata/aata-20220728.pdf'));
 *   const score = scoreExtraction(truth, extractedBook, pages);
 */
export type {
  ExtractionScore,
  ParagraphMiss,
  SectionMiss,
  TruthBook,
  TruthChapter,
  TruthSection,
} from './types.ts';
export { TruthError } from './types.ts';
export { corpusBooks, readTruth, requireCorpus, type CorpusBook } from './corpus.ts';
export { readPretextTruth } from './pretext.ts';
export { readLatexTruth, texParagraphs } from './latex.ts';
export { readOutlineSectionPages, normalizeTitle, outlineKey } from './outline.ts';
export {
  scoreExtraction,
  similarTitle,
  withoutCountedNumbers,
  MIN_PARAGRAPH_CHARS,
  RECOVERY_THRESHOLD,
} from './score.ts';
export { normalizeText, compactText, textSimilarity, texToText } from './text.ts';
