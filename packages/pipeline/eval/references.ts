/**
 * Explicit references measured against the PDF's own internal links, the ground truth: every link from a
 * body paragraph to a body paragraph. Links into appendices of hints, answers or solutions (they join
 * exercises to answers, not text to text) and links to footnotes (a footnote mark is not a cross-reference)
 * are left out. Used by eval:graph and by the inspect report.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BookDocument } from '@threadbook/book';
import {
  crossReferencePairs,
  isFootnoteMark,
  readInternalLinks,
  type LinkedPair,
  type PdfLink,
} from '../src/graph/links.ts';
import { graphParagraphs } from '../src/graph/paragraphs.ts';
import { findReferenceMentions } from '../src/graph/refs/grammar.ts';
import { inFigureOf } from '../src/graph/refs/resolve.ts';
import { buildTargetIndex, isInSection } from '../src/graph/refs/targets.ts';
import type { ExplicitReference, GraphParagraph } from '../src/graph/types.ts';
import { TruthError } from './types.ts';

/** Appendices of hints, answers or solutions: their links join exercises to answers, not text to text. */
const ANSWERS_CHAPTER = /^(?:hints?|answers?|solutions?)\b/i;

export interface LinkTruth {
  /** The book's paragraphs in reading order, answer appendices left out. */
  paragraphs: GraphParagraph[];
  /** Every internal link of the PDF, as the import reads them. */
  allLinks: PdfLink[];
  /** The internal links that can be truth (footnote links left out). */
  links: PdfLink[];
  /** The linked pairs of paragraphs. */
  pairs: LinkedPair[];
}

/** The links of `pdf` as pairs of `book`'s paragraphs. */
export async function readLinkTruth(book: BookDocument, pdf: Uint8Array): Promise<LinkTruth> {
  const answers = new Set(book.chapters.filter((c) => ANSWERS_CHAPTER.test(c.title)).map((c) => c.id));
  const paragraphs = graphParagraphs(book)
    .filter((p) => !answers.has(p.chapterId))
    .map((p, order) => ({ ...p, order }));
  const allLinks = await readInternalLinks(pdf, { anchors: true });
  const links = allLinks.filter((l) => !isFootnoteMark(l));
  // The product's rule for what a link is: a footnote's mark (kastner's links name no footnotes, but land
  // on them) or a listing's own link is no cross-reference to find.
  return { paragraphs, allLinks, links, pairs: crossReferencePairs(allLinks, paragraphs) };
}

/**
 * The PDF as a user without links meets it: its annotations flattened away by qpdf (Debian's qpdf), as many
 * real PDFs (Word, InDesign, older LaTeX) come. null when qpdf is not installed.
 */
export function withoutLinks(pdfPath: string): Uint8Array | null {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'threadbook-flat-')), 'flat.pdf');
  try {
    // Exit code 3 is qpdf's "succeeded with warnings".
    const run = spawnSync('qpdf', ['--flatten-annotations=all', pdfPath, out], { stdio: 'ignore' });
    if (run.error || (run.status !== 0 && run.status !== 3)) return null;
    return new Uint8Array(fs.readFileSync(out));
  } finally {
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }
}

export interface ReferenceScore {
  matched: number;
  detected: number;
  found: number;
  truth: number;
}

/**
 * Precision over the detected pairs the links can judge and recall over linked pairs; `same` says when a
 * pair matches a link.
 */
export function scoreReferences(
  detected: ExplicitReference[],
  truth: LinkedPair[],
  same: (ref: ExplicitReference, pair: LinkedPair) => boolean,
  judged: (ref: ExplicitReference) => boolean = () => true,
): ReferenceScore {
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
 * Whether a detected reference is what a link says: the same paragraph; a caption, for a link landing in
 * its figure or table; or, for an item the words place in a section ("Lemma 2 of Sec. 1.7.3"), a link to
 * that section's opening. A PDF made with LyX links only
 * the section's number there, and the lemma is the precise reading of what that link marks.
 */
export function sameAsLink(
  paragraphs: GraphParagraph[],
): (ref: ExplicitReference, pair: LinkedPair) => boolean {
  const opening = (section: string) => paragraphs.find((p) => isInSection(p, section))?.id;
  const openings = new Map<string, string | undefined>();
  const byId = new Map(paragraphs.map((p) => [p.id, p]));
  return (ref, pair) => {
    if (ref.targetId === pair.targetId) return true;
    // A link landing in a figure or table (a row, a drawing's label) is the caption's, as the resolver reads it.
    if (inFigureOf(byId.get(ref.targetId), byId.get(pair.targetId))) return true;
    if (ref.section === undefined) return false;
    if (!openings.has(ref.section)) openings.set(ref.section, opening(ref.section));
    return openings.get(ref.section) === pair.targetId;
  };
}

/**
 * The references to later items of a range ("Examples 14.1–14.5" refers to 14.2 to 14.5 too) that are not
 * linked while the range's first item is: a PDF may link a range once, to its first item, and then its links
 * cannot judge the others. Keys are "source>target".
 */
export function unjudgedRangeItems(paragraphs: GraphParagraph[], truth: LinkedPair[]): Set<string> {
  const index = buildTargetIndex(paragraphs);
  const linked = new Set(truth.map((p) => `${p.sourceId}>${p.targetId}`));
  const out = new Set<string>();
  for (const p of paragraphs) {
    for (const m of findReferenceMentions(p.text)) {
      if (m.rangeStart === undefined) continue;
      const first = index.find(m.kind, m.rangeStart, p);
      const target = index.find(m.kind, m.label, p);
      const key = `${p.id}>${target?.id}`;
      if (first && target && linked.has(`${p.id}>${first.id}`) && !linked.has(key)) out.add(key);
    }
  }
  return out;
}

/** The numbers a reference names: "Exercise 1" 1; "Sections 2.3–2.5" 2.3 and 2.5; "(1.24)"; "Appendix E". */
const NUMBER = /\b(?:[A-Z]|\d+)(?:\.\d+)*\b/g;

/**
 * Whether the PDF's links can judge a detected reference: a link from its paragraph shows one of the
 * numbers the reference names. A reference the author typed without a link (a LyX or Word book has many)
 * has no link to be judged by: counting it as wrong would measure the book, not the detector.
 */
export function judgedByLinks(truth: LinkedPair[]): (ref: ExplicitReference) => boolean {
  const numbersBySource = new Map<string, Set<string>>();
  const wordsBySource = new Map<string, string[]>();
  let anchored = 0;
  for (const pair of truth) {
    const numbers = numbersBySource.get(pair.sourceId) ?? new Set<string>();
    const shown = (pair.anchors ?? []).flatMap((anchor) => anchor.match(NUMBER) ?? []);
    for (const n of shown) numbers.add(n);
    numbersBySource.set(pair.sourceId, numbers);
    // A link on a title ("the section called “Properties”") shows its words, not a number.
    const titles = (pair.anchors ?? []).map(letters).filter((t) => t.length >= MIN_TITLE_LETTERS);
    wordsBySource.set(pair.sourceId, [...(wordsBySource.get(pair.sourceId) ?? []), ...titles]);
    if (shown.length > 0 || titles.length > 0) anchored++;
  }
  // Links whose text could not be read would leave every reference unjudged, and the precision empty.
  if (truth.length > 0 && anchored < 0.5 * truth.length)
    throw new TruthError(`only ${anchored} of ${truth.length} linked pairs have text under their link`);
  return (ref) => {
    // A reference the import took from a link is judged by the links like any other.
    if (ref.via !== 'text') return true;
    const numbers = numbersBySource.get(ref.sourceId);
    if (numbers && (ref.phrase.match(NUMBER) ?? []).some((n) => numbers.has(n))) return true;
    const phrase = letters(ref.phrase);
    return (wordsBySource.get(ref.sourceId) ?? []).some((t) => phrase.includes(t) || t.includes(phrase));
  };
}

/** A link's words as compared with a reference's phrase: letters and digits only, lower case. */
const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
/** Letters a link's text needs to judge a reference by its words (a title, not "here"). */
const MIN_TITLE_LETTERS = 6;
