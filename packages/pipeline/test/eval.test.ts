import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { corpus } from '@threadbook/test-support';
import type { BookDocument } from '@threadbook/book';
import { bookArgs, numberOption } from '../eval/book-args.ts';
import { edgeFigures, quotesTheBook, sampleEdges, sharedIdeasOf } from '../eval/edge-sample.ts';
import { bookOfVerdicts, pooled, tallyVerdicts, wilsonInterval } from '../eval/readings.ts';
import type { GraphEdge, GraphParagraph } from '../src/graph/types.ts';
import {
  compactText,
  normalizeText,
  normalizeTitle,
  readLatexTruth,
  readOutlineSectionPages,
  readPretextTruth,
  scoreExtraction,
  withoutCountedNumbers,
  similarTitle,
  texToText,
  texParagraphs,
  textSimilarity,
  corpusBooks,
  readTruth,
  TruthError,
  type TruthBook,
} from '../eval/index.ts';
import { judgedByLinks, sameAsLink } from '../eval/references.ts';
import type { LinkedPair } from '../src/graph/links.ts';
import type { ExplicitReference } from '../src/graph/types.ts';

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadbook-eval-'));
  tempDirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('text normalisation and similarity', () => {
  it('normalises case, punctuation, ligatures and whitespace', () => {
    expect(normalizeText('  The  coeﬀicients—of  Z_n, σ!  ')).toBe('the coefficients of z n σ');
    expect(compactText('Let G be a group.')).toBe('letgbeagroup');
  });

  it('measures 1 - edit distance / length on the compact text', () => {
    expect(textSimilarity('Let G be a group.', 'let g be a   GROUP')).toBe(1);
    expect(textSimilarity('abcdefghij', 'abcdefghiX')).toBeCloseTo(0.9);
    expect(textSimilarity('abcdefghij', 'abcdefgh')).toBeCloseTo(0.8);
    expect(textSimilarity('', '')).toBe(1);
    expect(textSimilarity('abc', 'xyz')).toBe(0);
  });

  it('renders TeX roughly as the PDF shows it', () => {
    expect(
      normalizeText(texToText('\\emph{Let} $g \\in {\\mathbb Z}_n$ and \\sigma\\index{foo}\\label{x}')),
    ).toBe('let g zn and σ');
    expect(normalizeText(texToText('7 + 4 \\equiv 1 \\pmod{5}, \\gcd(a,b)'))).toBe('7 4 1 mod 5 gcd a b');
    expect(texToText("entr\\'ees")).toBe('entrées');
    const macros = new Map([['lcm', { args: 0, body: '\\operatorname{lcm}' }]]);
    expect(normalizeText(texToText('\\lcm(a, b)', macros))).toBe('lcm a b');
  });

  it('normalises titles without their numbers', () => {
    expect(normalizeTitle('3.1 Integer Equivalence Classes and Symmetries')).toBe(
      'integer equivalence classes and symmetries',
    );
    expect(normalizeTitle('A Short Note on Proofs')).toBe('a short note on proofs');
    expect(normalizeTitle('A.2 Introduction to Number Theory')).toBe('introduction to number theory');
    expect(similarTitle('Introduction', 'Introduction and Preliminaries')).toBe(true);
    expect(similarTitle('Groups', 'Rings')).toBe(false);
  });
});

const PRETEXT_MAIN = `<?xml version="1.0"?>
<pretext xmlns:xi="http://www.w3.org/2001/XInclude">
  <docinfo><macros>\\newcommand{\\lcm}{\\operatorname{lcm}}</macros></docinfo>
  <book>
    <frontmatter><preface><p>Not main matter, ignored entirely.</p></preface></frontmatter>
    <xi:include href="./one.xml"/>
    <chapter xml:id="two"><title>Second</title>
      <section xml:id="two-a"><title>Only</title>
        <p>See <xref ref="thm-a"/> and <xref ref="one-b"/>; also <xref ref="ex-1"/>.</p>
      </section>
    </chapter>
    <backmatter><appendix><title>App</title><p>Appendix text.</p></appendix></backmatter>
  </book>
</pretext>`;

const PRETEXT_ONE = `<chapter xml:id="one"><title>First <m>n</m></title>
  <introduction><p>Intro &amp; more about <m>\\lcm(a,b)</m>.</p></introduction>
  <section xml:id="one-a"><title>Alpha</title>
    <p>Let <m>G</m> be a group<fn>A footnote.</fn><idx>group</idx>.</p>
    <example xml:id="ex-a"><p>An example.</p></example>
    <figure xml:id="fig-a"><caption>Left out</caption><image/></figure>
    <theorem xml:id="thm-a"><title>Lagrange</title><statement><p>Orders divide.</p></statement>
      <proof><p>Count cosets.</p></proof></theorem>
    <subsection><title>Sub</title>
      <p>Before: <ol><li>item one</li><li><p>item two</p></li></ol> after.</p>
      <exercise><statement><p>An inline exercise, left out.</p></statement></exercise>
    </subsection>
  </section>
  <section xml:id="one-sage" component="sage-info"><title>Sage</title><p>Not printed.</p></section>
  <reading-questions><exercise><statement><p>A question.</p></statement></exercise></reading-questions>
  <section xml:id="one-b"><title>Beta</title><p>Beta text <q>quoted</q>.</p></section>
  <exercises xml:id="one-ex"><title>Exercises</title>
    <exercise xml:id="ex-1"><statement><p>Exercise text.</p></statement></exercise>
  </exercises>
</chapter>`;

describe('readPretextTruth', () => {
  const truth = readPretextTruth(tempDir({ 'main.xml': PRETEXT_MAIN, 'one.xml': PRETEXT_ONE }));

  it('numbers chapters and sections as the PDF does', () => {
    expect(truth.chapters.map((c) => [c.number, c.title])).toEqual([
      ['1', 'First n'],
      ['2', 'Second'],
    ]);
    // The Sage section is not printed; reading questions take 1.2, so "Beta" is 1.3.
    expect(truth.chapters[0]!.sections.map((s) => [s.number, s.title])).toEqual([
      ['1', 'First n'],
      ['1.1', 'Alpha'],
      ['1.3', 'Beta'],
    ]);
  });

  it('reads prose paragraphs with run-in headings, lists split, and no exercises or figures', () => {
    const [intro, alpha, beta] = truth.chapters[0]!.sections;
    expect(intro!.paragraphs).toEqual(['Intro & more about lcm(a,b).']);
    expect(alpha!.paragraphs).toEqual([
      'Let G be a group .',
      'Example 1.1 An example.',
      'Theorem 1.3 Lagrange. Orders divide.',
      'Proof. Count cosets.',
      'Before:',
      'item one',
      'item two',
      'after.',
    ]);
    expect(beta!.paragraphs).toEqual(['Beta text “quoted”.']);
  });

  it('renders cross-references with their numbers', () => {
    expect(truth.chapters[1]!.sections[0]!.paragraphs).toEqual([
      'See Theorem 1.3 and Section 1.3; also Exercise 1.4.1.',
    ]);
  });
});

const LATEX_MAIN = `\\documentclass{book}
\\def\\Z{\\mathbb Z}
\\begin{document}
\\frontmatter
\\chapter*{Preface}
Not main matter.
\\mainmatter
\\setcounter{chapter}{-1}
\\chapter[Intro]{Introduction and More}
Opening words of the chapter.

\\section{First}\\label{sec:first}
\\input{chapters/first}
\\input{exercises/first}
\\section*{Unnumbered}
Still in the first section.
\\part{A Part}
\\chapter{Second}
\\section{Only}
Only text.
\\appendix
\\chapter{Extra}
\\section{Appendix Section}
Appendix prose.
\\chapter{Solutions}
\\input{\\ansfilename}
\\backmatter
Index.
\\end{document}`;

const LATEX_FIRST = `\\documentclass{article}
\\begin{document}
Let $n \\in \\Z$ be \\emph{even}.\\index{even} % a comment
Same paragraph.

\\begin{example}
An example.
\\begin{solution}
The solution.

More solution.
\\end{solution}
\\end{example}
\\begin{tikzpicture} \\draw (0,0) -- (1,1); \\end{tikzpicture}
\\begin{defbox}{Box Title}
Defined term.
\\end{defbox}
\\begin{itemize}
\\item One thing.
\\item Another thing.
\\end{itemize}
\\subsection{Sub}
After sub.
\\begin{activity}\\begin{questions}\\question Q? \\begin{parts}\\part a\\end{parts}\\end{questions}\\end{activity}
\\end{document}`;

describe('readLatexTruth', () => {
  const truth = readLatexTruth(
    tempDir({
      'book.tex': LATEX_MAIN,
      'chapters/first.tex': LATEX_FIRST,
      'exercises/first.tex': 'Exercise text.',
    }),
  );

  it('numbers chapters (setcounter, parts, appendix letters) and sections, skipping starred ones', () => {
    expect(truth.chapters.map((c) => [c.number, c.title])).toEqual([
      ['0', 'Intro'],
      ['1', 'Second'],
      ['A', 'Extra'],
    ]);
    expect(truth.chapters[0]!.sections.map((s) => s.number)).toEqual(['0', '0.1']);
    expect(truth.chapters[2]!.sections.map((s) => [s.number, s.title])).toEqual([
      ['A.1', 'Appendix Section'],
    ]);
  });

  it('splits paragraphs on blank lines and blocks, keeps solutions, drops figures and exercises', () => {
    expect(truth.chapters[0]!.sections[0]!.paragraphs).toEqual(['Opening words of the chapter.']);
    expect(truth.chapters[0]!.sections[1]!.paragraphs).toEqual([
      'Let n Z be even. Same paragraph.',
      'An example.',
      'Solution: The solution.',
      'More solution.',
      'Defined term.',
      'One thing.',
      'Another thing.',
      'After sub.',
      'Still in the first section.',
    ]);
  });

  it('keeps a display after a blank line in the paragraph before it (no visible break), not one before text', () => {
    const body =
      'We have:\n\n\\begin{align*} x &= 1 \\end{align*}\nso x is one.\n\n\\[ y = 2 \\]\n\nNew paragraph.';
    expect(texParagraphs(body)).toEqual(['We have: x = 1 so x is one. y = 2', 'New paragraph.']);
  });

  it('ends a paragraph at a blank line after a comment’s line, not at a float on lines of its own', () => {
    const body = 'First words, % a comment\n\nSecond\n\\begin{table}\nx\n\\end{table}\ngoes on.';
    expect(texParagraphs(body)).toEqual(['First words,', 'Second goes on.']);
  });

  it('gives a proof the run-in "Proof." that amsthm typesets', () => {
    expect(texParagraphs('\\begin{proof}\nEasy.\n\nDone.\n\\end{proof}')).toEqual(['Proof. Easy.', 'Done.']);
  });

  it('gives theorems their run-in head, with the optional note in parentheses', () => {
    expect(
      texParagraphs(
        "\\begin{theorem}[Brooks' Theorem]\nAny graph.\n\\end{theorem}\n\\begin{theorem}\nFive solids.\n\\end{theorem}",
      ),
    ).toEqual(["Theorem (Brooks' Theorem). Any graph.", 'Theorem. Five solids.']);
  });

  it('gives environments the document declares with \\newtheorem their head (an Exercise too, without its options), leaves out a box’s title, and prints an item’s label and a \\url', () => {
    const main = `\\documentclass{book}
\\newtheorem{thm}{Theorem}[chapter]
\\newtheorem{example}[thm]{Example}
\\begin{document}
\\chapter{One}
\\section{First}
\\begin{example}[Annual Precipitation]
The vector precip contains rainfall.
\\end{example}
See the manual, \\url{http://cran.r-project.org/manuals.html}.
\\begin{Exercise}[label=exr:mean]
Show it.
\\end{Exercise}
\\begin{description}\\item [{Quantitative:}] data about a quantity,\\end{description}
\\begin{notice_box}[Wait a minute!]
Look at the flat program.
\\end{notice_box}
\\end{document}`;
    expect(readLatexTruth(tempDir({ 'book.tex': main })).chapters[0]!.sections[0]!.paragraphs).toEqual([
      'Example (Annual Precipitation). The vector precip contains rainfall.',
      'See the manual, http://cran.r-project.org/manuals.html.',
      'Exercise. Show it.',
      'Quantitative: data about a quantity,',
      'Look at the flat program.',
    ]);
  });

  it('runs \\paragraph titles into the paragraph after them, and keeps standard commands re-plumbed with @ internals', () => {
    const main = `\\documentclass{book}
\\makeatletter
\\renewcommand\\subparagraph{\\@startsection{paragraph}{4}{\\parindent}{0mm}{-1mm}{\\bfseries} }
\\def\\footnote{\\ifx\\protect\\@typeset@protect\\expandafter\\SF@@footnote\\fi}
\\newcommand{\\R}{\\mathbb{R}}
\\begin{document}
\\chapter{One}
\\section{First}
Is there a vector product in $\\R^n$?

\\subparagraph{Answer:}

Only in some cases.\\footnote{For n = 3 and 7.} We will not need it.

\\paragraph{The exact solution.}
It is easy to know.

\\paragraph{What do I want them to know?}

\\begin{itemize}\\item Much.\\end{itemize}
\\end{document}`;
    const truth = readLatexTruth(tempDir({ 'book.tex': main }));
    expect(truth.chapters[0]!.sections[0]!.paragraphs).toEqual([
      'Is there a vector product in Rn ?',
      'Answer: Only in some cases. We will not need it.',
      'The exact solution. It is easy to know.',
      'Much.',
    ]);
  });
});

describe('a linguistics book (kastner: gb4e examples, qtree trees, natbib citations)', () => {
  it('reads a numbered example as one paragraph: its lettered sub-items, words, glosses and translation', () => {
    const body = String.raw`Some verbs are unaccusative:
 \begin{exe}
 \settowidth\jamwidth{(causative)}
 \ex \label{ex:5}
 \begin{xlist}
   \ex Unaccusative:

     \gll ha-bakbuk kafa.\\
       the-bottle froze\\ \jambox{(causative)}
     \glt 'The bottle froze.'

   \ex[*]{ \gll josi nixnas.\\
       Yossi entered\\
     \glt 'Yossi entered.' }
 \z
 \ex A second example.\footnote{With an example of its own:
 \begin{exe} \ex Not in the text. \z

 }
\z
The text goes on.`;
    const paragraphs = texParagraphs(body);
    expect(paragraphs).toEqual([
      'Some verbs are unaccusative:',
      "Unaccusative: ha-bakbuk kafa. (causative) the-bottle froze 'The bottle froze.' [*] josi nixnas. Yossi entered 'Yossi entered.'",
      'A second example.',
      'The text goes on.',
    ]);
    // The page numbers the example and letters its sub-items: "(5) a. ... b. ...", which the scorer drops.
    const printed =
      '(5) a. Unaccusative: ha-bakbuk kafa. (causative) the-bottle froze ‘The bottle froze.’ b. * josi nixnas. Yossi entered ‘Yossi entered.’';
    expect(compactText(withoutCountedNumbers(printed))).toBe(
      compactText(withoutCountedNumbers(paragraphs[1]!)),
    );
  });

  it('prints the word of an index command that prints one (\\isi), not of one that only indexes (\\is)', () => {
    expect(
      texParagraphs(String.raw`A \isi{transitive} verb is marked\is{markedness} \ili{German}\il{Greek}.`),
    ).toEqual(['A transitive verb is marked German.']);
  });

  it('reads a tree row by row, as the page sets it', () => {
    const body = String.raw`\begin{exe}
\ex \Tree [.VoiceP\\{λe.Agent(x,e)} [.DP\\\emph{Mittie} ] [. [.Voice ] [.vP [.v \emph{feed} v ] \qroof{the dog}.DP ] ] ]
\z`;
    expect(texParagraphs(body)).toEqual(['VoiceP λe.Agent(x,e) DP Mittie Voice vP v DP feed v the dog']);
  });

  const BIB = String.raw`@book{schaefer08, author = {Sch{\"a}fer, Florian}, title = {The syntax of (anti-)causatives}, year = {2008}}
@book{layering15,
  Author = {Artemis Alexiadou and Elena Anagnostopoulou and Florian Sch\"{a}fer},
  Year = 2015}
@article{doron03, author = "Doron, Edit", year = "2003"}
@article{doron15, author = {Edit Doron}, year = {2015}}
@book{wood15, author = {Wood, Jim}, year = {2015}}
@misc{oseki17, author = {Yohei Oseki}, year = {2017}}
@book{levin95, author = {Levin, Beth and {Rappaport Hovav}, Malka}, year = {1995}}
@book{riemsdijk90, editor = {Henk van Riemsdijk}, year = {to appear}}
@comment{ignored, author = {Nobody}}`;
  const citing = (natbib: string) =>
    readLatexTruth(
      tempDir({
        'book.tex': String.raw`\documentclass{book}
\usepackage${natbib}{natbib}
\begin{document}
\chapter{One}
Shown by \cite{schaefer08} and \citet[7]{layering15} \citep{doron03,doron15,wood15}.

See \citealt[3]{oseki17}; \citeauthor{levin95} in \citeyear{levin95} \citep[cf.][30]{layering15} and \citet{riemsdijk90}.

A key the bibliography lacks\citep{nokey}, \cite{nokey} prints nothing.
\end{document}`,
        'refs.bib': BIB,
      }),
    ).chapters[0]!.sections[0]!.paragraphs;

  it('prints each author-year citation form from the folder’s .bib, and nothing for an unknown key', () => {
    expect(citing('')).toEqual([
      'Shown by Schäfer (2008) and Alexiadou et al. (2015: 7) (Doron 2003; 2015; Wood 2015).',
      // "&" between two authors is set as in the book; the text leaves it out like other punctuation.
      'See Oseki 2017: 3; Levin Rappaport Hovav in 1995 (cf. Alexiadou et al. 2015: 30) and van Riemsdijk (to appear).',
      'A key the bibliography lacks, prints nothing.',
    ]);
  });

  it('prints nothing for a book’s numbered citations (natbib’s numbers option)', () => {
    expect(citing('[numbers]')).toEqual([
      'Shown by and .',
      'See ; in and .',
      'A key the bibliography lacks, prints nothing.',
    ]);
  });
});

function bookFrom(truth: TruthBook, page: (section: string) => number): BookDocument {
  return {
    title: 'T',
    author: 'A',
    chapters: truth.chapters.map((c) => ({
      id: c.number,
      title: c.title,
      sections: c.sections.map((s) => ({
        id: s.number,
        title: s.title,
        paragraphs: s.paragraphs.map((text, i) => ({
          id: `${s.number}.${i + 1}`,
          page: page(s.number),
          yStart: 0.1,
          text,
          explicitRefs: [],
        })),
      })),
    })),
  };
}

describe('scoreExtraction', () => {
  const para = (n: number) =>
    `Paragraph number ${n} talks about groups, rings and fields in some detail, enough to be scored.`;
  const truth: TruthBook = {
    chapters: [
      {
        number: '1',
        title: 'Groups',
        sections: [
          { number: '1', title: 'Groups', paragraphs: [para(0)] },
          { number: '1.1', title: 'Basics', paragraphs: [para(1), para(2), 'Too short.'] },
          { number: '1.2', title: 'More', paragraphs: [para(3), para(4)] },
        ],
      },
      { number: '2', title: 'Rings', sections: [{ number: '2.1', title: 'Rings', paragraphs: [para(5)] }] },
    ],
  };
  const pages = new Map([
    ['groups', 1],
    ['basics', 1],
    ['more', 2],
    ['rings', 3],
    ['rings#2', 3],
  ]);
  const pageOf: Record<string, number> = { '1': 1, '1.1': 1, '1.2': 2, '2.1': 3 };

  it('gives a perfect extraction 1.0 everywhere', () => {
    const score = scoreExtraction(
      truth,
      bookFrom(truth, (s) => pageOf[s]!),
      pages,
    );
    expect(score.paragraphsRecovered).toBe(1);
    expect(score.paragraphsInRightSection).toBe(1);
    expect(score.sectionsRight).toBe(1);
    expect(score.chaptersRight).toBe(1);
    expect(score.counts.truthParagraphs).toBe(6); // "Too short." is not scored
    expect(score.paragraphMisses).toEqual([]);
  });

  it('tolerates small differences but not merged or missing paragraphs', () => {
    const book = bookFrom(truth, (s) => pageOf[s]!);
    const basics = book.chapters[0]!.sections[1]!;
    // A hyphenation artefact and a missing comma: still recovered.
    basics.paragraphs[0]!.text = para(1).replace('groups,', 'gro- ups');
    // Two truth paragraphs merged into one: neither is recovered.
    const more = book.chapters[0]!.sections[2]!;
    more.paragraphs = [{ ...more.paragraphs[0]!, text: `${para(3)} ${para(4)}` }];
    const score = scoreExtraction(truth, book, pages);
    expect(score.counts.recovered).toBe(4);
    expect(score.paragraphsRecovered).toBeCloseTo(4 / 6);
    expect(score.paragraphMisses.map((m) => m.section)).toEqual(['1.2', '1.2']);
    // The near-identical paragraphs of this test all stay with their exact matches (most similar first).
    expect(score.paragraphMisses[0]!.bestCandidate).toBeDefined();
  });

  it('tells a paragraph cut right whose math reads in another order from one cut wrong', () => {
    const texts = [
      'The sample variance measures how far the observations spread around their mean, and it is computed with the formula below.',
      'Intuitively, the standard deviation is the typical distance between an observation and the mean of the sample.',
      'Quartiles divide the ordered observations into four groups holding about a quarter of the data each.',
    ];
    const small: TruthBook = {
      chapters: [
        { number: '1', title: 'Data', sections: [{ number: '1.1', title: 'Spread', paragraphs: texts }] },
      ],
    };
    const book = bookFrom(small, () => 1);
    const spread = book.chapters[0]!.sections[0]!;
    // Cut right, with a long formula read in the PDF's order: missed, but within its bounds.
    spread.paragraphs[0]!.text = texts[0]!.replace(
      'with the formula',
      'with n ∑ i=1 (xi − x̄)2 = s2 (n − 1) σ2 μ3 κ4 the formula',
    );
    // Two paragraphs merged: cut wrong.
    spread.paragraphs[1]!.text = `${texts[1]} ${texts[2]}`;
    spread.paragraphs.pop();
    const score = scoreExtraction(small, book, new Map([['spread', 1]]));
    expect(score.counts.recovered).toBe(0);
    expect(score.counts.missedWithinBounds).toBe(1);
  });

  it('does not score the numbers a typesetter counts, which a LaTeX source cannot hold', () => {
    // The source writes \\ref and counters; the PDF prints them. Short paragraphs differ by little else.
    const source = [
      'Example. Take a coin and flip it seven times (see Section ).',
      'The sample variance is computed with the formula in Equation , as in .',
      'Include a bar graph of race, as the package does.',
      'Find the probability of at most two defectives in the sample.',
    ];
    const printed = [
      'Example 4.19. Take a coin and flip it seven times (see Section 5.1.2).',
      'The sample variance is computed with the formula in Equation (3.4), as in [188].',
      '3. Include a bar graph of race, as the package does.',
      'Find the probability of at most three defectives in the lot.',
    ];
    const small: TruthBook = {
      chapters: [
        { number: '1', title: 'Data', sections: [{ number: '1.1', title: 'Data', paragraphs: source }] },
      ],
    };
    const book = bookFrom(small, () => 1);
    book.chapters[0]!.sections[0]!.paragraphs.forEach((p, i) => (p.text = printed[i]!));
    const score = scoreExtraction(small, book, new Map([['data', 1]]));
    expect(score.counts.recovered).toBe(3);
    expect(score.paragraphMisses.map((m) => m.text)).toEqual([source[3]]);
    expect(withoutCountedNumbers('Theorem A. Let b) be as in Figure 3.1: the (2.10) case [3, 4]')).toBe(
      'Theorem. Let b) be as in Figure: the   case  ',
    );
  });

  it('leaves the chapters the product leaves out (a licence) out of the score, and counts them', () => {
    const withLicence: TruthBook = {
      chapters: [
        ...truth.chapters,
        {
          number: 'B',
          title: 'GNU Free Documentation License',
          sections: [{ number: 'B.1', title: 'Preamble', paragraphs: [para(7), para(8)] }],
        },
      ],
    };
    const score = scoreExtraction(
      withLicence,
      bookFrom(truth, (s) => pageOf[s]!),
      pages,
    );
    expect(score.paragraphsRecovered).toBe(1);
    expect(score.chaptersRight).toBe(1);
    expect(score.counts.notStudyParagraphs).toBe(2);
  });

  it('counts paragraphs in the wrong section and sections on the wrong page', () => {
    const book = bookFrom(truth, (s) => pageOf[s]!);
    const [, basics, more] = book.chapters[0]!.sections;
    // Move the first paragraph of 1.2 into 1.1 (a section boundary found one paragraph late).
    basics!.paragraphs.push(more!.paragraphs.shift()!);
    // 1.2 now starts on page 3 instead of the outline's 2.
    more!.paragraphs[0]!.page = 3;
    const score = scoreExtraction(truth, book, pages);
    expect(score.paragraphsRecovered).toBe(1);
    expect(score.paragraphsInRightSection).toBeCloseTo(5 / 6);
    expect(score.sectionsRight).toBeCloseTo(2 / 3);
    expect(score.sectionMisses).toEqual([
      { number: '1.2', title: 'More', reason: 'page', expectedPage: 2, foundPage: 3 },
    ]);
  });

  it('counts the paragraphs of a numbered subsection at any depth ("1.2.1.1") in its section', () => {
    const book = bookFrom(truth, (s) => pageOf[s]!);
    const more = book.chapters[0]!.sections[2]!;
    const deeper = { ...more, id: '1.2.1.1', title: 'Deeper', paragraphs: more.paragraphs.splice(1) };
    book.chapters[0]!.sections.splice(3, 0, deeper);
    const score = scoreExtraction(truth, book, pages);
    expect(score.paragraphsInRightSection).toBe(1);
    expect(score.sectionsRight).toBe(1);
  });

  it('reports missing and misnamed sections', () => {
    const book = bookFrom(truth, (s) => pageOf[s]!);
    book.chapters[0]!.sections[1]!.title = 'Something else';
    book.chapters[1]!.sections = [];
    const score = scoreExtraction(truth, book, pages);
    expect(score.sectionsRight).toBeCloseTo(1 / 3);
    expect(score.sectionMisses.map((m) => [m.number, m.reason])).toEqual([
      ['1.1', 'title'],
      ['2.1', 'missing'],
    ]);
    expect(score.paragraphsRecovered).toBeCloseTo(5 / 6);
  });

  it('leaves a section the source leaves without text out of the section score, and counts it', () => {
    const withEmpty: TruthBook = {
      chapters: [
        ...truth.chapters.slice(0, 1),
        {
          ...truth.chapters[1]!,
          sections: [...truth.chapters[1]!.sections, { number: '2.2', title: 'Exercises', paragraphs: [] }],
        },
      ],
    };
    const book = bookFrom(truth, (s) => pageOf[s]!);
    const score = scoreExtraction(withEmpty, book, new Map([...pages, ['exercises', 4]]));
    expect(score.sectionsRight).toBe(1);
    expect(score.counts.truthSections).toBe(3);
    expect(score.counts.emptySections).toBe(1);
  });
});

describe.skipIf(
  !corpus.has('aata/aata-20220728.pdf', 'aata/pretext-src', 'dmoi/discretebook.pdf', 'dmoi/latex-src'),
)('the real books', () => {
  const count = (t: TruthBook) => {
    const sections = t.chapters.flatMap((c) => c.sections.filter((s) => s.number !== c.number));
    return {
      chapters: t.chapters.length,
      sections: sections.length,
      paragraphs: t.chapters.flatMap((c) => c.sections).reduce((n, s) => n + s.paragraphs.length, 0),
    };
  };

  it('aata: 23 chapters and 60 prose sections, as in the PDF contents', () => {
    const truth = readPretextTruth(corpus.path('aata/pretext-src'));
    const c = count(truth);
    expect(c.chapters).toBe(23);
    expect(c.sections).toBe(60);
    expect(c.paragraphs).toBeGreaterThan(1400);
    const groups = truth.chapters[2]!;
    expect(groups.sections.map((s) => `${s.number} ${s.title}`)).toEqual([
      '3 Groups',
      '3.1 Integer Equivalence Classes and Symmetries',
      '3.2 Definitions and Examples',
      '3.3 Subgroups',
    ]);
    expect(truth.chapters[15]!.sections.at(-1)!.number).toBe('16.5');
    // The PDF's first example of chapter 3 reads "Example 3.1 The following examples illustrate...".
    expect(
      groups.sections[1]!.paragraphs.some((p) => p.startsWith('Example 3.1 The following examples')),
    ).toBe(true);
  });

  it('dmoi: chapters 0-4 and appendix A with 30 sections, as in the PDF contents', () => {
    const truth = readLatexTruth(corpus.path('dmoi/latex-src'));
    const c = count(truth);
    expect(truth.chapters.map((ch) => ch.number)).toEqual(['0', '1', '2', '3', '4', 'A']);
    expect(c.sections).toBe(30);
    expect(c.paragraphs).toBeGreaterThan(1200);
    expect(truth.chapters[1]!.sections.map((s) => s.number).at(-1)).toBe('1.8');
    expect(truth.chapters[5]!.sections.map((s) => s.title)).toEqual([
      'Generating Functions',
      'Introduction to Number Theory',
    ]);
  });

  it('reads section pages from the PDF outline', async () => {
    const aata = await readOutlineSectionPages(corpus.path('aata/aata-20220728.pdf'));
    expect(aata.get('integer equivalence classes and symmetries')).toBe(40);
    expect(aata.get('groups')).toBe(40);
    expect(aata.get('definitions and examples#2')).toBeGreaterThan(aata.get('definitions and examples')!);
    const dmoi = await readOutlineSectionPages(corpus.path('dmoi/discretebook.pdf'));
    expect(dmoi.get('additive and multiplicative principles')).toBe(31);
  });

  it('scores a copy of the truth as perfect within a few seconds', async () => {
    const truth = readPretextTruth(corpus.path('aata/pretext-src'));
    const pages = await readOutlineSectionPages(corpus.path('aata/aata-20220728.pdf'));
    const seen = new Map<string, number>();
    const sectionPage = new Map<string, number>();
    for (const ch of truth.chapters) {
      for (const s of ch.sections) {
        const key = normalizeTitle(s.title);
        const n = s.number === ch.number ? 1 : (seen.get(key) ?? 0) + 1;
        if (s.number !== ch.number) seen.set(key, n);
        else seen.set(key, (seen.get(key) ?? 0) + 1);
        sectionPage.set(s.number, pages.get(n > 1 ? `${key}#${n}` : key) ?? 0);
      }
    }
    const started = Date.now();
    const score = scoreExtraction(
      truth,
      bookFrom(truth, (s) => sectionPage.get(s)!),
      pages,
    );
    // About 1 s on an idle machine; the bound leaves room for a loaded CI runner.
    expect(Date.now() - started).toBeLessThan(10000);
    expect(score.paragraphsRecovered).toBe(1);
    expect(score.paragraphsInRightSection).toBe(1);
    expect(score.sectionsRight).toBe(1);
  });
});

describe('a truth that cannot be read stops the measurement, naming the file', () => {
  const LATEX_MAIN = (body: string) =>
    `\\documentclass{book}\n\\input{macros}\n\\begin{document}\n${body}\n\\end{document}\n`;

  it('refuses a PreTeXt book whose xi:include is missing', () => {
    const dir = tempDir({ 'main.xml': PRETEXT_MAIN });
    expect(() => readPretextTruth(dir)).toThrow(TruthError);
    expect(() => readPretextTruth(dir)).toThrow(/main\.xml includes \.\/one\.xml, which is missing/);
  });

  it('refuses malformed PreTeXt, naming the file', () => {
    const dir = tempDir({ 'main.xml': PRETEXT_MAIN, 'one.xml': '<chapter><title>Broken</chapter>' });
    expect(() => readPretextTruth(dir)).toThrow(/one\.xml: XML:/);
  });

  it('refuses a LaTeX book whose chapter file is missing, and warns for a missing macro file', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const whole = tempDir({
        'book.tex': LATEX_MAIN('\\chapter{One}\nSome text of the first chapter.\n\n\\include{two}'),
        'two.tex': '\\chapter{Two}\nText of the second chapter.',
      });
      expect(readLatexTruth(whole).chapters.map((c) => c.title)).toEqual(['One', 'Two']);
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(/book\.tex includes macros before its first chapter/),
      );

      const holed = tempDir({
        'book.tex': LATEX_MAIN('\\chapter{One}\nSome text of the first chapter.\n\n\\include{two}'),
      });
      expect(() => readLatexTruth(holed)).toThrow(/book\.tex includes two, which is missing/);

      // A chapter the preamble defines (decay: a list of exercises) has not begun the text.
      const defined = tempDir({
        'book.tex': `\\documentclass{book}\n\\newcommand{\\listofex}{\\chapter*{List of Exercises}}\n\\begin{document}\n\\input{newcommands}\n\\chapter{One}\nSome text of the first chapter.\n\\end{document}\n`,
      });
      expect(readLatexTruth(defined).chapters.map((c) => c.title)).toEqual(['One']);
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(/book\.tex includes newcommands before its first chapter/),
      );
    } finally {
      warn.mockRestore();
    }
  });

  it('refuses a source without a main file, and one without paragraphs', () => {
    expect(() => readTruth(tempDir({ 'notes.txt': 'nothing' }))).toThrow(/no LaTeX main file/);
    expect(() => readTruth(path.join(os.tmpdir(), 'threadbook-no-such-folder'))).toThrow(
      /no such source folder/,
    );
    const empty = tempDir({
      'book.tex': '\\documentclass{book}\n\\begin{document}\n\\chapter{Empty}\n\\end{document}\n',
    });
    expect(() => readTruth(empty)).toThrow(/holds no paragraphs to score against/);
  });

  it('scores nothing against an empty truth instead of printing 100%', () => {
    const extracted: BookDocument = { title: 'T', author: '', chapters: [] };
    expect(() => scoreExtraction({ chapters: [] }, extracted, new Map())).toThrow(TruthError);
  });

  it('leaves listings out of the prose; words going on in lower case after one continue its paragraph', () => {
    const body = [
      'The lambda construction is convenient. For example,',
      '',
      '\\begin{lstlisting}[language=Python]',
      'a = lambda t: 2*t',
      '\\end{lstlisting}',
      'is equivalent to the def above.',
      '',
      '\\begin{verbatim}',
      'Terminal> python decay.py',
      '\\end{verbatim}',
      '',
      'Running it prints the table.',
    ].join('\n');
    expect(texParagraphs(body)).toEqual([
      'The lambda construction is convenient. For example, is equivalent to the def above.',
      'Running it prints the table.',
    ]);
  });

  it('reads Sweave: R chunks and \\Sexpr are not prose, and a sentence may go on after chunks in a row', () => {
    const dir = tempDir({
      'book.Rnw': LATEX_MAIN(
        '\\chapter{Data}\nA sample of size \\Sexpr{n} is drawn.\n\n<<sample, echo=TRUE>>=\nx <- rnorm(10)\nmean(x)\n@\n\nThe mean is close to zero. Its kurtosis:\n\n<<echo=TRUE>>=\nkurtosis(x)\n@\n\n\n<<echo=TRUE>>=\nskewness(x)\n@\n\nso that the data are mesokurtic.',
      ),
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(readTruth(dir).chapters[0]!.sections[0]!.paragraphs).toEqual([
        'A sample of size is drawn.',
        'The mean is close to zero. Its kurtosis: so that the data are mesokurtic.',
      ]);
    } finally {
      warn.mockRestore();
    }
  });

  it('finds every book folder of a corpus with its source, and refuses two PDFs in one folder', () => {
    const dir = tempDir({
      'alpha/alpha.pdf': '%PDF-1.4',
      'alpha/src/book.tex': LATEX_MAIN('\\chapter{A}\nText.'),
      'beta/beta.pdf': '%PDF-1.4',
      'notes/readme.md': 'no pdf here',
    });
    expect(corpusBooks(dir)).toEqual([
      { name: 'alpha', pdf: path.join(dir, 'alpha/alpha.pdf'), source: path.join(dir, 'alpha/src') },
      { name: 'beta', pdf: path.join(dir, 'beta/beta.pdf'), source: undefined },
    ]);
    fs.writeFileSync(path.join(dir, 'beta/other.pdf'), '%PDF-1.4');
    expect(() => corpusBooks(dir)).toThrow(/more than one PDF/);
  });
});

describe('references the links can judge', () => {
  const pair = (sourceId: string, targetId: string, anchors?: string[]): LinkedPair => ({
    sourceId,
    targetId,
    targetSectionId: targetId.split('.').slice(0, 2).join('.'),
    ...(anchors ? { anchors } : {}),
  });
  const ref = (sourceId: string, phrase: string): ExplicitReference => ({
    sourceId,
    targetId: '9.9.1',
    kind: 'section',
    phrase,
    via: 'text',
  });

  it('judges a reference whose number a link of its paragraph shows, not one typed without a link', () => {
    const judged = judgedByLinks([
      pair('1.1.1', '1.1.5.1', ['c. 1.1.5,']),
      pair('1.2.1', 'A.1', ['ix A for']),
    ]);
    expect(judged(ref('1.1.1', 'in Sec. 1.1.5'))).toBe(true);
    // The same paragraph, a number no link shows: "Exercise 1 in Sec. 1.1.5" links the section only.
    expect(judged(ref('1.1.1', 'by Exercise 1'))).toBe(false);
    expect(judged(ref('1.2.1', 'see Appendix A'))).toBe(true);
    // A paragraph without links.
    expect(judged(ref('2.1.1', 'in Sec. 1.1.5'))).toBe(false);
    // A reference taken from a link is the links' own.
    expect(judged({ ...ref('2.1.1', ''), via: 'link' })).toBe(true);
  });

  it('matches a link to a section’s opening with the item the words place in that section, nothing else', () => {
    const paragraph = (id: string): GraphParagraph => ({
      id,
      sectionId: id.split('.').slice(0, 3).join('.'),
      chapterId: id.split('.')[0]!,
      order: 0,
      page: 1,
      yStart: 0,
      text: '',
    });
    const same = sameAsLink(['1.7.2.1', '1.7.3.1', '1.7.3.8', '2.1.1.1'].map(paragraph));
    const lemma = {
      ...ref('2.1.1.1', 'In Lemma 2 of Sec. 1.7.3'),
      targetId: '1.7.3.8',
      kind: 'lemma' as const,
    };
    expect(same({ ...lemma, section: '1.7.3' }, pair('2.1.1.1', '1.7.3.1'))).toBe(true);
    expect(same({ ...lemma, section: '1.7.3' }, pair('2.1.1.1', '1.7.3.8'))).toBe(true);
    // Without the placing section, or with another section's opening, a link to the opening is not the lemma.
    expect(same(lemma, pair('2.1.1.1', '1.7.3.1'))).toBe(false);
    expect(same({ ...lemma, section: '1.7.3' }, pair('2.1.1.1', '1.7.2.1'))).toBe(false);
  });

  it('stops when the links’ text could not be read, rather than judge nothing', () => {
    expect(() => judgedByLinks([pair('1.1.1', '1.1.5.1'), pair('1.2.1', '2.1.1', [''])])).toThrow(TruthError);
  });
});

describe('the edge sample for a blind reading', () => {
  const paragraphs: GraphParagraph[] = Array.from({ length: 40 }, (_, order) => ({
    id: `1.${Math.floor(order / 10) + 1}.${(order % 10) + 1}`,
    sectionId: `1.${Math.floor(order / 10) + 1}`,
    chapterId: '1',
    order,
    page: 1,
    yStart: 0,
    text: `Paragraph ${order}`,
  }));
  const edges: GraphEdge[] = paragraphs.slice(1).map((p, i) => ({
    source: p.id,
    target: paragraphs[i]!.id,
    type: i % 3 === 0 ? 'ELABORATION' : 'BACKGROUND',
    justification:
      i % 5 === 0
        ? `The book links ${p.id} to ${paragraphs[i]!.id}`
        : i % 7 === 0
          ? 'Covers similar ideas'
          : 'Covers the same ideas: paragraph',
    score: 0.5,
    evidence: ['semantic'],
  }));

  it('tells a reason that quotes either paragraph from one made of labels or of nothing', () => {
    const texts = [
      'By Theorem 4.10, every left coset of H has as many elements as H.',
      'Theorem 4.10. Let H be',
    ];
    expect(quotesTheBook('Explicit reference: "By Theorem 4.10"', texts)).toBe(true);
    // Cut short at 60 characters, the quote is looked for up to the cut.
    expect(quotesTheBook('Explicit reference: "every left coset of H has as many…"', texts)).toBe(true);
    expect(quotesTheBook('Covers the same ideas: subgroup, left coset and elements', texts)).toBe(true);
    const goesOn =
      'Section 4.1, Paragraph 3 goes on from Section 4.1, Paragraph 2, on left coset and elements';
    expect(quotesTheBook(goesOn, texts)).toBe(true);
    expect(quotesTheBook(goesOn.replace('left coset', 'right coset'), ['Theorem 4.10. Let H be'])).toBe(
      false,
    );
    expect(
      quotesTheBook('"coset" defined in Section 4.1, Paragraph 2, used in Section 4.2, Paragraph 1', texts),
    ).toBe(true);
    // A label the builder writes is not the book's words, though a paragraph may name the same section.
    expect(
      quotesTheBook('The book links Section 4.1, Paragraph 2 to Section 4.1, Paragraph 1', [
        'See Section 4.1',
      ]),
    ).toBe(false);
    expect(quotesTheBook('Covers similar ideas', texts)).toBe(false);
    // The sentence a reason quotes for its ideas, cut at both ends, is looked for inside the cut.
    const saying = 'Covers the same ideas: x and y (Section 4.1, Paragraph 2: "…left coset of H has as…")';
    expect(sharedIdeasOf(saying)).toEqual(['x', 'y']);
    expect(quotesTheBook(saying, texts)).toBe(true);
    expect(quotesTheBook('An exercise and its answer, linked in the book ("")', texts)).toBe(false);
    expect(quotesTheBook('Explicit reference: "see Chapter 9"', texts)).toBe(false);
  });

  it('draws the same edges for the same seed, whatever order the graph lists them in', () => {
    const first = sampleEdges(edges, 15, 14);
    expect(first).toHaveLength(15);
    expect(new Set(first).size).toBe(15);
    expect(sampleEdges([...edges].reverse(), 15, 14)).toEqual(first);
    expect(sampleEdges(edges, 15, 15)).not.toEqual(first);
    expect(sampleEdges(edges.slice(0, 5), 15, 14)).toHaveLength(5);
  });

  it('reads the books and options an eval script is given', () => {
    const args = ['--seed', '7', 'x.pdf', 'x-src', 'y.PDF', '--count', '30'];
    expect(numberOption(args, '--seed', 14)).toBe(7);
    expect(numberOption(args, '--count', 15)).toBe(30);
    expect(numberOption(args, '--other', 15)).toBe(15);
    expect(() => numberOption(['--seed', 'x'], '--seed', 1)).toThrow(/--seed takes a whole number/);
    expect(bookArgs(args)).toEqual([
      { name: 'x', pdf: path.resolve('x.pdf'), source: path.resolve('x-src') },
      { name: 'y', pdf: path.resolve('y.PDF') },
    ]);
    expect(() => bookArgs(['x.pdf', 'a', 'b'])).toThrow(/b: expected a PDF/);
  });

  it('counts what a reading checks: reasons without evidence, elaborations that are only the next paragraph', () => {
    const figures = edgeFigures(edges, paragraphs);
    expect(figures.edges).toBe(39);
    // Every fifth reason is a bare link, four more name nothing: none quotes the book.
    expect(figures.unquotedReasons).toBe(12);
    expect(figures.unquotedLinks).toBe(8);
    expect(figures.elaborations).toBe(13);
    // Each edge here goes back one paragraph: no ELABORATION goes to the next one.
    expect(figures.elaborationsToNext).toBe(0);
    const ahead = edges.map((e) => ({ ...e, source: e.target, target: e.source }));
    expect(edgeFigures(ahead, paragraphs).elaborationsToNext).toBe(13);
    expect(() => edgeFigures([{ ...edges[0]!, target: 'nowhere' }], paragraphs)).toThrow(/no such paragraph/);
  });
});

describe('tallying blind readings', () => {
  const table = [
    '# Verdicts: aata draw 1 (seed 5)',
    '| # | Sensible | Type | Reason | Comment on every N |',
    '|---|---|---|---|---|',
    '| 1 | Y | Y | Y | |',
    '| 2 | N | Y | N | Wrong target. |',
    '| 3 | Y* | N | Y | Borderline. |',
  ].join('\n');

  it('counts each edge once from its table row, and names the book from the file', () => {
    expect(tallyVerdicts(table, 'aata.draw1.verdicts.md')).toEqual({
      edges: 3,
      yes: { sensible: 2, type: 2, reason: 2 },
    });
    expect(bookOfVerdicts('aata-20220728.draw2.verdicts.md')).toBe('aata-20220728');
    // A reader's emphasis on a verdict is read through, not skipped (r22's linalg readers bolded their N's).
    expect(tallyVerdicts(`${table}\n| 4 | **N** | Y | **N** | cut short |`, 'bold.verdicts.md')).toEqual({
      edges: 4,
      yes: { sensible: 2, type: 3, reason: 2 },
    });
    const two = tallyVerdicts(table, 'a');
    expect(pooled([two, two])).toEqual({ edges: 6, yes: { sensible: 4, type: 4, reason: 4 } });
  });

  it('stops on a file it cannot read rather than measure nothing', () => {
    expect(() => tallyVerdicts('# no table here', 'empty.verdicts.md')).toThrow(/no verdict rows/);
    expect(() => tallyVerdicts(`${table}\n| 2 | Y | Y | Y | |`, 'twice.verdicts.md')).toThrow(/judged twice/);
    expect(() => tallyVerdicts(`${table}\n| 4 | yes | Y | Y | |`, 'odd.verdicts.md')).toThrow(
      /edge 4 are unreadable/,
    );
    expect(() => wilsonInterval(0, 0)).toThrow();
  });

  it('gives a share its 95% Wilson interval', () => {
    const [low, high] = wilsonInterval(18, 20);
    expect(low).toBeCloseTo(0.699, 3);
    expect(high).toBeCloseTo(0.972, 3);
    expect(wilsonInterval(20, 20)[1]).toBeCloseTo(1, 6);
  });
});
