import type { BookDocument } from '@threadbook/book';
import { isStudyChapterTitle, isStudySectionTitle } from '../src/extract/structure.ts';
import { normalizeTitle, outlineKey } from './outline.ts';
import { boundedLevenshtein, compactRatio, compactText, normalizeText } from './text.ts';
import {
  TruthError,
  type ExtractionScore,
  type ParagraphMiss,
  type SectionMiss,
  type TruthBook,
} from './types.ts';

/** Truth paragraphs shorter than this (compact form: letters and digits) are not scored. */
export const MIN_PARAGRAPH_CHARS = 30;
/** A truth paragraph is recovered by one extracted paragraph with at least this similarity. */
export const RECOVERY_THRESHOLD = 0.9;

/** Character n-grams of the compact text used to find candidates. */
const GRAM = 8;
/** Grams shared by more extracted paragraphs than this are too common to point at candidates. */
const MAX_POSTINGS = 24;
/** Candidates (most shared grams first) whose similarity is computed. */
const MAX_CANDIDATES = 8;
/** Unrecovered paragraphs listed with --misses: enough to see every pattern of a real book. */
const MAX_LISTED_MISSES = 100;

/** A label's word: the number after it is one the typesetter counts, not one the source writes. */
const COUNTED = new RegExp(
  String.raw`\b(Theorem|Lemma|Proposition|Corollary|Definition|Example|Exercise|Problem|Remark|Note|Axiom|Fact|Statement|Figure|Table|Listing|Section|Sec\.|Chapter|Appendix|Equation|Eq\.)\s*(?:\d+|[A-Z](?=[.\s]))(?:\.\d+)*[a-z]?\b`,
  'g',
);

/**
 * The text without the numbers a typesetter generates: the number of a label or reference ("Example
 * 4.19", "Section 5.1.2"), an equation's tag or reference ("(3.4)"), a citation ("[188]"), an item's
 * label ("2. ", "b) ") and the letters of the sub-items set in one block ("(5) a. ... b. ..."). A LaTeX
 * source holds none of them (\ref and counters), a PreTeXt one some, the PDF all; both sides lose them, so
 * that what is scored is where paragraphs start and end.
 */
export function withoutCountedNumbers(text: string): string {
  return text
    .replace(COUNTED, '$1')
    .replace(/\(\d+(?:\.\d+)*[a-z]?\)/g, ' ')
    .replace(/\[\d+(?:[,–-]\s*\d+)*\]/g, ' ')
    .replace(/^\s*[•–]?\s*\(?(?:\d{1,2}|[a-z]|[ivx]{1,4})[.)]\s/, '')
    .replace(/(^|\s)[a-z]\.(?=\s)/g, '$1');
}

interface Extracted {
  id: string;
  sectionId: string;
  text: string;
  compact: string;
}

/**
 * Scores an extraction against the truth.
 *
 * Paragraphs: texts are compared without the numbers a typesetter counts (withoutCountedNumbers) and in
 * compact form (compactText: NFKC, lower case, letters and digits only,
 * no spaces) with similarity 1 - levenshtein / max length (textSimilarity). To avoid comparing every pair,
 * extracted paragraphs are indexed by their character 8-grams (every third position; grams shared by more
 * than 24 paragraphs are ignored as uninformative); a truth paragraph is compared only with the 8 extracted paragraphs that
 * share the most grams with it, with a banded Levenshtein cut off at the 0.9 threshold. Each extracted
 * paragraph recovers at most one truth paragraph: pairs are assigned most similar first (a pair in the same
 * section wins a tie).
 *
 * Subsections the extraction splits off ("3.4.2", "3.4.2.1") count as their section ("3.4").
 *
 * Sections: a truth section (chapter-intro pseudo-sections excluded) is right when the extraction has a
 * section with the same id, a similar title (normalised titles equal, or one contains the other) and a first
 * paragraph on the page the PDF outline gives for that title. Sections the outline does not know are judged
 * on id and title. Chapters likewise (their page is that of their first paragraph).
 */
/**
 * The truth's level of an extracted section id: the truth keeps a subsection's paragraphs in its section,
 * the extraction gives numbered subsections ("3.4.2", and "3.4.2.1" below it) sections of their own.
 */
function sectionLevel(id: string): string {
  return /^((?:\d+|[A-Z])\.\d+)(?:\.\d+)+$/.exec(id)?.[1] ?? id;
}

/**
 * The truth without the chapters and sections that are not study text (a licence appendix, an index): the
 * extraction leaves them out on purpose, by the same titles (isStudyChapterTitle, isStudySectionTitle).
 */
function studyText(truth: TruthBook): { truth: TruthBook; notStudyParagraphs: number } {
  let notStudyParagraphs = 0;
  const chapters = truth.chapters.flatMap((ch) => {
    const sections = ch.sections.filter((s) => {
      const study = isStudyChapterTitle(ch.title) && isStudySectionTitle(s.title);
      if (!study) notStudyParagraphs += s.paragraphs.length;
      return study;
    });
    return isStudyChapterTitle(ch.title) ? [{ ...ch, sections }] : [];
  });
  return { truth: { ...truth, chapters }, notStudyParagraphs };
}

export function scoreExtraction(
  fullTruth: TruthBook,
  extracted: BookDocument,
  sectionPages: Map<string, number>,
): ExtractionScore {
  const { truth, notStudyParagraphs } = studyText(fullTruth);
  const paragraphs: Extracted[] = [];
  for (const ch of extracted.chapters) {
    for (const s of ch.sections) {
      for (const p of s.paragraphs)
        paragraphs.push({
          id: p.id,
          sectionId: sectionLevel(s.id),
          text: p.text,
          compact: compactText(withoutCountedNumbers(p.text)),
        });
    }
  }
  const index = buildIndex(paragraphs);

  // Every (truth, extracted) pair at or above the threshold, then a one-to-one assignment taking the most
  // similar pairs first (a pair in the same section wins a tie), so that a near-duplicate truth paragraph
  // cannot take the extracted paragraph that matches another one exactly.
  interface Truth {
    section: string;
    text: string;
    compact: string;
    candidates: number[];
  }
  const truths: Truth[] = [];
  const pairs: { t: number; e: number; score: number }[] = [];
  for (const ch of truth.chapters) {
    for (const s of ch.sections) {
      for (const text of s.paragraphs) {
        const compact = compactText(withoutCountedNumbers(text));
        if (compact.length < MIN_PARAGRAPH_CHARS) continue;
        const t = truths.length;
        const candidates = findCandidates(compact, index);
        truths.push({ section: s.number, text, compact, candidates });
        for (const e of candidates) {
          const ratio = ratioAtLeast(compact, paragraphs[e]!.compact, RECOVERY_THRESHOLD);
          if (ratio >= 0)
            pairs.push({ t, e, score: ratio + (paragraphs[e]!.sectionId === s.number ? 1e-6 : 0) });
        }
      }
    }
  }
  pairs.sort((x, y) => y.score - x.score || x.t - y.t || x.e - y.e);
  const usedExtracted = new Uint8Array(paragraphs.length);
  const match = new Int32Array(truths.length).fill(-1);
  for (const { t, e } of pairs) {
    if (match[t] !== -1 || usedExtracted[e]) continue;
    match[t] = e;
    usedExtracted[e] = 1;
  }
  let recovered = 0;
  let inRightSection = 0;
  let missedWithinBounds = 0;
  const paragraphMisses: ParagraphMiss[] = [];
  truths.forEach((t, i) => {
    const e = match[i]!;
    if (e >= 0) {
      recovered++;
      if (paragraphs[e]!.sectionId === t.section) inRightSection++;
      return;
    }
    if (t.candidates.some((c) => !usedExtracted[c] && sameBounds(t.text, paragraphs[c]!.text)))
      missedWithinBounds++;
    if (paragraphMisses.length >= MAX_LISTED_MISSES) return;
    let top = 0;
    let topId: string | undefined;
    for (const c of t.candidates) {
      const r = compactRatio(t.compact, paragraphs[c]!.compact);
      if (r > top) [top, topId] = [r, paragraphs[c]!.id];
    }
    paragraphMisses.push({
      section: t.section,
      text: t.text.length > 160 ? `${t.text.slice(0, 157)}...` : t.text,
      bestSimilarity: Math.round(top * 1000) / 1000,
      ...(topId !== undefined ? { bestCandidate: topId } : {}),
    });
  });
  const truthParagraphs = truths.length;

  // Sections and chapters.
  const extractedSections = new Map<string, { title: string; page?: number }>();
  const extractedChapters = new Map<string, { title: string; page?: number }>();
  for (const ch of extracted.chapters) {
    const firstPage = ch.sections.flatMap((s) => s.paragraphs)[0]?.page;
    extractedChapters.set(ch.id, { title: ch.title, page: firstPage });
    for (const s of ch.sections)
      if (sectionLevel(s.id) === s.id)
        extractedSections.set(s.id, { title: s.title, page: s.paragraphs[0]?.page });
  }
  const occurrences = new Map<string, number>();
  const outlinePage = (title: string): number | undefined => {
    const key = normalizeTitle(title);
    const n = (occurrences.get(key) ?? 0) + 1;
    occurrences.set(key, n);
    return sectionPages.get(outlineKey(key, n)) ?? sectionPages.get(key);
  };
  const judge = (
    number: string,
    title: string,
    expectedPage: number | undefined,
    found: { title: string; page?: number } | undefined,
  ): SectionMiss | undefined => {
    if (!found) return { number, title, reason: 'missing' };
    if (!similarTitle(title, found.title)) return { number, title, reason: 'title' };
    if (expectedPage !== undefined && found.page !== expectedPage) {
      return {
        number,
        title,
        reason: 'page',
        expectedPage,
        ...(found.page !== undefined ? { foundPage: found.page } : {}),
      };
    }
    return undefined;
  };
  let truthSections = 0;
  let sectionsRight = 0;
  let sectionsWithoutOutlinePage = 0;
  let emptySections = 0;
  let chaptersRight = 0;
  const sectionMisses: SectionMiss[] = [];
  for (const ch of truth.chapters) {
    // Outline order: the chapter's entry, then its sections' entries.
    const chapterMiss = judge(ch.number, ch.title, outlinePage(ch.title), extractedChapters.get(ch.number));
    if (!chapterMiss) chaptersRight++;
    for (const s of ch.sections) {
      if (s.number === ch.number) continue;
      const page = outlinePage(s.title);
      // A heading the source leaves without text (ipsur's empty "Chapter Exercises") gives the book
      // nothing to place: the product keeps sections that hold paragraphs.
      if (s.paragraphs.length === 0) {
        emptySections++;
        continue;
      }
      truthSections++;
      if (page === undefined) sectionsWithoutOutlinePage++;
      const miss = judge(s.number, s.title, page, extractedSections.get(s.number));
      if (!miss) sectionsRight++;
      else if (sectionMisses.length < 10) sectionMisses.push(miss);
    }
  }

  // Nothing to score against is not a perfect score.
  if (truthParagraphs === 0) throw new TruthError('the ground truth holds no paragraphs to score against');
  const share = (n: number, d: number) => (d === 0 ? 0 : n / d);
  return {
    paragraphsRecovered: share(recovered, truthParagraphs),
    paragraphsInRightSection: share(inRightSection, recovered),
    sectionsRight: share(sectionsRight, truthSections),
    chaptersRight: share(chaptersRight, truth.chapters.length),
    counts: {
      truthParagraphs,
      recovered,
      inRightSection,
      extractedParagraphs: paragraphs.length,
      truthSections,
      sectionsRight,
      sectionsWithoutOutlinePage,
      emptySections,
      truthChapters: truth.chapters.length,
      chaptersRight,
      missedWithinBounds,
      notStudyParagraphs,
    },
    paragraphMisses,
    sectionMisses,
  };
}

/** Words compared at each end of a paragraph (words of four letters or more, which math does not scramble). */
const BOUND_WORDS = 3;

/**
 * Whether an extracted paragraph starts and ends where a truth paragraph does, by their first and last
 * three words of four letters or more: a paragraph cut at the right places whose text differs inside
 * (math the PDF lays out in another order than the source's markup reads) rather than one cut wrong.
 */
function sameBounds(truth: string, extracted: string): boolean {
  const words = (text: string) =>
    normalizeText(text)
      .split(' ')
      .filter((w) => /^\p{L}{4,}$/u.test(w));
  const a = words(truth);
  const b = words(extracted);
  if (a.length < 2 * BOUND_WORDS || b.length < 2 * BOUND_WORDS) return false;
  const same = (x: string[], y: string[]) => x.every((w, k) => w === y[k]);
  return (
    same(a.slice(0, BOUND_WORDS), b.slice(0, BOUND_WORDS)) &&
    same(a.slice(-BOUND_WORDS), b.slice(-BOUND_WORDS))
  );
}

/** Normalised titles equal, or one contains the other (short ToC titles, "Chapter 3" prefixes...). */
export function similarTitle(a: string, b: string): boolean {
  const x = normalizeTitle(a);
  const y = normalizeTitle(b);
  if (!x || !y) return x === y;
  return x === y || x.includes(y) || y.includes(x);
}

/** The similarity ratio if it is at least `threshold`, else -1 (cheap rejection by length and band). */
function ratioAtLeast(a: string, b: string, threshold: number): number {
  if (a === b) return 1;
  const maxLen = Math.max(a.length, b.length);
  const bound = Math.floor((1 - threshold) * maxLen + 1e-9);
  if (Math.abs(a.length - b.length) > bound) return -1;
  const d = boundedLevenshtein(a, b, bound);
  return d > bound ? -1 : 1 - d / maxLen;
}

/**
 * Hashes of the compact text's character GRAM-grams starting at every `stride`-th position (collisions
 * only add candidates). Extracted paragraphs are indexed with a stride of 3 and truth paragraphs query every
 * position, so an indexed gram that occurs anywhere in the truth is still found, at a third of the cost.
 */
function gramHashes(compact: string, stride: number): number[] {
  const out: number[] = [];
  for (let k = 0; k + GRAM <= compact.length; k += stride) {
    let h = 0;
    for (let j = k; j < k + GRAM; j++) h = (Math.imul(h, 31) + compact.charCodeAt(j)) | 0;
    out.push(h);
  }
  return out;
}

interface GramIndex {
  postings: Map<number, number[]>;
  counts: Int32Array;
}

function buildIndex(paragraphs: Extracted[]): GramIndex {
  const postings = new Map<number, number[]>();
  paragraphs.forEach((p, i) => {
    for (const g of gramHashes(p.compact, 3)) {
      const list = postings.get(g);
      if (!list) postings.set(g, [i]);
      else if (list.length <= MAX_POSTINGS && list[list.length - 1] !== i) list.push(i);
    }
  });
  return { postings, counts: new Int32Array(paragraphs.length) };
}

function findCandidates(compact: string, index: GramIndex): number[] {
  const touched: number[] = [];
  const { counts } = index;
  for (const g of gramHashes(compact, 1)) {
    const list = index.postings.get(g);
    if (!list || list.length > MAX_POSTINGS) continue;
    for (const i of list) {
      if (counts[i] === 0) touched.push(i);
      counts[i]!++;
    }
  }
  const ranked = touched.map((i) => [i, counts[i]!] as const);
  for (const i of touched) counts[i] = 0;
  return ranked
    .sort((x, y) => y[1] - x[1] || x[0] - y[0])
    .slice(0, MAX_CANDIDATES)
    .map(([i]) => i);
}
