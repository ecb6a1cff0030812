/**
 * Threadbook's sample textbook, "Networks and Graphs: A Gentle Introduction".
 *
 * - SAMPLE_BOOK: the text (content.ts, the single source; its header documents the markup).
 * - buildSampleBook(outPath): renders the PDF and returns { pages, sha256, truth }.
 * - layoutSampleBook(): the same truth without writing a file.
 * - sampleCrossReferences(): the cross-references read from the text alone (no layout).
 *
 * The truth lists chapters and sections with the page each starts on (1-based PDF page, which is also the
 * printed page number), every numbered item, and every cross-reference with its phrase, targets and page,
 * so pipeline and graph tests can check extraction and reference detection against it.
 */
import { SAMPLE_BOOK } from './content.ts';
import { bookTexts, parseInline, type ParsedRef } from './markup.ts';

export { SAMPLE_BOOK } from './content.ts';
export type { Block, Book, Chapter, ItemKind, Section } from './content.ts';
export { parseTargets, validateBook, type RefTarget, type TargetKind } from './markup.ts';
export {
  buildSampleBook,
  layoutSampleBook,
  destName,
  DEFAULT_SAMPLE_PATH,
  type BuildResult,
  type SampleBookTruth,
  type SampleChapterTruth,
  type SampleCrossReference,
  type SampleItemTruth,
  type SampleSectionTruth,
  type SampleTargetTruth,
} from './build.ts';

export interface TextCrossReference extends ParsedRef {
  sourceChapter: number | null;
  sourceSection: string | null;
}

/** The cross-references in reading order, from the text alone (no page numbers). */
export function sampleCrossReferences(): TextCrossReference[] {
  const out: TextCrossReference[] = [];
  for (const { text, chapter, section } of bookTexts(SAMPLE_BOOK)) {
    const refs: ParsedRef[] = [];
    parseInline(text, false, refs);
    for (const ref of refs) out.push({ ...ref, sourceChapter: chapter, sourceSection: section });
  }
  return out;
}
