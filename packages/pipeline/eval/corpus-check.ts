/**
 * The corpus eval's figures and its regression check: a run's figures per book against a committed
 * baseline (corpus-baseline.json), each allowed to be worse by its measured noise and no more. Pure: the
 * script runs the books and reads and writes the file.
 */

/** Each figure and which way is better. */
export const FIGURES = {
  /** Import time in seconds: extraction, then the relationship graph. */
  seconds: 'lower',
  /**
   * The import's CPU time in seconds: the work done, which waiting for a core on a busy machine does not
   * stretch as it does the time taken.
   */
  cpuSeconds: 'lower',
  /** Peak RSS of the import in MB. */
  rssMb: 'lower',
  /** Share of prose blocks that open with a lower-case word (a paragraph cut in two). */
  lowerCase: 'lower',
  /** Running heads and feet left inside a block. */
  headsInBlocks: 'lower',
  /** Explicit references against the PDF's links, with the links used and from the text only. */
  linksP: 'higher',
  linksR: 'higher',
  textP: 'higher',
  textR: 'higher',
  /**
   * References found in the text that no link of the PDF shows the number of, so nothing judges them: a rise
   * is more references a person has to read to trust.
   */
  unjudged: 'lower',
  /** Share of the source's paragraphs recovered as one extracted paragraph. */
  recovered: 'higher',
  /** Graph reasons that quote none of the book's words (edge-sample.ts quotesTheBook). */
  unquotedReasons: 'lower',
  /** Of those, "The book links Section X, Paragraph n to ...". */
  unquotedLinks: 'lower',
  /** Graph edges between two paragraphs of the same words. */
  identicalEdges: 'lower',
  /**
   * "Covers the same ideas" reasons that name one of the book's 500 most frequent words its index or
   * glossaries do not list.
   */
  commonWordIdeas: 'lower',
} as const satisfies Record<string, 'higher' | 'lower'>;

export type FigureName = keyof typeof FIGURES;
export const FIGURE_NAMES = Object.keys(FIGURES) as FigureName[];

/** A book's figures; null where the book gives nothing to measure (no source, too few links). */
export type Figures = Record<FigureName, number | null>;

export interface CorpusRow {
  book: string;
  pages: number;
  figures: Figures;
  /** Figures that should have been measured and could not be (a source that cannot be read), with why. */
  errors: Partial<Record<FigureName, string>>;
}

/** How much worse than the baseline a figure may come out and still be noise: the larger of the two. */
export interface Noise {
  absolute: number;
  /** A share of the baseline's figure (times and memory, which scale with the book). */
  relative?: number;
  /** How it was measured and chosen. */
  why: string;
}

export interface BaselineBook {
  pages: number;
  figures: Figures;
  /**
   * Figures that cannot be measured for a reason outside the code (a source that does not build the PDF),
   * written here by hand with that reason: the check names them on every run instead of failing.
   */
  knownErrors?: Partial<Record<FigureName, string>>;
}

export interface Baseline {
  noise: Record<FigureName, Noise>;
  books: Record<string, BaselineBook>;
}

export interface Regression {
  book: string;
  figure: FigureName;
  baseline: number;
  now: number;
  noise: number;
}

export interface CheckResult {
  regressions: Regression[];
  /** What makes the check fail besides a regression: a book or figure the baseline does not cover, an error. */
  errors: string[];
  /** Known errors, said on every run. */
  notes: string[];
}

export function allowedNoise(noise: Noise, baseline: number): number {
  return Math.max(noise.absolute, (noise.relative ?? 0) * Math.abs(baseline));
}

/** The run against the baseline, book by book and figure by figure. */
export function checkCorpus(baseline: Baseline, rows: readonly CorpusRow[]): CheckResult {
  const result: CheckResult = { regressions: [], errors: [], notes: [] };
  for (const row of rows) {
    const base = baseline.books[row.book];
    if (base === undefined) {
      result.errors.push(`${row.book}: not in the baseline (a new book is added with --write-baseline)`);
      continue;
    }
    for (const figure of FIGURE_NAMES) {
      const now = row.figures[figure];
      const was = base.figures[figure];
      const error = row.errors[figure];
      const known = base.knownErrors?.[figure];
      if (error !== undefined && known !== undefined)
        result.notes.push(`${row.book} ${figure}: not measured, a known error (${known})`);
      else if (error !== undefined) result.errors.push(`${row.book} ${figure}: ${error}`);
      else if (now === null && was !== null)
        result.errors.push(`${row.book} ${figure}: ${was} in the baseline, not measured now`);
      else if (now !== null && was === null)
        result.errors.push(`${row.book} ${figure}: ${now} now, not in the baseline (write the baseline)`);
      else if (now !== null && was !== null) {
        const worse = FIGURES[figure] === 'higher' ? was - now : now - was;
        const noise = allowedNoise(baseline.noise[figure], was);
        if (worse > noise) result.regressions.push({ book: row.book, figure, baseline: was, now, noise });
      }
    }
  }
  return result;
}

/**
 * The baseline with the run's books written in (others kept), keeping the noise and the known errors that
 * still hold. A figure that could not be measured is not written over: it is fixed, or written by hand as a known error.
 */
export function baselineFrom(rows: readonly CorpusRow[], previous: Baseline): Baseline {
  const books = { ...previous.books };
  for (const row of rows) {
    const known = previous.books[row.book]?.knownErrors;
    const unknown = Object.entries(row.errors).filter(
      ([figure]) => known?.[figure as FigureName] === undefined,
    );
    if (unknown.length > 0)
      throw new Error(
        `${row.book}: ${unknown.map(([figure, error]) => `${figure}: ${error}`).join('; ')}: not written into the baseline`,
      );
    // A known error the run measured after all is fixed: its note goes.
    const still = Object.fromEntries(Object.entries(known ?? {}).filter(([figure]) => figure in row.errors));
    books[row.book] = {
      pages: row.pages,
      figures: row.figures,
      ...(Object.keys(still).length > 0 && { knownErrors: still }),
    };
  }
  const sorted = Object.fromEntries(Object.entries(books).sort(([a], [b]) => a.localeCompare(b)));
  return { noise: previous.noise, books: sorted };
}

/** The baseline file's text read and checked for shape: every figure has its noise and a value per book. */
export function parseBaseline(text: string): Baseline {
  const data = JSON.parse(text) as Baseline;
  for (const figure of FIGURE_NAMES)
    if (typeof data.noise?.[figure]?.absolute !== 'number')
      throw new Error(`the baseline gives no noise for ${figure}`);
  data.books ??= {};
  for (const [book, entry] of Object.entries(data.books))
    for (const figure of FIGURE_NAMES)
      if (!(typeof entry.figures?.[figure] === 'number' || entry.figures?.[figure] === null))
        throw new Error(
          `the baseline gives ${book} no ${figure} (a number, or null where nothing is measured)`,
        );
  return data;
}
