import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpus } from '@threadbook/test-support';
import { corpusBooks } from '../eval/corpus.ts';
import {
  baselineFrom,
  checkCorpus,
  FIGURE_NAMES,
  parseBaseline,
  type Baseline,
  type CorpusRow,
  type Figures,
} from '../eval/corpus-check.ts';

const figures: Figures = {
  seconds: 10,
  cpuSeconds: 12,
  rssMb: 500,
  lowerCase: 0.01,
  headsInBlocks: 2,
  linksP: 0.98,
  linksR: 0.95,
  textP: 0.9,
  textR: 0.85,
  unjudged: 4,
  recovered: 0.96,
  unquotedReasons: 12,
  unquotedLinks: 10,
  identicalEdges: 0,
  commonWordIdeas: 0,
};

/** Deterministic figures may move by nothing; time and memory by a share with a floor. */
const baseline: Baseline = {
  noise: {
    ...(Object.fromEntries(
      FIGURE_NAMES.map((f) => [f, { absolute: 0, why: 'deterministic' }]),
    ) as Baseline['noise']),
    seconds: { absolute: 2, relative: 0.5, why: 'shared machines' },
    rssMb: { absolute: 50, relative: 0.2, why: 'shared machines' },
    unquotedReasons: { absolute: 1, why: 'one count' },
  },
  books: {
    aata: { pages: 357, figures },
    dmoi: { pages: 292, figures: { ...figures, linksP: null, linksR: null, textP: null, textR: null } },
  },
};

const row = (book: string, changed: Partial<Figures> = {}, errors: CorpusRow['errors'] = {}): CorpusRow => ({
  book,
  pages: baseline.books[book]?.pages ?? 100,
  figures: { ...figures, ...changed },
  errors,
});

const dmoi = (changed: Partial<Figures> = {}) =>
  row('dmoi', { linksP: null, linksR: null, textP: null, textR: null, ...changed });

describe('the corpus check against its baseline', () => {
  it('passes the baseline itself', () => {
    expect(checkCorpus(baseline, [row('aata'), dmoi()])).toEqual({ regressions: [], errors: [], notes: [] });
  });

  it('fails a figure made worse than its noise allows, and names the book, the figure and the noise', () => {
    const result = checkCorpus(baseline, [row('aata', { textP: 0.89 }), dmoi({ headsInBlocks: 3 })]);
    expect(result.regressions).toEqual([
      { book: 'aata', figure: 'textP', baseline: 0.9, now: 0.89, noise: 0 },
      { book: 'dmoi', figure: 'headsInBlocks', baseline: 2, now: 3, noise: 0 },
    ]);
    // Time allows the larger of its share and its floor: 50% of 10 s.
    expect(checkCorpus(baseline, [row('aata', { seconds: 15.1 })]).regressions).toEqual([
      { book: 'aata', figure: 'seconds', baseline: 10, now: 15.1, noise: 5 },
    ]);
  });

  it('passes a change within the noise', () => {
    const within = row('aata', { seconds: 14.9, rssMb: 600, unquotedReasons: 13 });
    expect(checkCorpus(baseline, [within]).regressions).toEqual([]);
  });

  it('passes an improvement, each figure in its own direction', () => {
    const better = row('aata', {
      seconds: 3,
      headsInBlocks: 0,
      textP: 1,
      recovered: 0.99,
      unquotedReasons: 0,
    });
    expect(checkCorpus(baseline, [better])).toEqual({ regressions: [], errors: [], notes: [] });
  });

  it('fails a book the baseline does not have', () => {
    const { errors } = checkCorpus(baseline, [row('aata'), row('kastner')]);
    expect(errors).toEqual([expect.stringMatching(/^kastner: not in the baseline/)]);
  });

  it('fails a figure that could not be measured, or that the baseline does not hold, unless it is a known error', () => {
    const unreadable = { recovered: 'latex-src/main.tex includes ch1, which is missing' };
    const run = row('aata', { recovered: null }, unreadable);
    expect(checkCorpus(baseline, [run]).errors).toEqual([
      'aata recovered: latex-src/main.tex includes ch1, which is missing',
    ]);
    expect(checkCorpus(baseline, [row('aata', { recovered: null })]).errors).toEqual([
      'aata recovered: 0.96 in the baseline, not measured now',
    ]);
    expect(checkCorpus(baseline, [dmoi({ textP: 0.9 })]).errors).toEqual([
      'dmoi textP: 0.9 now, not in the baseline (write the baseline)',
    ]);

    const known: Baseline = {
      ...baseline,
      books: {
        aata: {
          ...baseline.books.aata!,
          figures: { ...figures, recovered: null },
          knownErrors: { recovered: 'why' },
        },
      },
    };
    expect(checkCorpus(known, [run])).toMatchObject({ errors: [], notes: [expect.stringContaining('why')] });
  });

  it('writes the run into the baseline, keeping the noise, other books and the known errors that hold', () => {
    const written = baselineFrom([row('aata', { seconds: 12 }), row('kastner')], baseline);
    expect(written.noise).toBe(baseline.noise);
    expect(Object.keys(written.books)).toEqual(['aata', 'dmoi', 'kastner']);
    expect(written.books.aata!.figures.seconds).toBe(12);
    expect(() => baselineFrom([row('aata', {}, { recovered: 'unreadable' })], baseline)).toThrow(
      /aata: recovered: unreadable: not written/,
    );
    // A known error is kept while it holds, and goes once the figure is measured.
    const known: Baseline = {
      ...baseline,
      books: { ...baseline.books, aata: { ...baseline.books.aata!, knownErrors: { recovered: 'why' } } },
    };
    const unreadable = row('aata', { recovered: null }, { recovered: 'unreadable' });
    expect(baselineFrom([unreadable], known).books.aata!.knownErrors).toEqual({ recovered: 'why' });
    expect(baselineFrom([row('aata')], known).books.aata!.knownErrors).toBeUndefined();
  });

  it('reads a baseline only with noise for every figure and every figure for every book', () => {
    expect(() => parseBaseline(JSON.stringify({ ...baseline, noise: { seconds: { absolute: 1 } } }))).toThrow(
      /no noise for cpuSeconds/,
    );
    const { recovered: _, ...short } = figures;
    expect(() =>
      parseBaseline(JSON.stringify({ ...baseline, books: { aata: { pages: 1, figures: short } } })),
    ).toThrow(/aata no recovered/);
  });
});

describe.skipIf(!corpus.has())('the committed baseline', () => {
  it('holds every book of the corpus', () => {
    const committed = parseBaseline(
      fs.readFileSync(path.join(import.meta.dirname, '../eval/corpus-baseline.json'), 'utf8'),
    );
    expect(Object.keys(committed.books)).toEqual(corpusBooks().map((b) => b.name));
  });
});
