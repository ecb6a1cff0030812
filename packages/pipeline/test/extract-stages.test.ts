import { describe, expect, it } from 'vitest';
import { orderColumns, type Gutter } from '../src/extract/columns.ts';
import { alignFonts, judgeMonospace, markMonospace } from '../src/extract/fonts.ts';
import { furnitureKey, removeFurniture } from '../src/extract/furniture.ts';
import { detectHeadings, labelFor, outlineNumber, parseHeading } from '../src/extract/headings.ts';
import { buildLines, makeLine } from '../src/extract/lines.ts';
import { pageMargins } from '../src/extract/metrics.ts';
import { buildBlocks, isNextLabel } from '../src/extract/blocks/index.ts';
import { createPagesProgress, formatSeconds } from '../src/extract/progress.ts';
import {
  assemble,
  checkParagraphCounts,
  isStudyChapterTitle,
  isStudySectionTitle,
  nodesFromOutline,
  type StructNode,
} from '../src/extract/structure.ts';
import { graphParagraphs } from '../src/graph/paragraphs.ts';
import { buildTargetIndex } from '../src/graph/refs/targets.ts';
import { JoinedLines, joinLines, tidyParagraph } from '../src/extract/text.ts';
import type { Block, BodyMetrics, Line, OutlineEntry, PageText, TextRun } from '../src/extract/types.ts';
import { prose } from './pdf-fixtures.ts';

/** A text run of a fixed-pitch font: each character is half the size wide. */
function run(str: string, x: number, y: number, size = 10, font = 'body'): TextRun {
  return { str, x, y, width: str.length * size * 0.5, size, font };
}

/** A line of words starting at x on baseline y. */
function line(text: string, x: number, y: number, size = 10, font = 'body', page = 1): Line {
  return makeLine(page, [run(text, x, y, size, font)])!;
}

const body: BodyMetrics = { size: 10, font: 'body', lineSpacing: 12, indent: 15 };

describe('line building', () => {
  it('groups runs by baseline, orders them by x and puts spaces at word gaps', () => {
    const lines = buildLines({
      page: 1,
      width: 600,
      height: 800,
      runs: [run('world', 130, 100), run('Hello', 100, 100), run('next line', 100, 112)],
    });
    expect(lines.map((l) => l.text)).toEqual(['Hello world', 'next line']);
    expect(lines[0]!.x0).toBe(100);
    expect(lines[0]!.top).toBeCloseTo(92);
  });

  it('keeps sub- and superscripts on their line and in place', () => {
    // "a" with a superscript "2" (raised 4pt, smaller) then "+ b" with a subscript "1" (lowered 2pt).
    const lines = buildLines({
      page: 1,
      width: 600,
      height: 800,
      runs: [
        run('a', 100, 100),
        run('2', 105, 96, 7),
        run('+ b', 112, 100),
        run('1', 127, 102, 7),
        run('x', 100, 112),
      ],
    });
    expect(lines.map((l) => l.text)).toEqual(['a2 + b1', 'x']);
    expect(lines[0]!.baseline).toBe(100);
    expect(lines[0]!.size).toBe(10);
  });

  it('reads a display fraction and a binomial coefficient on their line: numerator before denominator, top before bottom', () => {
    // Display "P = n!/(n-k)! · (n k)": the numerator 7pt above the line, the denominator 7pt below, the
    // binomial's entries likewise, the big parentheses on a baseline of their own 16pt above.
    const lines = buildLines({
      page: 1,
      width: 600,
      height: 800,
      runs: [
        run('(', 157, 86),
        run(')', 170, 86),
        run('n!', 122, 93),
        run('n', 162, 93),
        run('P =', 100, 100),
        run('·', 150, 100),
        run('(n-k)!', 115, 107),
        run('k', 162, 107),
        run('Next line of prose follows the display here.', 100, 130),
      ],
    });
    expect(lines.map((l) => l.text)).toEqual([
      'P = n! (n-k)! · (n k )',
      'Next line of prose follows the display here.',
    ]);
    expect(lines[0]!.baseline).toBe(100);
  });

  it('does not merge two lines of prose that stacked math between them brings close', () => {
    const lines = buildLines({
      page: 1,
      width: 600,
      height: 800,
      runs: [
        run('the first line of running text ends with', 100, 100),
        run('n', 320, 106),
        run('k', 320, 112),
        run('and the second line of text continues here', 100, 114),
      ],
    });
    expect(lines).toHaveLength(2);
    expect(lines[0]!.text).toMatch(/^the first line of running text ends with/);
    expect(lines[1]!.text).toMatch(/and the second line of text continues here/);
  });

  it('puts the scripts of a line of inline math, spread thin above it, on that line: a sum with its limits and stars', () => {
    // "A = ∑_{i=1}^N a_i ⊗ b_i^∗": the sum sign sits higher than the line, its upper limit and the stars on
    // a baseline of their own as wide as the line; the lower limit "i=1" on the line's own baseline band.
    const lines = buildLines({
      page: 1,
      width: 600,
      height: 800,
      runs: [
        run('Determinants: Suppose A is a linear operator defined by A =', 12.7, 209.4),
        run('∑', 12.7, 215.5),
        run('N', 23.3, 218, 7),
        run('∗', 66.5, 219.3, 7),
        run('∗', 240, 219.3, 7),
        run('i=1', 23.3, 225.9, 7),
        run('ai ⊗ bi, where ai ∈ V are given vectors and bi ∈ V are', 38.3, 222.9),
        run('given covectors; N = dim V.', 12.7, 234.9),
      ],
    });
    expect(lines).toHaveLength(3);
    expect(lines[1]!.x0).toBe(12.7);
    expect(lines[1]!.baseline).toBe(222.9);
    expect(lines[1]!.text).toMatch(/^∑ N .*i=1 ai ⊗ bi, where/);
  });

  it('folds a TeX negation slash reported as "6" into the negated relation', () => {
    const l = makeLine(1, [run('a', 100, 100), { ...run('6', 110, 100), width: 0 }, run('= 0', 110, 100)])!;
    expect(l.text).toBe('a ≠ 0');
  });

  it('turns ligatures into letters', () => {
    expect(line('e\uFB03cient', 0, 10).text).toBe('efficient');
  });
});

describe('de-hyphenation', () => {
  it('joins a word split at a line end and keeps other breaks as spaces', () => {
    expect(joinLines('are said to be com-', 'mutative groups')).toBe('are said to be commutative groups');
    expect(joinLines('the value', 'is 3')).toBe('the value is 3');
    expect(joinLines('x = 3 −', '2')).toBe('x = 3 − 2');
    expect(joinLines('Jordan-', 'Hölder')).toBe('Jordan-Hölder');
  });

  it('joins a web address broken after a slash without a space, and only that', () => {
    expect(joinLines('Programming: http://en.wikibooks.org/', 'wiki/Python_Programming/Classes')).toBe(
      'Programming: http://en.wikibooks.org/wiki/Python_Programming/Classes',
    );
    expect(joinLines('either and/', 'or both')).toBe('either and/ or both');
    expect(joinLines('see http://example.org/', 'for more')).toBe('see http://example.org/ for more');
  });

  it('puts a block together line by line as joinLines would, reading no more than it must', () => {
    const lines = [
      'are said to be com-',
      'mutative; see http://en.wikibooks.org/',
      'wiki/',
      'Python_Programming/Classes and the',
      '',
      'Jordan-',
      'Hölder theorem',
      'x = 3 −',
      '2 ',
      'ends with a space ',
      'solo',
      'word',
    ];
    for (let start = 0; start < lines.length; start++) {
      const joined = new JoinedLines(lines[start]!);
      let folded = lines[start]!;
      for (const line of lines.slice(start + 1)) {
        joined.add(line);
        folded = joinLines(folded, line);
        expect(joined.text).toBe(folded);
        expect(joined.opening(12)).toBe(folded.slice(0, joined.opening(12).length));
        expect(joined.opening(12).length).toBeGreaterThanOrEqual(Math.min(12, folded.length));
      }
    }
    const listing = new JoinedLines('def f(x):');
    listing.addListingLine('    return x ');
    listing.addListingLine('');
    listing.addListingLine('print(f(1))');
    expect(listing.text).toBe('def f(x):\n    return x \n\nprint(f(1))');
  });

  it('drops end-of-proof marks', () => {
    expect(tidyParagraph('hence H is a subgroup. □')).toBe('hence H is a subgroup.');
  });
});

describe('two columns', () => {
  it('reads the left column of a two-column region before the right one', () => {
    const row = (left: string, right: string, y: number) =>
      makeLine(1, [run(left, 100, y), run(right, 320, y)])!;
    const ordered = orderColumns([
      line('Intro text across the whole width of the page ending here now', 100, 88),
      row('1. first item', '3. third item', 100),
      row('2. second item', '4. fourth item', 112),
      line('After the list comes running text across the width of the page', 100, 130),
    ]);
    expect(ordered.map((l) => l.text)).toEqual([
      'Intro text across the whole width of the page ending here now',
      '1. first item',
      '2. second item',
      '3. third item',
      '4. fourth item',
      'After the list comes running text across the width of the page',
    ]);
  });

  it('leaves a single line with a wide gap alone', () => {
    const l = makeLine(1, [run('x = 1', 200, 100), run('(3.1)', 480, 100)])!;
    expect(orderColumns([l]).map((x) => x.text)).toEqual(['x = 1 (3.1)']);
  });

  it('finds no gutter in a line whose superscript comes first in content order (aata 9.2)', () => {
    // "Proof. Since the greatest common divisor of p_i^{e_i} and ..." with the superscript e_i read before
    // the words left of it, then a line "from Corollary 9.22." with the proof's end mark flush right.
    const proof = makeLine(
      1,
      [
        run('Proof.', 90, 105),
        run('ei', 322, 100, 6),
        run('Since the greatest common divisor of p', 134, 105),
        run('and the proof follows', 333, 105),
      ],
      true,
    )!;
    const next = makeLine(1, [run('from Corollary 9.22.', 90, 119), run('■', 514, 119)])!;
    expect(orderColumns([proof, next]).map((l) => l.text)).toEqual([proof.text, next.text]);
  });
});

describe('fonts of two pdf.js documents', () => {
  it('gives the other document’s body font the body font’s name, and its other fonts names of their own', () => {
    // The sample book read by two documents: this thread's names body text g_d0_f3 and bold g_d0_f1, the
    // worker's names body text g_d0_f2 (this thread's italic) and bold g_d0_f3 (this thread's body text).
    const page = (fonts: [text: string, font: string][]) =>
      fonts.map(([text, font], i) => line(text, 90, 100 + 12 * i, 10, font));
    const pages = [
      page([
        ['Corollary 1.7 looks modest, but it is the key to Euler’s problem.', 'g_d0_f3'],
        ['Theorem 1.6 (Handshake Lemma). In every graph the sum', 'g_d0_f1'],
        ['of the degrees is twice the number of edges.', 'g_d0_f2'],
      ]),
      page([
        ['Many relations are one-sided. A course may be a prerequisite.', 'g_d0_f2'],
        ['Definition 3.9 (Directed graph). A directed graph consists', 'g_d0_f3'],
        ['of a set of vertices and a set of arcs.', 'g_d0_f2'],
      ]),
    ];
    alignFonts(pages, [false, true]);
    expect(pages[1]!.map((l) => l.font)).toEqual(['g_d0_f3', 'other:g_d0_f3', 'g_d0_f3']);
    expect(pages[1]![1]!.runs[0]!.font).toBe('other:g_d0_f3');
    expect(pages[0]!.map((l) => l.font)).toEqual(['g_d0_f3', 'g_d0_f1', 'g_d0_f2']);
  });
});

describe('running heads and page numbers', () => {
  it('masks numbers to compare heads', () => {
    expect(furnitureKey('CHAPTER 3. GROUPS   33')).toBe('chapter #. groups #');
    expect(furnitureKey('xiv')).toBe('#');
  });

  it('removes repeated heads and bare page numbers but not text or large headings', () => {
    const pages = [10, 11, 12, 13].map((n) => ({
      height: 800,
      lines: [
        line(`CHAPTER 3. GROUPS ${n}`, 90, 40, 10, 'body', n),
        line(
          `Running text about ${['sets', 'maps', 'rings', 'fields'][n - 10]} in the chapter.`,
          90,
          100,
          10,
          'body',
          n,
        ),
        line(`${n}`, 300, 770, 10, 'body', n),
      ],
    }));
    pages[0]!.lines.unshift(line('3', 300, 60, 24, 'big', 10));
    const cleaned = removeFurniture(pages, 10.5);
    expect(cleaned[0]!.map((l) => l.text)).toEqual(['3', 'Running text about sets in the chapter.']);
    expect(cleaned[3]!.map((l) => l.text)).toEqual(['Running text about fields in the chapter.']);
  });

  it('keeps a box label that opens several pages close above its text', () => {
    const pages = [20, 21, 22].map((n) => ({
      height: 800,
      lines: [
        line(`2.2 Exercises ${n}`, 90, 40, 10, 'body', n),
        line('Example:', 105, 84, 10, 'body', n),
        line(`Express 0.${n}${n}... as a fraction of two integers.`, 105, 100, 10, 'body', n),
      ],
    }));
    const cleaned = removeFurniture(pages, 10.5);
    expect(cleaned.map((lines) => lines[0]!.text)).toEqual(['Example:', 'Example:', 'Example:']);
  });

  it('keeps an item number that ends many pages set apart from its text (aata: an answer’s "8.6.3.")', () => {
    const pages = [335, 336, 337].map((n) => ({
      height: 792,
      lines: [
        line(`Hint. The answer to exercise ${n} comes from the order of the group.`, 90, 686, 10, 'body', n),
        line(`${n - 327}.6.3.`, 90, 705, 10, 'bold', n),
      ],
    }));
    const cleaned = removeFurniture(pages, 10.5);
    expect(cleaned.map((lines) => lines.at(-1)!.text)).toEqual(['8.6.3.', '9.6.3.', '10.6.3.']);
  });
});

/** One page of lines, in two columns when a gutter is given. */
const flow = (lines: Line[], gutter: Gutter | null = null) => [{ page: 1, height: 800, lines, gutter }];
/** Pages 1, 2, ... of the given lines, each line on its page. */
const pagesOf = (...pages: Line[][]) =>
  pages.map((lines, i) => ({ page: i + 1, height: 800, lines: lines.map((l) => ({ ...l, page: i + 1 })) }));
/** The texts of the blocks one page of `lines` makes. */
const textsOf = (lines: Line[]) => buildBlocks(flow(lines), body).map((b) => b.text);
/** The right margin of the pages of these tests. */
const right = 500;
/** A line of words from x to the right margin (of its column). */
const full = (text: string, x: number, y: number, to = right, page = 1) =>
  makeLine(page, [{ ...run(text, x, y), width: to - x }])!;

describe('paragraphs', () => {
  it('takes a lead-in as a paragraph start only in a heading face or at the paragraph indent', () => {
    const texts = (lead: Line) =>
      buildBlocks(
        flow([
          full('A definition box states a fact about the symbols in a', 90, 100),
          line('display, as below:', 90, 112),
          line('P = Q.', 250, 130),
          lead,
          full('More running text that is not indented carries on to', 90, 162),
          line('the end of this box.', 90, 174),
        ]),
        body,
      ).map((b) => b.text);
    // "Example:" in the body font, flush left after the display: running text of the box.
    expect(texts(line('Example: let x = 2, so that', 90, 150))).toHaveLength(1);
    // The same in bold, or in the body font at the paragraph indent: a new paragraph.
    expect(texts(line('Example: let x = 2, so that', 90, 150, 10, 'bold'))).toHaveLength(2);
    expect(texts(line('Note: let x = 2, so that', 105, 150))[1]).toMatch(/^Note: /);
  });

  it('takes a lead-in labelled with letters ("Definition V1:", "Theorem A.") or of any theorem-like kind as a paragraph start', () => {
    // The label in bold, flush left like the text before it.
    const after = (label: string, text: string) =>
      textsOf([
        full('After a generalisation of vector geometry to abstract number fields, we', 90, 100),
        // Justified to the column's edge: only the lead-in can tell that a paragraph starts below.
        full('arrive at the following definition of a vector space.', 90, 112),
        makeLine(1, [run(label, 90, 124, 10, 'bold'), { ...run(text, 160, 124), width: right - 160 }])!,
        line('with the usual rules.', 90, 136),
      ]);
    expect(after('Definition V1:', 'An n-dimensional vector space is the set of')).toHaveLength(2);
    expect(after('Theorem A.', 'Every vector space over a field has a basis, and')).toHaveLength(2);
    expect(after('Assumption 11.2.', 'We further assume that Y is a signal plus an')).toHaveLength(2);
    expect(after('Statement 2:', 'The determinant of the transposed operator is')).toHaveLength(2);
    // A bold word that opens a sentence goes on with it.
    expect(after('Definition', 'A set of tuples over a field is what a vector')).toHaveLength(1);
  });

  it('starts a paragraph at a first-line indent and keeps display math inside it', () => {
    const blocks = buildBlocks(
      flow([
        full('The first paragraph starts here and runs on to the', 105, 100),
        full('right margin, and it continues with the equa-', 90, 112),
        line('tion', 90, 124),
        line('x + y = z', 250, 146),
        line('where x is a number.', 90, 168),
        full('A second paragraph is indented and runs to the right', 105, 180),
        full('margin on this line, then ends on a short line.', 90, 192),
        line('Done.', 90, 204),
      ]),
      body,
    );
    expect(blocks.map((b) => b.text)).toEqual([
      'The first paragraph starts here and runs on to the right margin, and it continues with the equation x + y = z where x is a number.',
      'A second paragraph is indented and runs to the right margin on this line, then ends on a short line. Done.',
    ]);
    expect(blocks[0]!.top).toBeCloseTo(92);
  });

  it('keeps a display nearly as wide as the column inside the sentence it ends, but not a labelled item', () => {
    expect(
      textsOf([
        full('Proof: By Statement 3, set A = aB, where B is an auxiliary', 90, 100),
        line('operator, and compute', 90, 112),
        { ...line('(aB + a1)q = aq (B + 1)q = aq Σ (p − r)(B)r', 99, 130), x1: 490 },
        line('which is the claim.', 90, 148),
      ]),
    ).toEqual([
      'Proof: By Statement 3, set A = aB, where B is an auxiliary operator, and compute (aB + a1)q = aq (B + 1)q = aq Σ (p − r)(B)r which is the claim.',
    ]);
    expect(
      textsOf([
        full('Proposition 1.2 Let A, B, and C be sets, and let the operations', 90, 100),
        line('be as above. Then', 90, 112),
        line('1. A ∪ A = A, A ∩ A = A', 99, 126),
        line('2. A ∪ B = B ∪ A', 99, 140),
      ]),
    ).toHaveLength(3);
  });

  it('makes a theorem-like label set large on a line of its own the lead-in of the text under it', () => {
    const blocks = buildBlocks(
      flow([
        line('How does the boxplot compare to your answers?', 105, 88),
        line('Exercise 4', 226, 110, 12),
        full('For this problem we will study the variable reduction and', 105, 128),
        line('its order statistics.', 90, 140),
        line('Exploring Data', 226, 170, 12),
        full('This section is about the shape of a distribution, which we', 105, 188),
        line('judge from its plots.', 90, 200),
      ]),
      body,
    );
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      ['paragraph', 'How does the boxplot compare to your answers?'],
      [
        'paragraph',
        'Exercise 4 For this problem we will study the variable reduction and its order statistics.',
      ],
      ['heading', 'Exploring Data'],
      ['paragraph', 'This section is about the shape of a distribution, which we judge from its plots.'],
    ]);
  });

  it('starts a paragraph after a display at a line set in by the indent from the lines before the display', () => {
    // Two one-line paragraphs after the display, both set in: the line after cannot tell the indent.
    const after = (left: number) =>
      textsOf([
        full('Third step: the sample quantile is the value found', left, 100),
        line('q = x(k) + d (x(k+1) - x(k)).', 250, 118),
        line('Its meaning is that a share p of the data falls below it.', left + 15, 136),
        line('Keep in mind that there is more than one definition.', left + 15, 148),
      ]);
    expect(after(90)).toEqual([
      'Third step: the sample quantile is the value found q = x(k) + d (x(k+1) - x(k)).',
      'Its meaning is that a share p of the data falls below it.',
      'Keep in mind that there is more than one definition.',
    ]);
    // In a box set in from the margin, text flush with the box's lines goes on after the display.
    const box = textsOf([
      full('Solution: the power set of A is a set of sets, so', 107, 100),
      line('P(A) = {0, {1}, {2}, {1, 2}}.', 250, 118),
      full('Notice that while 2 is in A, it is wrong to say that it', 107, 136),
      line('is in P(A).', 107, 148),
    ]);
    expect(box).toHaveLength(1);
    // A box set in from the page's margin by about the indent: its lines only look indented.
    const setIn = textsOf([
      full('The page’s own text runs from margin to margin and ends its sentence', 90, 70),
      full('here, before the solution box below is set in from the margin.', 90, 82),
      line('by factoring:', 105, 100),
      line('(x − 3)2 = 0', 250, 118),
      full('so x = 3 is the only characteristic root, and we know the form of', 105, 136),
      line('the solution.', 105, 148),
    ]);
    expect(setIn.at(-1)).toBe(
      'by factoring: (x − 3)2 = 0 so x = 3 is the only characteristic root, and we know the form of the solution.',
    );
  });

  it('keeps a numbered equation as wide as the column, and the lines of a display, inside their paragraph', () => {
    // Display lines set in by two ems, more than a line apart, the number flush right.
    expect(
      textsOf([
        full('The operations of vector sum and vector product are defined', 105, 100),
        line('by', 90, 112),
        full('(x1, y1) + (x2, y2) ≡ (x1 + x2, y1 + y2) ; (1.1)', 110, 134),
        full('(x1, y1) × (x2, y2) ≡ (y1z2 − z1y2, z1x2 − x1z2,', 110, 156),
        line('x1y2 − y1x2). (1.2)', 200, 170),
        full('These operations encapsulate all of Euclidean geometry in a', 90, 192),
        line('purely algebraic language.', 90, 204),
        full('A second paragraph is indented and runs to the right margin', 105, 216),
      ]),
    ).toEqual([
      'The operations of vector sum and vector product are defined by (x1, y1) + (x2, y2) ≡ (x1 + x2, y1 + y2) ; (1.1) (x1, y1) × (x2, y2) ≡ (y1z2 − z1y2, z1x2 − x1z2, x1y2 − y1x2). (1.2) These operations encapsulate all of Euclidean geometry in a purely algebraic language.',
      'A second paragraph is indented and runs to the right margin',
    ]);
  });

  it('takes a bold title on its own line for a minor heading, after a heading or a listing too', () => {
    const blocks = buildBlocks(
      flow([
        line('3.3.4 Measures of Spread', 90, 80, 12),
        line('Sample Variance and Standard Deviation', 90, 100, 10, 'bold'),
        full('The sample variance is denoted s2 and is calculated with the', 90, 116),
        line('formula below.', 90, 128),
        { ...line('var(x)', 110, 146), mono: true },
        line('Unordered, With Replacement', 90, 166, 10, 'bold'),
        full('The last possibility is perhaps the most interesting of all of', 90, 182),
        line('them.', 90, 194),
      ]),
      body,
    );
    expect(blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text)).toEqual([
      'The sample variance is denoted s2 and is calculated with the formula below.',
      'var(x)',
      'The last possibility is perhaps the most interesting of all of them.',
    ]);
  });

  it('starts the next item of a numbered list at its label, even when the item before ends in a comma', () => {
    expect(
      textsOf([
        full('The finite difference method consists of four steps:', 90, 100),
        line('1. discretizing the domain,', 100, 112),
        line('2. requiring fulfillment of the equation at discrete time points,', 100, 124),
        line('3. formulating a recursive algorithm.', 100, 136),
      ]),
    ).toEqual([
      'The finite difference method consists of four steps:',
      '1. discretizing the domain,',
      '2. requiring fulfillment of the equation at discrete time points,',
      '3. formulating a recursive algorithm.',
    ]);
    expect(isNextLabel('(b) one', '(c) two')).toBe(true);
    expect(isNextLabel('9. one', '10. two')).toBe(true);
    expect(isNextLabel('1. one', '3. two')).toBe(false);
  });

  it('ends a list where text starts back at the labels’ place after the space a list ends with', () => {
    expect(
      textsOf([
        full('Two functions make the arrays:', 90, 100),
        line('• zeros(Nt+1) for creating an array of size Nt+1', 97, 112),
        line('• linspace(0, T, Nt+1) for creating an array with Nt+1', 97, 124),
        line('coordinates uniformly distributed between 0 and T', 110, 136),
        full('The for loop deserves a comment, especially for newcomers to', 96, 156),
        line('Python.', 96, 168),
      ]),
    ).toEqual([
      'Two functions make the arrays:',
      '• zeros(Nt+1) for creating an array of size Nt+1',
      '• linspace(0, T, Nt+1) for creating an array with Nt+1 coordinates uniformly distributed between 0 and T',
      'The for loop deserves a comment, especially for newcomers to Python.',
    ]);
  });

  it('goes on past a dash at the margin mid-sentence, and starts an item at a dash set in after a sentence', () => {
    expect(
      textsOf([
        full('Even though I have referred to it as an EPP feature in passing', 90, 100),
        full('– see Sections 1.3.1.1 and 2.3.4 – the original characterization of', 90, 112),
        line('the EPP cast it as a strong feature. Two cases are left:', 90, 124),
        line('– the features on T,', 100, 136),
        line('– the features on little v.', 100, 148),
      ]),
    ).toEqual([
      'Even though I have referred to it as an EPP feature in passing – see Sections 1.3.1.1 and 2.3.4 – the original characterization of the EPP cast it as a strong feature. Two cases are left:',
      '– the features on T,',
      '– the features on little v.',
    ]);
  });

  it('reads a description list: a bold label after a sentence starts an item, its set-in second line goes on', () => {
    const labelled = (label: string, text: string, y: number) =>
      makeLine(1, [run(label, 90, y, 10, 'bold'), run(text, 90 + label.length * 5 + 5, y)])!;
    expect(
      textsOf([
        labelled('Second step:', 'calculate the position k.d, where k is an integer.', 100),
        labelled('Third step:', 'The sample quantile is the value at k.d.', 112),
        labelled('Spread:', 'can be judged by the width of the box, which', 124),
        line('can be compared to the standard deviation.', 110, 136),
      ]),
    ).toEqual([
      'Second step: calculate the position k.d, where k is an integer.',
      'Third step: The sample quantile is the value at k.d.',
      'Spread: can be judged by the width of the box, which can be compared to the standard deviation.',
    ]);
  });

  it('puts an item number on a line of its own at the head of the text after it (aata’s answers)', () => {
    const label = (text: string, y: number) => makeLine(1, [run(text, 90, y, 10, 'bold')])!;
    expect(
      textsOf([
        label('8.6.2.', 100),
        line('Hint. This cannot be a group code since (0000) is not in C.', 90, 116),
        label('8.6.3.', 136),
        line('Hint. (a) 2; (c) 2.', 90, 152),
      ]),
    ).toEqual([
      '8.6.2. Hint. This cannot be a group code since (0000) is not in C.',
      '8.6.3. Hint. (a) 2; (c) 2.',
    ]);
  });

  it('starts a paragraph at a numbered bold label flush after a display that ends a sentence', () => {
    // linalg's algorithm: "Step 2: Determine ..." goes on flush left under the display of Example 1.
    const labelled = (label: string, text: string, y: number) =>
      makeLine(1, [
        run(label, 90, y, 10, 'bold'),
        { ...run(text, 90 + label.length * 5 + 5, y), width: 200 },
      ])!;
    expect(
      textsOf([
        full('The matrix representation of the operator in this basis is', 90, 100),
        line('A = (0 1; 0 0).', 200, 124),
        labelled('Step 2:', 'Determine other root vectors. If r + 1 = m then', 148),
        full('we are finished with the eigenvalue, and we continue.', 90, 160),
      ]),
    ).toEqual([
      'The matrix representation of the operator in this basis is A = (0 1; 0 0).',
      'Step 2: Determine other root vectors. If r + 1 = m then we are finished with the eigenvalue, and we continue.',
    ]);
  });

  it('starts a paragraph at a run-in title in bold closed by a period, not at a bold term in a sentence', () => {
    const opening = (bold: string, text: string) => [
      full('The examples in the documentation of the framework stick to the plain', 90, 100),
      full('assert statement.', 90, 112),
      makeLine(1, [
        run(bold, 90, 124, 10, 'bold'),
        { ...run(text, 100 + bold.length * 5, 124), width: 400 - bold.length * 5 },
      ])!,
      line('or they can be collected in files of their own.', 90, 136),
    ];
    expect(
      textsOf(opening('Locating test functions.', 'Tests can reside in a module together with')),
    ).toEqual([
      'The examples in the documentation of the framework stick to the plain assert statement.',
      'Locating test functions. Tests can reside in a module together with or they can be collected in files of their own.',
    ]);
    expect(textsOf(opening('Test functions', 'can reside in a module together with the code,'))).toHaveLength(
      1,
    );
  });

  it('does not take a list item whose text is a web address in a typewriter face for code', () => {
    const item = (name: string, y: number) => ({
      ...makeLine(1, [
        run('•', 97, y),
        { ...run(`${name}: http://cran.r-project.org/bin/${name}/`, 107, y), mono: true },
      ])!,
      mono: true,
    });
    const blocks = buildBlocks(
      flow([full('Download R for your system:', 90, 100), item('macosx', 112), item('linux', 124)]),
      body,
    );
    expect(blocks.map((b) => [b.blockKind, b.text])).toEqual([
      [undefined, 'Download R for your system:'],
      [undefined, '• macosx: http://cran.r-project.org/bin/macosx/'],
      [undefined, '• linux: http://cran.r-project.org/bin/linux/'],
    ]);
  });

  it('reads a line of words in a typewriter face between lines of prose as part of the sentence, not a listing', () => {
    const typewriter = (text: string, y: number, x = 90) => ({
      ...makeLine(1, [{ ...run(text, x, y), mono: true }])!,
      mono: true,
    });
    const around = (middle: Line) =>
      buildBlocks(
        flow([
          full('If you already know the number of successes, use the menu Statistics .', 90, 100),
          middle,
          full('Otherwise, your data should be in a column of the active data set, and', 105, 124),
          line('stored as a factor.', 90, 136),
        ]),
        body,
      ).map((b) => [b.blockKind, b.text]);
    expect(around(typewriter('Proportions . Enter table for single sample...', 112))).toEqual([
      [
        undefined,
        'If you already know the number of successes, use the menu Statistics . Proportions . Enter table for single sample...',
      ],
      [
        undefined,
        'Otherwise, your data should be in a column of the active data set, and stored as a factor.',
      ],
    ]);
    // A line of a program stays a listing.
    expect(around(typewriter('> prop.test(x = 7, n = 25)', 112))[1]).toEqual([
      'code',
      '> prop.test(x = 7, n = 25)',
    ]);
    // After a comma the sentence goes on into the typewriter line, whatever it holds.
    const item = textsOf([
      line('• The BDF methods and the Adams-Bashforth methods: Vode, Lsode,', 90, 100),
      typewriter('Lsoda, lsoda_scipy', 112, 100),
      line('• The Runge-Kutta methods of orders two and four.', 90, 124),
    ]);
    expect(item[0]).toBe(
      '• The BDF methods and the Adams-Bashforth methods: Vode, Lsode, Lsoda, lsoda_scipy',
    );
    // A line of a program after a comma stays a listing; so does a line set smaller than the text.
    const afterComma = (middle: Line) =>
      buildBlocks(
        flow([
          full('A function can be defined in one line, a lambda function, which we can', 90, 100),
          line('write in general form as follows,', 90, 112),
          middle,
          full('Here arg1 and arg2 are the arguments of the function, and the value is', 105, 136),
          line('the expression.', 90, 148),
        ]),
        body,
      ).map((b) => b.blockKind);
    expect(afterComma(typewriter('f = lambda arg1, arg2, ...: expression', 124, 100))).toEqual([
      undefined,
      'code',
      undefined,
    ]);
    const small = { ...typewriter('Released under the Creative Commons licence', 124, 100), size: 8 };
    expect(afterComma(small)).toEqual([undefined, 'code', undefined]);
  });

  it('reads a name that ends the sentence on a line of its own in a typewriter face as the sentence, even above its listing', () => {
    const typewriter = (text: string, y: number, size = 10) => ({
      ...makeLine(1, [{ ...run(text, 90, y, size), mono: true }])!,
      mono: true,
    });
    const blocks = buildBlocks(
      flow([
        full('Running this program gives the following output in the log file', 90, 100),
        typewriter('myprog.log:', 112),
        typewriter('09/26/2015 09:25:10 AM - INFO - Here is some general info.', 130, 8),
        typewriter('09/26/2015 09:25:10 AM - WARNING - Here is a warning.', 140, 8),
        full('The logger has different levels of messages, ordered as critical, error,', 90, 160),
      ]),
      body,
    );
    expect(blocks.map((b) => [b.blockKind, b.text.slice(0, 30)])).toEqual([
      [undefined, 'Running this program gives the'],
      ['code', '09/26/2015 09:25:10 AM - INFO '],
      [undefined, 'The logger has different level'],
    ]);
    expect(blocks[0]!.text).toMatch(/in the log file myprog\.log:$/);
  });

  it('takes a short line in a title face for a title only where the line before it has ended', () => {
    const bold = (text: string, y: number) => line(text, 90, y, 10, 'bold');
    // A list item going on after a comma: the item's words, not a title.
    expect(
      textsOf([
        line('• special cases of the θ-rule: ForwardEuler, BackwardEuler,', 90, 100),
        bold('CrankNicolson', 112),
        line('• the 2nd- and 4th-order Runge-Kutta methods: RK2 and RK4', 90, 124),
      ]),
    ).toEqual([
      '• special cases of the θ-rule: ForwardEuler, BackwardEuler, CrankNicolson',
      '• the 2nd- and 4th-order Runge-Kutta methods: RK2 and RK4',
    ]);
    // After a finished sentence, a title naming a file, or one that exclaims, is left out of the text.
    for (const title of ['Package import in __init__.py', 'Let silent test functions speak up!'])
      expect(
        textsOf([
          line('That is, the call goes like packagename.modulename.functionname.', 90, 100),
          bold(title, 124),
          full('One can ease the use of packages by providing a somewhat simpler', 90, 144),
          line('import like this one.', 90, 156),
        ]),
      ).toEqual([
        'That is, the call goes like packagename.modulename.functionname.',
        'One can ease the use of packages by providing a somewhat simpler import like this one.',
      ]);
  });

  it('goes on with a caption cut short by a column or page break, before the paragraph the float cut', () => {
    const pages = pagesOf(
      [
        full('It is relatively easy to compute the oriented area because of its', 90, 100),
        line('algebraic properties. Suppose the vectors are given', 90, 112),
        line('Figure 2.2: Illustration of the sum law in a two-dimensional', 90, 700),
      ],
      [
        line('plane, with the areas of both parallelograms.', 90, 100),
        line('through their components in an orthonormal basis.', 90, 124),
      ],
    );
    expect(buildBlocks(pages, body).map((b) => [b.blockKind, b.text])).toEqual([
      [
        undefined,
        'It is relatively easy to compute the oriented area because of its algebraic properties. Suppose the vectors are given through their components in an orthonormal basis.',
      ],
      [
        'caption',
        'Figure 2.2: Illustration of the sum law in a two-dimensional plane, with the areas of both parallelograms.',
      ],
    ]);
  });

  it('goes on after a display in a box set in from the margin, and starts a list under a line that stops short', () => {
    // A box 40pt in from the text's margin (90): its lines start at 130 and end at 460.
    const boxed = (text: string, y: number) => makeLine(1, [{ ...run(text, 130, y), width: 330 }])!;
    expect(
      textsOf([
        full('The text of the page runs from margin to margin before the box that', 90, 76),
        line('follows it here.', 90, 88),
        boxed('The purpose of the investigations is to explore the quality of the', 112),
        line('solutions of the initial-value problem', 130, 124),
        line('u′(t) = −au(t), u(0) = I, (5.4)', 250, 146),
        line('by the θ-rule, which we write out below.', 130, 168),
      ]),
    ).toEqual([
      'The text of the page runs from margin to margin before the box that follows it here.',
      'The purpose of the investigations is to explore the quality of the solutions of the initial-value problem u′(t) = −au(t), u(0) = I, (5.4) by the θ-rule, which we write out below.',
    ]);
    expect(
      textsOf([
        full('We choose to have an array u for storing the values of the solution.', 90, 100),
        line('The algorithmic steps are', 90, 112),
        line('1. initialize u0', 90, 126),
        line('2. for each time step: compute un using the θ-rule formula', 90, 140),
      ]),
    ).toEqual([
      'We choose to have an array u for storing the values of the solution. The algorithmic steps are',
      '1. initialize u0',
      '2. for each time step: compute un using the θ-rule formula',
    ]);
    // A description item's label in bold under a line that stops short; not a formula in italic.
    const under = (first: Line) =>
      textsOf([
        full('Every time we make a decision it is possible to be wrong. We have', 90, 100),
        line('committed a', 90, 112),
        first,
        line('crime (s)he did not commit.', 90, 136),
      ]);
    const item = makeLine(1, [
      run('Type I Error', 90, 124, 10, 'bold'),
      {
        ...run('if we reject H0 when in fact it is true, akin to convicting an innocent', 155, 124),
        width: 345,
      },
    ])!;
    expect(under(item)).toHaveLength(2);
    const formula = makeLine(1, [
      run('x', 90, 124, 10, 'italic'),
      { ...run('is a root of the polynomial we wrote down above for the first time', 100, 124), width: 400 },
    ])!;
    expect(under(formula)).toHaveLength(1);
  });

  it('takes a line in a title face set off by space above and below for a title, even where it fills a narrow box', () => {
    // A box 12pt in from the text's margin, as far as the text's right edge.
    const boxed = (text: string, y: number, font = 'body') =>
      makeLine(1, [{ ...run(text, 102, y, 10, font), width: 358 }])!;
    expect(
      textsOf([
        line('tuples, or arrays at the same time.', 90, 100),
        boxed('Let silent test functions speak up during development!', 130, 'bold'),
        boxed('When you develop test functions in a module, it is common to use', 150),
        line('IPython for interactive experimentation.', 102, 162),
      ]),
    ).toEqual([
      'tuples, or arrays at the same time.',
      'When you develop test functions in a module, it is common to use IPython for interactive experimentation.',
    ]);
  });

  it('keeps a line of stray scripts ("∗", "j") between two lines of a paragraph inside it', () => {
    expect(
      textsOf([
        full('Then we apply the map f to the tensor and find that the set', 105, 100),
        line('∗ j', 92, 106, 7),
        full('of the vectors is linearly independent, as was to be shown in', 90, 112),
        line('the proof.', 90, 124),
        full('A second paragraph is indented and runs to the right margin', 105, 136),
      ]),
    ).toEqual([
      'Then we apply the map f to the tensor and find that the set ∗ j of the vectors is linearly independent, as was to be shown in the proof.',
      'A second paragraph is indented and runs to the right margin',
    ]);
  });

  it('makes list items and theorem-like lead-ins paragraphs of their own, with hanging lines attached', () => {
    expect(
      textsOf([
        full('Theorem 3.4 Let G be a group. Then the following hold and are', 90, 100),
        line('listed here:', 90, 112),
        full('• the identity is unique, as we show in the proof that', 100, 124),
        line('follows;', 112, 136),
        line('• inverses are unique.', 100, 148),
        line('Proof. Easy. □', 90, 160),
      ]),
    ).toEqual([
      'Theorem 3.4 Let G be a group. Then the following hold and are listed here:',
      '• the identity is unique, as we show in the proof that follows;',
      '• inverses are unique.',
      'Proof. Easy.',
    ]);
  });

  it('drops a bold box title with a colon ("Summing Sequences: Reverse and Add") before the box text', () => {
    expect(
      textsOf([
        line('The paragraph before the box.', 90, 76),
        line('Summing Sequences: Reverse and Add', 90, 100, 10, 'bold'),
        full('Here is a technique that allows us to find the sum of', 90, 112),
        full('an arithmetic sequence by writing it forwards and then', 90, 124),
        line('backwards.', 90, 136),
      ]),
    ).toEqual([
      'The paragraph before the box.',
      'Here is a technique that allows us to find the sum of an arithmetic sequence by writing it forwards and then backwards.',
    ]);
  });

  it('keeps a line in another face that reaches the right margin or breaks a word: text, not a title', () => {
    const after = (title: Line) =>
      textsOf([
        line('Question: how can I write the polynomial explicitly?', 90, 76),
        title,
        full('nomial; let us illustrate the idea on an example with three', 90, 112),
        line('points.', 90, 124),
      ]);
    const text = 'Answer: One possibility is the Lagrange interpolating poly-';
    const toMargin = makeLine(1, [{ ...run(text, 90, 100, 10, 'bold'), width: right - 90 }])!;
    expect(after(toMargin)).toHaveLength(2);
    const wordBreak = line('Answer: One possibility is the Lagrange poly-', 90, 100, 10, 'bold');
    expect(after(wordBreak)[1]).toMatch(/^Answer: One possibility is the Lagrange polynomial; let us/);
  });

  it('makes displayed prose after a colon a paragraph of its own, and starts afresh after it', () => {
    expect(
      textsOf([
        line('Consider again the conjecture:', 90, 100),
        line('Every even number greater than two is a sum of two primes.', 150, 124),
        line('We do not prove it here.', 90, 148),
        full('A formula displayed after a colon stays in its paragraph:', 90, 172),
        line('x + y = z', 250, 196),
        line('where x is a number.', 90, 220),
      ]),
    ).toEqual([
      'Consider again the conjecture:',
      'Every even number greater than two is a sum of two primes.',
      'We do not prove it here.',
      'A formula displayed after a colon stays in its paragraph: x + y = z where x is a number.',
    ]);
  });

  it('turns larger lines into headings and merges a chapter number with its title', () => {
    const blocks = buildBlocks(
      flow([line('3', 300, 80, 24), line('Groups', 260, 120, 24), line('We begin our study.', 90, 200)]),
      body,
    );
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      ['heading', '3 Groups'],
      ['paragraph', 'We begin our study.'],
    ]);
  });

  it('continues a paragraph across a page break', () => {
    const blocks = buildBlocks(
      [
        { page: 1, height: 800, lines: [full('A sentence that does not end on this', 90, 700)] },
        { page: 2, height: 800, lines: [line('page but on the next one.', 90, 60, 10, 'body', 2)] },
      ],
      body,
    );
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.text).toBe('A sentence that does not end on this page but on the next one.');
    expect(blocks[0]!.page).toBe(1);
  });

  it('measures a list item from the margins of its own page: the next page may be set 30 pt further right', () => {
    // An even page after an odd one: the text block moves right, so its flush-left text sits where a
    // hanging line of the item would sit on the page before.
    const onPage2 = (text: string, y: number, x = 120) =>
      makeLine(2, [{ ...run(text, x, y), width: 530 - x }])!;
    const blocks = buildBlocks(
      pagesOf(
        [
          full('The program has two flaws that a reader notices at once, and we', 90, 676),
          full('list them here before we correct them in the next version:', 90, 688),
          line('2. There are no comments in the program.', 90, 700),
        ],
        [
          onPage2('These kind of flaws quickly become crucial if present in code', 60),
          onPage2('that is meant to be extended to other problems, and they are', 72),
          { ...onPage2('easy to avoid.', 84), x1: 190 },
        ],
      ),
      body,
    );
    expect(blocks.map((b) => b.text)).toEqual([
      'The program has two flaws that a reader notices at once, and we list them here before we correct them in the next version:',
      '2. There are no comments in the program.',
      'These kind of flaws quickly become crucial if present in code that is meant to be extended to other problems, and they are easy to avoid.',
    ]);
  });

  it('starts a paragraph of a list item at a line set in, once the item has gone back to its label’s place', () => {
    expect(
      textsOf([
        full('a) Set a = -1 and run experiments with several values of the step', 90, 100),
        full('to uncover numerical artifacts. Oscillations or a wrong growth are', 90, 112),
        line('signs of a wrong qualitative behaviour.', 90, 124),
        full('From the experiments, select four values of the step that show the', 105, 136),
        line('kinds of numerical solutions of this model.', 90, 148),
      ]),
    ).toEqual([
      'a) Set a = -1 and run experiments with several values of the step to uncover numerical artifacts. Oscillations or a wrong growth are signs of a wrong qualitative behaviour.',
      'From the experiments, select four values of the step that show the kinds of numerical solutions of this model.',
    ]);
    // The same where the label is a run of its own, so its text's start (the hanging indent) is known,
    // and the paragraph's first line is set in just as far.
    const labelled = makeLine(1, [
      run('a)', 90, 100),
      {
        ...run('Set a = -1 and run experiments with several values of the step', 102, 100),
        width: right - 102,
      },
    ])!;
    expect(
      textsOf([
        labelled,
        full('to uncover numerical artifacts. Oscillations or a wrong growth are', 90, 112),
        line('signs of a wrong qualitative behaviour.', 90, 124),
        full('From the experiments, select four values of the step that show the', 102, 136),
        line('kinds of numerical solutions of this model.', 90, 148),
      ]),
    ).toHaveLength(2);
  });

  // Cells at x = 250, 280, 310: gaps of 25 pt between one-letter runs, wider than a word space (10 pt).
  const row = (cells: string[], y: number) =>
    makeLine(
      1,
      cells.map((c, k) => run(c, 250 + 30 * k, y)),
    )!;

  it('makes an aligned table a block of its own and starts afresh after it', () => {
    expect(
      textsOf([
        line('The truth table for negation looks like this:', 90, 100),
        row(['P', '¬P'], 124),
        row(['T', 'F'], 136),
        row(['F', 'T'], 148),
        line('None of these truth tables should come as a surprise.', 90, 172),
      ]),
    ).toEqual([
      'The truth table for negation looks like this:',
      'P ¬P T F F T',
      'None of these truth tables should come as a surprise.',
    ]);
  });

  it('keeps an aligned block beside a relation (a matrix in a display) inside its paragraph', () => {
    const blocks = buildBlocks(
      flow([
        line('A parity-check matrix for this code is', 90, 100),
        row(['0', '0', '1'], 124),
        makeLine(1, [run('H =', 200, 136), run('0', 250, 136), run('1', 280, 136), run('0', 310, 136)])!,
        row(['1', '0', '1'], 148),
        row(['1', '1', '1'], 160),
        line('and the code corrects one error.', 90, 184),
      ]),
      body,
    );
    expect(blocks).toHaveLength(1);
  });

  it('judges displayed prose by its whole set-off block, not line by line', () => {
    expect(
      textsOf([
        full('For example, consider a classic argument, which goes:', 90, 100),
        line('All men are mortal.', 200, 124),
        line('Socrates is a man.', 200, 136),
        line('Therefore, Socrates is mortal.', 200, 148),
        line('This is clearly a valid argument.', 90, 172),
      ]),
    ).toEqual([
      'For example, consider a classic argument, which goes:',
      'All men are mortal. Socrates is a man. Therefore, Socrates is mortal.',
      'This is clearly a valid argument.',
    ]);
  });

  it('starts a paragraph at a line indented after a short line, though the next line is indented too', () => {
    expect(
      textsOf([
        full('If the initial term of the sequence is a and the common difference is d, then', 105, 100),
        line('we have,', 90, 112),
        line('Recursive definition: an = an-1 + d with a0 = a.', 105, 124),
        line('Closed formula: an = a + dn.', 105, 136),
      ]),
    ).toEqual([
      'If the initial term of the sequence is a and the common difference is d, then we have,',
      'Recursive definition: an = an-1 + d with a0 = a.',
      'Closed formula: an = a + dn.',
    ]);
  });

  it('splits one-line indented paragraphs in a row', () => {
    expect(
      textsOf([
        line('Consider each number of meat toppings separately,', 90, 88),
        full('When b = 2, there are n subsets: one choice for a and n choices for c.', 105, 100),
        full('When b = 3, there are 2(n - 1) subsets: two choices for a, n - 1 for c.', 105, 112),
        line('And so on.', 105, 124),
      ]),
    ).toEqual([
      'Consider each number of meat toppings separately,',
      'When b = 2, there are n subsets: one choice for a and n choices for c.',
      'When b = 3, there are 2(n - 1) subsets: two choices for a, n - 1 for c.',
      'And so on.',
    ]);
    // A short one-line paragraph ends it whatever its last word ("goes. Homoscedasticity", a bold head).
    expect(
      textsOf([
        full('The graphs are shown in the figure, and with a little extra code we', 105, 88),
        line('make them better.', 90, 100),
        line('The plots look good as far as normality goes. Homoscedasticity', 105, 112),
        line('For a visual check of homogeneity of variance we plot the quantities', 105, 124),
        line('|weight − median(weight)|', 250, 142),
        line('by each group.', 90, 160),
      ]),
    ).toHaveLength(3);
  });

  it('ends a sentence before a footnote mark of the page', () => {
    const blocks = buildBlocks(
      flow([
        full('Of course, it is acceptable to start the induction at a', 105, 100),
        line('larger base case if needed.4', 90, 112),
        full('Now let us prove our conjecture about the coin weighing', 90, 124),
        line('puzzle by strong induction.', 90, 136),
        line('4Technically, strong induction needs no separate base case.', 90, 700, 8),
      ]),
      body,
    );
    expect(blocks.map((b) => [b.text, b.blockKind])).toEqual([
      ['Of course, it is acceptable to start the induction at a larger base case if needed.4', undefined],
      ['Now let us prove our conjecture about the coin weighing puzzle by strong induction.', undefined],
      // The footnote is a block of its own kind, never part of a study paragraph.
      ['4Technically, strong induction needs no separate base case.', 'footnote'],
    ]);
  });

  it('ends a paragraph at a proof end mark set flush right', () => {
    expect(
      textsOf([
        full('Proof. Add the two congruences and collect the multiples of n; in other', 105, 100),
        full('words, a + c is congruent to b + d (mod n) qed', 90, 112),
        line('The other two facts can be proved in a similar way.', 105, 124),
        full('One of the important consequences of these facts is that we can', 105, 136),
        line('reduce before we multiply.', 90, 148),
      ]),
    ).toEqual([
      expect.stringMatching(/^Proof\. .* \(mod n\)/),
      'The other two facts can be proved in a similar way.',
      'One of the important consequences of these facts is that we can reduce before we multiply.',
    ]);
  });

  it('makes a bold caption a paragraph of its own, with its wrapped lines, and starts afresh after it', () => {
    // aata 3.1: a Cayley table in a figure, its caption below, then a section heading's text; aata 3.2: a
    // caption the next paragraph's lead-in follows closely.
    const caption = (label: string, rest: string, y: number) =>
      makeLine(1, [run(label, 90, y, 10, 'bold'), run(rest, 90 + label.length * 5 + 5, y)])!;
    expect(
      textsOf([
        full('every motion there is another motion that takes the triangle back.', 90, 100),
        line('id ρ1 ρ2 μ1', 240, 124),
        line('ρ1 ρ2 id μ3', 240, 136),
        caption('Figure 3.7', 'Symmetries of an equilateral triangle whose', 160),
        line('vertices are labelled A, B and C', 90, 172),
        line('The integers mod n and the symmetries of a triangle are groups.', 90, 196),
        caption('Figure 3.12', 'Multiplication table for U (8)', 220),
        line('Example 3.13 The symmetries of an equilateral triangle form a group.', 90, 238, 10, 'bold'),
      ]),
    ).toEqual([
      'every motion there is another motion that takes the triangle back. id ρ1 ρ2 μ1 ρ1 ρ2 id μ3',
      'Figure 3.7 Symmetries of an equilateral triangle whose vertices are labelled A, B and C',
      'The integers mod n and the symmetries of a triangle are groups.',
      'Figure 3.12 Multiplication table for U (8)',
      'Example 3.13 The symmetries of an equilateral triangle form a group.',
    ]);
  });

  it('ends a caption with the bracket it closes on the next line, never a heading (csbu, DocBook)', () => {
    const blocks = buildBlocks(
      flow([
        full('When the dynamic linker starts it is its duty to fill these values in.', 90, 100),
        line(
          'Example 9.14. Code in the dynamic linker for setting up special values (from libc',
          90,
          130,
          12,
          'bold',
        ),
        { ...line('sysdeps/ia64/dl-machine.h)', 90, 144, 12), mono: true },
        { ...line('static inline int setup(void)', 90, 170), mono: true },
      ]),
      body,
    );
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      ['paragraph', 'When the dynamic linker starts it is its duty to fill these values in.'],
      [
        'paragraph',
        'Example 9.14. Code in the dynamic linker for setting up special values (from libc sysdeps/ia64/dl-machine.h)',
      ],
      ['paragraph', 'static inline int setup(void)'],
    ]);
  });

  it('keeps running text that wraps to a line starting "Figure 19.27." in the body font', () => {
    const blocks = buildBlocks(
      flow([
        full('The distributive law, a ∧ (b ∨ c) = (a ∧ b) ∨ (a ∧ c), is illustrated in', 90, 100),
        full('Figure 19.27. If a is a switch, then a′ is the switch that is always', 90, 112),
        line('open when a is closed.', 90, 124),
      ]),
      body,
    );
    expect(blocks).toHaveLength(1);
  });

  it('does not read a math ellipsis at a line start as a bullet', () => {
    expect(
      textsOf([
        full('On the right hand side we get the sum 1 + 2 + 3 +', 90, 100),
        line('· · · + n, which we know.', 90, 112),
      ]),
    ).toEqual(['On the right hand side we get the sum 1 + 2 + 3 + · · · + n, which we know.']);
  });
});

describe('paragraphs around math, across columns and floats (two-column linear algebra, statistics)', () => {
  it('keeps a formula whose operators wear accents ("Aˆ") in the sentence it ends', () => {
    expect(
      textsOf([
        full('On the other hand, for a basis tensor ω = v1 ∧ ... ∧ vN we', 90, 100),
        line('have', 90, 112),
        line('(∧NAˆN)(∧NBˆN)ω = (∧NAˆN) Bˆv1 ∧ ... ∧ BˆvN', 100, 131),
        line('= AˆBˆv1 ∧ ... ∧ AˆBˆvN.', 200, 148),
      ]),
    ).toHaveLength(1);
  });

  it('keeps the next line of a display that has no relation ("+ ... + (−1)k−1 ...") in its paragraph', () => {
    expect(
      textsOf([
        full('We can convert this inductive definition into a more explicit', 105, 100),
        line('formula: if ω = v1 ∧ ... ∧ vk then', 90, 112),
        { ...line('ιa(v1 ∧ ... ∧ vk) ≡ a(v1)v2 ∧ ... ∧ vk − a(v2)v1 ∧ v3 ∧ ... ∧ vk', 90, 134), x1: 499 },
        line('+ ... + (−1)k−1 a(vk)v1 ∧ ... ∧ vk−1.', 105, 151),
        full('This map is called the interior product or the insertion map.', 105, 173),
      ]),
    ).toEqual([
      'We can convert this inductive definition into a more explicit formula: if ω = v1 ∧ ... ∧ vk then ιa(v1 ∧ ... ∧ vk) ≡ a(v1)v2 ∧ ... ∧ vk − a(v2)v1 ∧ v3 ∧ ... ∧ vk + ... + (−1)k−1 a(vk)v1 ∧ ... ∧ vk−1.',
      'This map is called the interior product or the insertion map.',
    ]);
  });

  it('keeps a formula set in with indices in math italics ("Bkle1") in the sentence after a comma, but not an italic list item', () => {
    const math = (text: string, x: number, y: number) => makeLine(1, [run(text, x, y, 10, 'mathit')])!;
    expect(
      textsOf([
        full('can be computed as the coefficient in the following relation (see', 90, 100),
        line('Sec. 2.3.3),', 90, 112),
        math('Bkle1 ∧ ... ∧ eN = Xˆe1 ∧ ... ∧ XˆeN,', 100, 131),
        line('if we define X as an operator such that X ek ≡ el.', 90, 150),
      ]),
    ).toHaveLength(1);
    expect(
      textsOf([
        line('Fact E.12. Properties of the Gamma Function:', 90, 100),
        math(
          '• Γ(α) = (α − 1)Γ(α − 1) for any α > 1, and so Γ(n) = (n − 1)! for any positive integer n.',
          105,
          120,
        ),
      ]),
    ).toHaveLength(2);
  });

  it('does not take a line opening with the lower limit of a sum ("i=1", small) for an indented first line', () => {
    expect(
      textsOf([
        full('Hence there must exist a vanishing linear combination. Then v ≡', 90, 100),
        makeLine(1, [run('i=1', 101, 114, 7), run('λiei is nonzero and satisfies Av = 0.', 118, 112)])!,
      ]),
    ).toHaveLength(1);
  });

  it('goes on after a formula set as wide as the text, across its space, unless the next line is set in', () => {
    const formula = { ...line('[u1 u2] = (A11 A12 A21 A22) [v1 v2] ≡ [A11v1 + A12v2].', 95, 134), x1: 495 };
    expect(
      textsOf([
        full('For example, in two dimensions one writes the transformation of', 90, 100),
        line('column vectors as', 90, 112),
        formula,
        full('The composition of two transformations is a transformation', 90, 156),
        line('described by the product of their matrices.', 90, 168),
      ]),
    ).toHaveLength(1);
    expect(
      textsOf([
        full('For example, in two dimensions one writes the transformation of', 90, 100),
        line('column vectors as', 90, 112),
        formula,
        full('The composition of two transformations is a transformation', 105, 156),
        line('described by the product of their matrices.', 90, 168),
      ]),
    ).toHaveLength(2);
  });

  it('goes on in lower case after a line that stops mid-sentence, however wide the space between', () => {
    expect(
      textsOf([
        full('We obtain all the coefficients at once from the expansion of the', 90, 100),
        line('series in powers of x', 90, 112),
        line('by collecting the powers of x up to the desired order.', 90, 136),
      ]),
    ).toHaveLength(1);
  });

  it('reads the last line of the left column against its own column: full there, not short', () => {
    const gutter = { left: 293, right: 302 };
    const left = (text: string, y: number) => full(text, 12.7, y, 292.6);
    const rightColumn = (text: string, y: number) => full(text, 302.6, y, 582.5);
    const blocks = buildBlocks(
      flow(
        [
          left('To determine the dimension of this subspace, we would like to', 761),
          left('construct a basis for the hyperplane. Since f is a nonzero', 773),
          left('covector, there exists some vector u such that f(u) ≠ 0.', 785),
          rightColumn('(This vector does not belong to the hyperplane.) The idea is to', 66),
          rightColumn('complete u to a basis in V, such that f(u) ≠ 0 but f(vi) = 0;', 78),
          rightColumn('then the vectors vi will be a basis in the hyperplane, as we show.', 90),
        ],
        gutter,
      ),
      body,
    );
    expect(blocks).toHaveLength(1);
  });

  it('measures the text’s left edge after a display on the next page from that page’s margin', () => {
    // An odd page set 15 pt further right than the even page before it: its flush text is not indented.
    const onPage2 = (text: string, y: number) => full(text, 90, y, 515, 2);
    const blocks = buildBlocks(
      pagesOf(
        [
          full('The sample variance is denoted s2 and is calculated with', 75, 676),
          full('the formula below, the average squared distance from the mean:', 75, 688),
          line('s2 = Σ (xi − x)2/(n − 1). (3.4)', 250, 710),
        ],
        [
          onPage2('The sample standard deviation is the square root of the variance,', 60),
          onPage2('which brings it back to the measurement units of the data.', 72),
        ],
      ),
      body,
    );
    expect(blocks).toHaveLength(1);
  });

  it('goes on after a display on the next page inside a box that filled the page before', () => {
    // Page 1 holds only the box (its lines set in by the indent from the text's margin, which is the box's
    // edge there); on page 2 the text's own margin is back at 108, the box's lines still at 123.
    const box = (text: string, y: number, page = 1) => full(text, 123, y, 522, page);
    const blocks = buildBlocks(
      pagesOf(
        [
          box('First, the idea of the argument. What happens to both sides when', 600),
          box('we increase n by 1? Think about the difference of two squares:', 612),
          line('(n + 1)2 − n2 = 2n + 1.', 250, 640),
        ],
        [
          box('But doubling the right hand side increases it by 2n, and when', 82, 2),
          box('n is large enough, 2n is greater than 2n + 1, as we wanted.', 94, 2),
          full('The text of the page goes on after the box at its own margin,', 108, 130, 539, 2),
          full('which sits one indent left of the box’s lines, as on page one.', 108, 142, 539, 2),
        ],
      ),
      body,
    );
    expect(blocks[0]!.text).toMatch(/^First, .* as we wanted\.$/);
  });

  it('reads the short last line of a set-in item as its text, not as a centred display', () => {
    const book = { ...body, lineSpacing: 14, indent: 17 };
    const blocks = buildBlocks(
      flow([
        full('The statements of this example are implications about one student,', 108, 245, 539),
        full('and we ask which of them follow from the one we are given.', 108, 259, 539),
        full('(d) What would happen if Sue does not get an A but did get a 93% on the', 133.5, 287, 522),
        full('final. Then P would be true and Q would be false. But this makes the', 152.8, 301, 522),
        full('implication false, and we have the implication not Q implies not P.', 152.8, 315, 522),
        { ...line('Since P → Q is assumed to be true, we know it is true as well.', 152.8, 329), x1: 491 },
        full('As we said above, an implication is not logically equivalent to its', 124.8, 356, 539),
      ]),
      book,
    );
    expect(blocks.map((b) => b.text)[1]).toMatch(/^\(d\) What .* we know it is true as well\.$/);
    expect(blocks).toHaveLength(3);
  });

  it('finds the left margin of a page of short paragraphs, whose first lines outnumber the others', () => {
    const lines = [
      full('We should be careful about what it means for two graphs to', 124.8, 100),
      full('be the same. Remember, as mathematical objects, graphs are sets.', 107.9, 112),
      full('However we could also have drawn the graph differently, as here.', 124.8, 140),
      full('Graphs that are basically the same but not equal are isomorphic.', 124.8, 160),
      full('There is a precise definition of this term after a quick example.', 107.9, 172),
    ];
    expect(pageMargins(lines, body).left).toBe(108);
  });

  it('goes on with a paragraph across a float whose drawing has words in large type', () => {
    const blocks = buildBlocks(
      pagesOf(
        [
          full('A sample space is represented by a data frame, a rectangular', 90, 676),
          line('collection of variables. Each row of', 90, 688),
        ],
        [
          line('DETERMINISTIC', 200, 100, 14),
          line('RANDOM', 300, 100, 14),
          line('Figure 4.1: Two types of experiments.', 150, 200),
        ],
        [full('the data frame corresponds to an outcome of the experiment.', 90, 60)],
      ),
      body,
    );
    expect(blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text)).toEqual([
      'A sample space is represented by a data frame, a rectangular collection of variables. Each row of the data frame corresponds to an outcome of the experiment.',
      'Figure 4.1: Two types of experiments.',
    ]);
  });

  it('goes on with a paragraph across a float where the text after it opens with the sentence’s stop', () => {
    const blocks = buildBlocks(
      pagesOf(
        [
          full('Now select two cards from the deck, in succession. Let A be the', 90, 676),
          line('first card drawn is an Ace} and B = {second card drawn is an Ace}', 90, 688),
        ],
        [
          line('Table 4.3: Rolling two dice.', 150, 180),
          full('. Since there are four Aces in the deck, it is natural to assign', 90, 210),
          line('P(A) = 4/52.', 90, 222),
        ],
      ),
      body,
    );
    expect(blocks.map((b) => b.text)).toEqual([
      'Now select two cards from the deck, in succession. Let A be the first card drawn is an Ace} and B = {second card drawn is an Ace}. Since there are four Aces in the deck, it is natural to assign P(A) = 4/52.',
      'Table 4.3: Rolling two dice.',
    ]);
  });
});

describe('heading numbering', () => {
  it('reads numbers from headings whose outline titles have none', () => {
    expect(labelFor('3 Groups', 'Groups')).toBe('3');
    expect(
      labelFor(
        '3.1 Integer Equivalence Classes and Symmetries',
        'Integer Equivalence Classes and Symmetries',
      ),
    ).toBe('3.1');
    expect(labelFor('Chapter 0 Introduction and Preliminaries', 'Introduction')).toBe('0');
    expect(labelFor('A GNU Free Documentation License', 'GNU Free Documentation License')).toBe('A');
    expect(labelFor('Appendix A Additional Topics', 'Additional Topics')).toBe('A');
    expect(labelFor('A.1 Generating Functions', 'Generating Functions')).toBe('A.1');
    expect(labelFor('A Short Note on Proofs', 'A Short Note on Proofs')).toBeNull();
    // A chapter's number set after its title (Springer's classes), not a word of it.
    expect(labelFor('Algorithms and implementations 1', 'Algorithms and implementations')).toBe('1');
    expect(labelFor('Algorithms and implementations in 2D', 'Algorithms and implementations')).toBeNull();
  });

  it('reads a number from an outline title when no heading on the page shows one', () => {
    expect(outlineNumber('1.3 Subspaces')).toBe('1.3');
    expect(outlineNumber('A.3 Analytic functions')).toBe('A.3');
    expect(outlineNumber('A Short Note on Proofs')).toBeNull();
    expect(outlineNumber('Preface')).toBeNull();
    expect(labelFor('Preface', 'Preface')).toBeNull();
  });

  it('reads the number an outline title carries itself (the sample book)', () => {
    expect(labelFor('1.2 Degrees and the Handshake Lemma', '1.2 Degrees and the Handshake Lemma')).toBe(
      '1.2',
    );
    expect(labelFor('Chapter 1', '1 Graphs and Their Language')).toBe('1');
    expect(labelFor('2015', '2015')).toBeNull();
  });

  it('parses labels without a title to compare with', () => {
    expect(parseHeading('3.2 Definitions and Examples')).toEqual({
      label: '3.2',
      title: 'Definitions and Examples',
    });
    expect(parseHeading('A Short Note')).toEqual({ label: null, title: 'A Short Note' });
    expect(parseHeading('Chapter 4 Graphs')).toEqual({ label: '4', title: 'Graphs' });
  });

  it('finds chapters and sections from headings when there is no outline', () => {
    const h = (text: string, size: number, page: number): Block => ({
      kind: 'heading',
      page,
      top: 100,
      pageHeight: 800,
      size,
      text,
    });
    const found = detectHeadings([
      h('Contents', 20, 1),
      h('1 Sets', 20, 3),
      h('1.1 Notation', 14, 3),
      h('A remark', 12, 4),
      h('1.2 Operations', 14, 5),
      h('2 Functions', 20, 7),
      h('2.1 Injections', 14, 7),
      h('Index', 20, 9),
    ]);
    expect(found.map((x) => `${x.level}:${x.label ?? '-'}:${x.title}`)).toEqual([
      '1:-:Contents',
      '1:1:Sets',
      '2:1.1:Notation',
      '2:1.2:Operations',
      '1:2:Functions',
      '2:2.1:Injections',
      '1:-:Index',
    ]);
    // A DocBook book numbers its chapters only: every smaller heading is a section, a number in its title
    // ("386 protection model") a word of it, and a drawing's large labels ("Ke r ne l") no heading.
    const docbook = detectHeadings([
      h('Chapter 4. The Operating System', 25, 3),
      h('The role of the operating system', 21, 3),
      h('Abstraction of hardware', 17, 3),
      h('Ke r ne l St a t e', 32, 4),
      h('386 protection model', 17, 5),
      h('Chapter 5. The Process', 25, 6),
      h('Glossary', 25, 9),
    ]);
    expect(docbook.map((x) => `${x.level}:${x.label ?? '-'}:${x.title}`)).toEqual([
      '1:4:The Operating System',
      '2:-:The role of the operating system',
      '2:-:Abstraction of hardware',
      '2:-:386 protection model',
      '1:5:The Process',
      '1:-:Glossary',
    ]);
  });
});

describe('structure and ids', () => {
  const p = (page: number, top: number, text: string): Block => ({
    kind: 'paragraph',
    page,
    top,
    pageHeight: 800,
    size: 10,
    text,
  });
  const h = (page: number, top: number, text: string): Block => ({
    kind: 'heading',
    page,
    top,
    pageHeight: 800,
    size: 14,
    text,
  });

  it('leaves out a licence, an index or contents, but not a section on index notation', () => {
    expect(
      ['GNU Free Documentation License', 'Index', 'Table of Contents', 'Notation'].map(isStudyChapterTitle),
    ).toEqual([false, false, false, false]);
    expect(
      ['Index notation for tensors', 'Symbols and sets', 'Vector spaces'].map(isStudyChapterTitle),
    ).toEqual([true, true, true]);
    expect(
      ['Index', 'References and Suggested Readings', 'Further reading'].map(isStudySectionTitle),
    ).toEqual([false, false, false]);
    expect(isStudySectionTitle('Index notation for tensors')).toBe(true);
  });

  it('numbers chapters and sections from the headings, leaves out front and back matter', () => {
    const blocks = [
      h(1, 50, 'Preface'),
      p(1, 100, 'Thanks to all.'),
      h(2, 50, '3 Groups'),
      p(2, 100, 'Intro to groups.'),
      h(2, 300, '3.1 Definitions'),
      p(2, 340, 'A group is a set.'),
      p(2, 400, 'It has an identity.'),
      h(3, 50, '3.2 References and Suggested Readings'),
      p(3, 100, '[1] A book.'),
      h(4, 50, 'Index'),
      p(4, 100, 'group, 3'),
    ];
    const nodes: StructNode[] = [
      { title: 'Preface', label: null, page: 1, top: 40, sections: [] },
      {
        title: 'Groups',
        label: null,
        page: 2,
        top: 40,
        sections: [
          { title: 'Definitions', label: null, page: 2, top: 290, sections: [] },
          { title: 'References and Suggested Readings', label: null, page: 3, top: 40, sections: [] },
        ],
      },
      { title: 'Index', label: null, page: 4, top: 40, sections: [] },
    ];
    const chapters = assemble(blocks, nodes, 'Book');
    expect(chapters).toHaveLength(1);
    const [groups] = chapters;
    expect(groups!.id).toBe('3');
    expect(groups!.sections.map((s) => [s.id, s.title, s.paragraphs.map((x) => x.id)])).toEqual([
      ['3', 'Groups', ['3.1']],
      ['3.1', 'Definitions', ['3.1.1', '3.1.2']],
    ]);
    expect(groups!.sections[1]!.paragraphs[1]).toMatchObject({
      page: 2,
      yStart: 0.5,
      text: 'It has an identity.',
    });
  });

  it('numbers sections whose outline titles carry the number (the sample book), and names them without it', () => {
    const blocks = [
      h(4, 137, 'Chapter 1'),
      h(4, 165, 'Graphs and Their Language'),
      p(4, 237, 'Whenever a collection of things is tied together, a graph is hiding.'),
      h(4, 348, '1.1 What Is a Graph?'),
      p(4, 371, 'In 1736 the citizens of Königsberg wondered about their bridges.'),
      h(5, 550, '1.2 Degrees and the Handshake Lemma'),
      p(5, 574, 'The most basic question about a single vertex is how many neighbours it has.'),
    ];
    const section = (title: string, page: number, top: number): StructNode => ({
      title,
      label: null,
      page,
      top,
      sections: [],
    });
    const nodes: StructNode[] = [
      {
        ...section('1 Graphs and Their Language', 4, 110),
        sections: [
          section('1.1 What Is a Graph?', 4, 339),
          section('1.2 Degrees and the Handshake Lemma', 5, 541),
        ],
      },
    ];
    const [chapter] = assemble(blocks, nodes, 'Book');
    expect([chapter!.id, chapter!.title]).toEqual(['1', 'Graphs and Their Language']);
    expect(chapter!.sections.map((s) => [s.id, s.title])).toEqual([
      ['1', 'Graphs and Their Language'],
      ['1.1', 'What Is a Graph?'],
      ['1.2', 'Degrees and the Handshake Lemma'],
    ]);
  });

  it('keeps a part’s own pages (its title, its table of contents) out of the chapter before it and of the book', () => {
    const blocks = [
      h(1, 40, '1 Groups'),
      p(1, 80, 'A group is a set with an operation.'),
      h(2, 40, 'Part II Rings'),
      p(3, 60, 'Rings . . . . . . . . . . 5 Fields . . . . . . . . . . 9'),
      h(4, 40, '2 Rings'),
      p(4, 80, 'A ring has two operations.'),
    ];
    const entry = (title: string, page: number, children: OutlineEntry[] = []): OutlineEntry => ({
      title,
      level: 1,
      page,
      top: 30,
      children,
    });
    const nodes = nodesFromOutline([entry('1 Groups', 1), entry('Part II Rings', 2, [entry('2 Rings', 4)])]);
    expect(nodes.map((n) => [n.title, n.part ?? false])).toEqual([
      ['1 Groups', false],
      ['Part II Rings', true],
      ['2 Rings', false],
    ]);
    const chapters = assemble(blocks, nodes, 'Book');
    expect(chapters.map((c) => [c.id, c.sections.flatMap((s) => s.paragraphs.map((q) => q.text))])).toEqual([
      ['1', ['A group is a set with an operation.']],
      ['2', ['A ring has two operations.']],
    ]);
  });

  it('letters the appendices titled by their letter after the numbered chapters', () => {
    const blocks = [
      h(1, 40, '5 Scalar product'),
      p(1, 80, 'The scalar product is bilinear.'),
      h(2, 40, 'A Complex numbers'),
      p(2, 80, 'This appendix is a crash course on complex numbers.'),
      h(3, 40, 'B Permutations'),
      p(3, 80, 'A permutation is a bijection.'),
      h(3, 300, 'B.1 Transpositions'),
      p(3, 330, 'A transposition swaps two elements.'),
    ];
    const node = (title: string, page: number, sections: StructNode[] = []): StructNode => ({
      title,
      label: null,
      page,
      top: 40,
      sections,
    });
    const chapters = assemble(
      blocks,
      [
        node('5 Scalar product', 1),
        node('A Complex numbers', 2),
        node('B Permutations', 3, [
          { title: 'B.1 Transpositions', label: null, page: 3, top: 300, sections: [] },
        ]),
      ],
      'Book',
    );
    expect(chapters.map((c) => [c.id, c.title, c.sections.map((s) => s.id)])).toEqual([
      ['5', 'Scalar product', ['5']],
      ['A', 'Complex numbers', ['A']],
      ['B', 'Permutations', ['B', 'B.1']],
    ]);
  });

  it('splits off numbered subsections as sections, keeping a first one a section opens with', () => {
    const blocks = [
      h(1, 40, '3 Data'),
      p(1, 80, 'Data come in many kinds.'),
      h(1, 200, '3.4 Exploratory Data Analysis'),
      h(1, 230, '3.4.1 Stem-and-leaf Displays'),
      p(1, 260, 'A stem-and-leaf display shows every value.'),
      h(1, 400, '3.4.2 Hinges'),
      p(1, 430, 'The hinges are the medians of each half.'),
      h(2, 40, '3.5 Multivariate Data'),
      p(2, 80, 'Several variables are measured on each subject.'),
      h(2, 200, '3.5.1 Bivariate Data'),
      p(2, 230, 'Two variables at a time.'),
    ];
    const nodes: StructNode[] = [
      {
        title: 'Data',
        label: null,
        page: 1,
        top: 40,
        sections: [
          { title: 'Exploratory Data Analysis', label: null, page: 1, top: 200, sections: [] },
          { title: 'Multivariate Data', label: null, page: 2, top: 40, sections: [] },
        ],
      },
    ];
    const [chapter] = assemble(blocks, nodes, 'Book');
    expect(chapter!.sections.map((s) => [s.id, s.title, s.paragraphs.length])).toEqual([
      ['3', 'Data', 1],
      // 3.4 opens with 3.4.1: its paragraphs stay the section's, which is never left empty.
      ['3.4', 'Exploratory Data Analysis', 1],
      ['3.4.2', 'Hinges', 1],
      ['3.5', 'Multivariate Data', 1],
      ['3.5.1', 'Bivariate Data', 1],
    ]);
    const paragraphs = graphParagraphs({ title: 'Book', author: '', chapters: [chapter!] });
    const index = buildTargetIndex(paragraphs);
    expect(index.find('section', '3.4.2')?.text).toBe('The hinges are the medians of each half.');
    expect(index.find('subsection', '3.4.1')?.text).toBe('A stem-and-leaf display shows every value.');
    expect(index.find('section', '3.5.1')?.text).toBe('Two variables at a time.');
  });
});

describe('fixed-pitch faces', () => {
  const words = [
    'precip',
    'rivers',
    'discoveries',
    'summary(x)',
    'mean of x',
    'data: y',
    'p-value',
    'X-squared',
  ];
  const runOf = (str: string, font: string, advance: number, mono?: boolean): TextRun => ({
    str,
    x: 0,
    y: 0,
    width: str.length * advance * 10,
    size: 10,
    font,
    ...(mono ? { mono } : {}),
  });

  it("tells them by their runs' widths, not by pdf.js's flag alone", () => {
    // Proportional: "ill" is narrower than "mom".
    const proportional = (str: string) =>
      (str.match(/[ilt.,: ]/g)?.length ?? 0) * 0.28 + (str.match(/[^ilt.,: ]/g)?.length ?? 0) * 0.5;
    const page: PageText = {
      page: 1,
      width: 600,
      height: 800,
      runs: [
        ...words.map((w) => runOf(w, 'tt-unflagged', 0.525)),
        ...words.map((w) => ({ ...runOf(w, 'rm-flagged', 0, true), width: proportional(w) * 10 })),
        runOf('x <- 1', 'few-flagged', 0.6, true),
        // Dot leaders keep one advance too, but far under a text face's.
        ...[3, 4, 5, 6, 7, 8, 9, 10].map((n) => runOf(Array(n).fill('.').join(' '), 'dots', 0.23, true)),
      ],
    };
    markMonospace(page.runs, 0, judgeMonospace([page], [false]));
    const mono = (font: string) => page.runs.filter((r) => r.font === font).every((r) => r.mono === true);
    const none = (font: string) =>
      page.runs.filter((r) => r.font === font).every((r) => r.mono === undefined);
    expect(mono('tt-unflagged')).toBe(true);
    expect(none('rm-flagged')).toBe(true);
    expect(mono('few-flagged')).toBe(true);
    expect(none('dots')).toBe(true);
  });

  it('tells a proportional face set a whole line to a run (a browser, pdfkit) by what its letters are', () => {
    // Whole lines of prose average their letters out: these are within 3% of one another in width per
    // letter, as a fixed-pitch face's are; yet a line with more "i", "l" and "t" is narrower.
    const advance = (str: string) =>
      (str.match(/[iljtfr.,;:!' ]/g)?.length ?? 0) * 0.27 +
      (str.match(/[mwMWOQGDCH]/g)?.length ?? 0) * 0.8 +
      (str.match(/[^iljtfr.,;:!' mwMWOQGDCH]/g)?.length ?? 0) * 0.5;
    const lines = (prose(1, 6) + ' ' + prose(2, 6)).match(/.{1,88}(?:\s|$)/g)!.map((l) => l.trim());
    const perLetter = lines.map((l) => advance(l) / l.length);
    const middle = [...perLetter].sort((a, b) => a - b)[perLetter.length >> 1]!;
    const alike = lines.filter((_, i) => Math.abs(perLetter[i]! - middle) <= 0.03 * middle);
    expect(alike.length).toBeGreaterThanOrEqual(8);
    const page: PageText = {
      page: 1,
      width: 600,
      height: 800,
      runs: [
        ...alike.map((l) => ({ ...runOf(l, 'times', 0), width: advance(l) * 10 })),
        ...alike.map((l) => runOf(l, 'courier', 0.6)),
      ],
    };
    markMonospace(page.runs, 0, judgeMonospace([page], [false]));
    expect(page.runs.filter((r) => r.font === 'times').some((r) => r.mono)).toBe(false);
    expect(page.runs.filter((r) => r.font === 'courier').every((r) => r.mono)).toBe(true);
  });
});

describe('progress', () => {
  it('logs about every 10% with the time left when stderr is not a terminal', () => {
    const out: string[] = [];
    let t = 0;
    const stream = { isTTY: false, write: (s: string) => out.push(s) } as unknown as NodeJS.WriteStream;
    const progress = createPagesProgress({ stream, now: () => t, label: 'Importing' });
    for (let i = 1; i <= 100; i++) {
      t = i * 100;
      progress.update(i, 100);
    }
    progress.stop();
    expect(out).toHaveLength(10);
    expect(out[0]).toBe('Importing: 10/100 pages (10%), about 9 s left\n');
    expect(out[9]).toBe('Importing: 100/100 pages (100%), about 0 s left\n');
  });

  it('formats durations', () => {
    expect(formatSeconds(5.4)).toBe('5 s');
    expect(formatSeconds(125)).toBe('2 min 05 s');
  });
});

describe('paragraph counts', () => {
  const book = (pages: number[]) => [
    {
      id: '1',
      title: 'C',
      sections: [
        {
          id: '1.1',
          title: 'S',
          paragraphs: pages.map((page, i) => ({
            id: `1.1.${i + 1}`,
            page,
            yStart: 0,
            text: 'x',
            explicitRefs: [],
          })),
        },
      ],
    },
  ];
  const limits = { maxParagraphs: 5, maxParagraphsPerPage: 2 };

  it('refuses a page with more paragraphs than Book XML allows, naming the page', () => {
    expect(() => checkParagraphCounts(book([1, 1, 2, 2]), limits)).not.toThrow();
    expect(() => checkParagraphCounts(book([1, 2, 3, 3, 3]), limits)).toThrow(
      'Page 3 of this PDF has more than 2 paragraphs, more than any textbook page holds; Threadbook cannot make a study guide of it.',
    );
  });

  it('refuses a book with more paragraphs than Book XML allows', () => {
    expect(() => checkParagraphCounts(book([1, 2, 3, 4, 5, 6]), limits)).toThrow(
      'This PDF has more than 5 paragraphs, more than Threadbook takes from one book.',
    );
  });
});
