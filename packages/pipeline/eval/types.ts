/**
 * Ground truth of a book's structure, read from its source markup (PreTeXt or LaTeX).
 *
 * - `chapters`: the numbered chapters of the main matter in order, numbered as the PDF shows them ("3",
 *   or "A" for a lettered appendix that holds real content).
 * - `sections`: the chapter's numbered prose sections ("3.2"). When the chapter has prose before its first
 *   section, the first entry is a pseudo-section for it whose `number` is the chapter's number and whose
 *   `title` is the chapter's title (the same convention as BookDocument). Exercise, reading-question,
 *   reference and Sage divisions are left out, but they still take numbers, so "3.3" is followed by the
 *   next chapter when 3.4 is "Reading Questions".
 * - `paragraphs`: plain text of the section's prose paragraphs in reading order, including those of its
 *   subsections.
 */
export interface TruthBook {
  chapters: TruthChapter[];
}

export interface TruthChapter {
  number: string;
  title: string;
  sections: TruthSection[];
}

export interface TruthSection {
  number: string;
  title: string;
  paragraphs: string[];
}

export interface ParagraphMiss {
  /** Truth section number ("3.2"). */
  section: string;
  /** The truth paragraph (cut to about 160 characters). */
  text: string;
  /** Best similarity reached by any candidate extracted paragraph (0 when there was none). */
  bestSimilarity: number;
  /** Id of that best candidate ("3.2.4"), if any. */
  bestCandidate?: string;
}

export interface SectionMiss {
  number: string;
  title: string;
  reason: 'missing' | 'title' | 'page';
  /** Outline page and extracted page, when the reason is 'page'. */
  expectedPage?: number;
  foundPage?: number;
}

export interface ExtractionScore {
  /** Share (0..1) of truth paragraphs (normalised length >= MIN_PARAGRAPH_CHARS) recovered as one paragraph. */
  paragraphsRecovered: number;
  /** Of the recovered paragraphs, the share whose extracted paragraph is in the section with the same id. */
  paragraphsInRightSection: number;
  /** Share of truth sections (chapter-intro pseudo-sections excluded) found with number, title and page. */
  sectionsRight: number;
  /** Share of truth chapters found with the same id, a similar title and the outline's page. */
  chaptersRight: number;
  counts: {
    truthParagraphs: number;
    recovered: number;
    inRightSection: number;
    extractedParagraphs: number;
    truthSections: number;
    sectionsRight: number;
    /** Truth sections for which the outline had no page: judged on number and title only. */
    sectionsWithoutOutlinePage: number;
    /** Truth sections with a heading and no text under it, not scored (the product keeps sections with text). */
    emptySections: number;
    truthChapters: number;
    chaptersRight: number;
    /**
     * Unrecovered truth paragraphs for which an unmatched extracted paragraph starts and ends at the same
     * words: cut right, but with text that differs inside (math read in another order).
     */
    missedWithinBounds: number;
    /** Truth paragraphs of chapters and sections that are not study text (a licence, an index), not scored. */
    notStudyParagraphs: number;
  };
  /** The first 10 unrecovered truth paragraphs, in book order. */
  paragraphMisses: ParagraphMiss[];
  /** The first 10 truth sections that were not right, in book order. */
  sectionMisses: SectionMiss[];
}

/**
 * A ground truth that cannot be read or holds nothing to score against (a missing source file or include,
 * no main file, malformed markup, no paragraphs). A measurement on such a truth would print a meaningless
 * figure (100% of nothing), so it stops with this error, naming the file.
 */
export class TruthError extends Error {
  override readonly name = 'TruthError';
}
