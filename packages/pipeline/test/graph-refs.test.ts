import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { numbersExamples } from '../src/numbered-examples.ts';
import { corpus } from '@threadbook/test-support';
import { buildSampleBook, type SampleBookTruth } from '../../../samples/sample-book/index.ts';
import { extractBook } from '../src/extract/extract-book.ts';
import {
  landsOnNothingNamed,
  mapLinksToParagraphs,
  paragraphLinkWordsMean,
  partNamed,
  readInternalLinks,
  type PdfLink,
} from '../src/graph/links.ts';
import { graphParagraph } from './graph-fixtures.ts';
import { graphParagraphs } from '../src/graph/paragraphs.ts';
import { expandNumbers, findItemLabels, findReferenceMentions } from '../src/graph/refs/grammar.ts';
import { namesAnswerTo } from '../src/graph/refs/answer-labels.ts';
import { linkWords, PART_OF_BOOK } from '../src/graph/refs/link-words.ts';
import { toTheProofsNamed } from '../src/graph/refs/proofs.ts';
import { resolveExplicitReferences } from '../src/graph/refs/resolve.ts';
import {
  itemNamedWithSection,
  itemTheSentenceCites,
  paragraphReferredTo,
  pastLeadIn,
  referenceIntoSection,
} from '../src/graph/refs/within-section.ts';
import type { GraphParagraph } from '../src/graph/types.ts';

/** "kind label" for each mention, in order. */
const refs = (text: string) => findReferenceMentions(text).map((m) => `${m.kind} ${m.label}`);

describe('findReferenceMentions on phrasings from aata and dmoi', () => {
  it('finds numbered references with the words that lead into them', () => {
    // aata 2.4 exercise, 4.1.18, 3.2.13, 6.1 proof, 20.5 exercise, 10.4, 21.5
    const induction =
      'Prove that the two principles of mathematical induction stated in Section 2.1 are equivalent.';
    expect(findReferenceMentions(induction)).toMatchObject([
      { kind: 'section', label: '2.1', phrase: 'in Section 2.1', direction: 'back' },
    ]);
    expect(refs('Then 1 ∈ S, so the theorem is true by Lemma 2.7. Assume that k ∈ S.')).toEqual([
      'lemma 2.7',
    ]);
    expect(refs('Using Figure 3.7, which is a Cayley table for this group, we can easily check')).toEqual([
      'figure 3.7',
    ]);
    expect(
      refs(
        'The multiplication table for this group is Figure 3.7. The subgroups of S3 are shown in Figure 4.8.',
      ),
    ).toEqual(['figure 3.7', 'figure 4.8']);
    expect(refs('a = g1h1 = g2h2. By Lemma 6.3, the map is well-defined')).toEqual(['lemma 6.3']);
    expect(refs('of vector spaces (see Exercise 20.5.15, Chapter 20). Let')).toEqual([
      'exercise 20.5.15',
      'chapter 20',
    ]);
    expect(refs('as an exercise (Exercise 10.4.14 in Chapter 10).')).toEqual([
      'exercise 10.4.14',
      'chapter 10',
    ]);
    expect(refs('then [Q(α) : Q] = 5 by Exercise 21.5.28. Since Q(α) is a subfield')).toEqual([
      'exercise 21.5.28',
    ]);
    expect(refs('In light of Theorem 5.15, we define a permutation to be even')).toEqual(['theorem 5.15']);
    expect(refs('It is important to realize that Axiom 19.12 and Principle 2.6 are')).toEqual([
      'other 19.12',
      'other 2.6',
    ]);
    // dmoi 1.6.12, 2.2, 0.1
    expect(
      refs('of not necessarily disjoint sets. We saw in Section 1.1 how this works with two sets.'),
    ).toEqual(['section 1.1']);
    expect(refs('Using the “multiply, shift and subtract” technique from Section 2.2, we have')).toEqual([
      'section 2.2',
    ]);
    expect(refs('which we will return to in Chapter 1.')).toEqual(['chapter 1']);
  });

  it('reads a reference that opens a paragraph with a verb after it, and a remark that quotes a theorem', () => {
    // aata 6.2.6, 21.2 remark
    expect(refs('Corollary 6.12 suggests that groups of prime order p must somehow look like Zp.')).toEqual([
      'corollary 6.12',
    ]);
    expect(refs('Remark 21.16 Theorem 21.15 says that any finite extension')).toEqual(['theorem 21.15']);
    expect(refs('Theorem 2.3(d) each message reaches each machine by exactly one route.')).toEqual([
      'theorem 2.3',
    ]);
  });

  it('expands ranges and lists, with any dash and with non-breaking spaces', () => {
    // aata 14.5 exercise 1
    expect(refs('1. Examples 14.1–14.5 in the first section each describe an action of a group')).toEqual([
      'example 14.1',
      'example 14.2',
      'example 14.3',
      'example 14.4',
      'example 14.5',
    ]);
    expect(refs('compare real and random networks in Sections 5.1–5.3.')).toEqual([
      'section 5.1',
      'section 5.2',
      'section 5.3',
    ]);
    expect(refs('the search algorithms in Sections 3.1 and 3.2.')).toEqual(['section 3.1', 'section 3.2']);
    expect(refs('Theorems 4.1 and 4.2, and Examples 3.1, 3.4, and 3.7')).toEqual([
      'theorem 4.1',
      'theorem 4.2',
      'example 3.1',
      'example 3.4',
      'example 3.7',
    ]);
    expect(refs('see Chapters 4 and 5')).toEqual(['chapter 4', 'chapter 5']);
    expect(refs('Sections\u00a02.1-2.3')).toEqual(['section 2.1', 'section 2.2', 'section 2.3']);
    expect(refs('Sections 2.4 — 3.1')).toEqual(['section 2.4', 'section 3.1']);
    expect(refs('as in §2.1 and §§3.1–3.2')).toEqual(['section 2.1', 'section 3.1', 'section 3.2']);
    expect(findReferenceMentions('see Sections 2.1–2.3 for the proof')[0]!.phrase).toBe(
      'see Sections 2.1–2.3',
    );
  });

  it('tells the later items of a range, which the PDF does not link, from the items of a list', () => {
    const starts = (text: string) => findReferenceMentions(text).map((m) => m.rangeStart ?? '-');
    // aata 14.5 exercise 1: the PDF links the whole phrase once, to Example 14.1.
    expect(starts('1. Examples 14.1–14.5 in the first section each describe an action of a group')).toEqual([
      '-',
      '14.1',
      '14.1',
      '14.1',
      '14.1',
    ]);
    expect(starts('Theorems 4.1 and 4.2, and Sections 2.1, 2.3–2.4')).toEqual(['-', '-', '-', '-', '2.3']);
  });

  it('finds equation numbers only where words refer to them', () => {
    expect(refs('It follows from (3.2) and (3.4) that x = 0.')).toEqual(['equation 3.2', 'equation 3.4']);
    expect(refs('Substituting into Equation (3) gives')).toEqual(['equation 3']);
    expect(findReferenceMentions('It follows from (3.2) that')[0]!.phrase).toBe('from (3.2)');
  });

  it('leaves out labels, headings, years, coordinates, intervals, list items and bare words', () => {
    // aata item heads, captions and a heading line
    expect(refs('Theorem 3.17 Let G be a group and a, b ∈ G.')).toEqual([]);
    expect(refs('Example 3.28 The set Z2 × Z2 is a group.')).toEqual([]);
    expect(refs('Definition 1.1 (Graph). A graph G consists of')).toEqual([]);
    expect(refs('Section 3.2 Definitions and Examples')).toEqual([]);
    expect(refs('A B f 1 C g a X 2 b Y 3 c Z Figure 1.9 Composition of maps')).toEqual([]);
    // aata 8.1: a probability, not an equation
    expect(refs('the probability of a perfect transmission is (0.999)10,000 ≈ 0.00005.')).toEqual([]);
    expect(refs('In 2015 the Chapter on groups was rewritten; see page 34.')).toEqual([]);
    expect(refs('the points (1, 2) and (3, 4) lie in the interval (0, 1) by (a) and (2015)')).toEqual([]);
    expect(refs('conditions (1) and (2) hold, so f(3.2) = 7 at x = (3.2)')).toEqual([]);
    expect(refs('In this chapter we will outline the background needed')).toEqual([]);
    expect(refs('In the previous section we saw that')).toEqual([]);
    // kastner: places in a cited work, not this book's
    expect(refs('See Kastner (2016: Section 2.4.1.1) for a summary.')).toEqual([]);
    expect(
      refs('as argued at length (Alexiadou et al. 2015: Chapter 3; cf. Schäfer 2008, Section 4.2)'),
    ).toEqual([]);
    expect(refs('as argued by Doron (2003), see Section 4.2.')).toEqual(['section 4.2']);
  });

  it('takes one number after a singular word', () => {
    expect(refs('By Lemma 2.7, 1 + 2 + 3 is')).toEqual(['lemma 2.7']);
    expect(refs('by Theorem 4.1, 3 divides n')).toEqual(['theorem 4.1']);
  });

  it('tells back from forward wording', () => {
    const direction = (text: string) => findReferenceMentions(text)[0]!.direction;
    expect(direction('Recall from Section 2.1 that every integer')).toBe('back');
    expect(
      direction('Let us recall for a moment the symmetries of the equilateral triangle from Chapter 3.'),
    ).toBe('back');
    expect(direction('As we discussed in Chapter 4, the roots of unity')).toBe('back');
    expect(direction('In Chapter 13, we will prove that all finite abelian groups')).toBe('forward');
    expect(direction('which will be stated and proved in Chapter 2.')).toBe('forward');
    expect(direction('We will discuss induction in Section 2.5.')).toBe('forward');
    expect(direction('By Theorem 4.1, G is cyclic.')).toBeUndefined();
  });

  it('takes a caption that opens a paragraph as the figure’s or table’s own label, a formula or none after it', () => {
    // aata 19.3, 12.4, 8.1 captions; 3.2 and 8.1 sentences that open with a reference
    expect(findItemLabels('Figure 19.25 a ∧ b')).toEqual([
      { kind: 'figure', label: '19.25', name: 'Figure 19.25' },
    ]);
    expect(findItemLabels('Figure 12.25')).toEqual([
      { kind: 'figure', label: '12.25', name: 'Figure 12.25' },
    ]);
    expect(findItemLabels('Table 8.5 A repetition code')).toEqual([
      { kind: 'table', label: '8.5', name: 'Table 8.5' },
    ]);
    expect(refs('Figure 19.25 a ∧ b')).toEqual([]);
    expect(refs('Figure 3.10 is a Cayley table for Z5.')).toEqual(['figure 3.10']);
    expect(refs('Table 8.5 also shows the number of bits by which each received word differs')).toEqual([
      'table 8.5',
    ]);
  });

  it('reads a statement named by a letter code, as linalg names its definitions ("Definition D0", "Definition Tr1")', () => {
    expect(findItemLabels('Definition D0: The determinant of a square matrix is the number')).toEqual([
      { kind: 'definition', label: 'D0', name: 'Definition D0' },
    ]);
    expect(refs('First proof: According to Definition D0, the determinant of the transposed matrix')).toEqual(
      ['definition D0'],
    );
    expect(refs('Show that the trace (according to Definition Tr1) does not depend on it.')).toEqual([
      'definition Tr1',
    ]);
    // Not a label: a word after the code, or a code no statement word names.
    expect(refs('Definition DNA0 and the D0 brane')).toEqual([]);
    const paragraphs = paragraphsOf([
      ['3.1', 'Definition D0: The determinant of a square matrix is a sum over permutations.'],
      [
        '3.4',
        'First proof: According to Definition D0, the determinant of the transposed matrix is the same.',
      ],
    ]);
    expect(pairs(resolveExplicitReferences(paragraphs))).toEqual(['3.4.1>3.1.1']);
  });

  it('names the items a paragraph opens with or holds as a caption', () => {
    expect(findItemLabels('Theorem 9.21 The group Zm × Zn is isomorphic to Zmn')).toEqual([
      { kind: 'theorem', label: '9.21', name: 'Theorem 9.21' },
    ]);
    expect(findItemLabels('· 1 3 5 7 1 1 3 5 7 Figure 3.12 Multiplication table for U (8)')).toEqual([
      { kind: 'figure', label: '3.12', name: 'Figure 3.12' },
    ]);
    expect(findItemLabels('By Theorem 9.21 The group')).toEqual([]);
  });
});

/** Paragraphs from texts; each text's section is given with it. */
function paragraphsOf(entries: [sectionId: string, text: string][], page = 1): GraphParagraph[] {
  const counts = new Map<string, number>();
  return entries.map(([sectionId, text], order) => {
    const n = (counts.get(sectionId) ?? 0) + 1;
    counts.set(sectionId, n);
    return {
      id: `${sectionId}.${n}`,
      sectionId,
      chapterId: sectionId.split('.')[0]!,
      order,
      page,
      yStart: order / entries.length,
      text,
    };
  });
}

const pairs = (refs: { sourceId: string; targetId: string }[]) =>
  refs.map((r) => `${r.sourceId}>${r.targetId}`);

describe('resolveExplicitReferences on hand-built paragraphs', () => {
  const paragraphs = paragraphsOf([
    ['2', 'The integers are the building blocks of mathematics.'],
    ['2.1', 'Suppose we wish to show that 1 + 2 + · · · + n = n(n + 1)/2.'],
    ['2.1', 'Lemma 2.7 The Principle of Mathematical Induction holds.'],
    ['2.1', 'If S contains 1, then the theorem is true by Lemma 2.7 and by Theorem 2.9.'],
    ['2.2', 'Theorem 2.10 Let a and b be nonzero integers. Then ax + by = d (2.3)'],
    ['2.2', 'Proof. It follows from (2.3) and Lemma 2.7, see Section 2.1 and Chapter 2.'],
    ['2.4', '15. Linear Transformations. Let V and W be vector spaces.'],
    ['3.1', 'See Exercise 2.4.15 and Exercise 2.4.99, and Figure 2.5; Section 2.2 begins with Theorem 2.10.'],
    ['3.1', 'Theorem 2.10 says that gcd(a, b) is a combination. (Section 2.2 proves Theorem 2.10 as well.)'],
  ]);
  const resolved = resolveExplicitReferences(paragraphs);

  it('points at the labelled item, the first paragraph of a section or chapter, the exercise and the display', () => {
    expect(pairs(resolved)).toEqual([
      '2.1.3>2.1.2',
      '2.2.2>2.2.1',
      '2.2.2>2.1.2',
      '2.2.2>2.1.1',
      '2.2.2>2.1',
      '3.1.1>2.4.1',
      '3.1.1>2.2.1',
      '3.1.2>2.2.1',
    ]);
    expect(resolved[1]).toEqual({
      sourceId: '2.2.2',
      targetId: '2.2.1',
      kind: 'equation',
      phrase: 'from (2.3)',
      via: 'text',
    });
  });

  it('drops what the book does not show (Theorem 2.9, Exercise 2.4.99, Figure 2.5) and never points at itself', () => {
    const targets = resolved.map((r) => r.targetId);
    expect(resolved.filter((r) => r.sourceId === r.targetId)).toEqual([]);
    expect(resolved.filter((r) => r.sourceId === '2.1.3').map((r) => r.phrase)).toEqual(['by Lemma 2.7']);
    expect(targets.filter((t) => t === '2.4.1')).toHaveLength(1);
  });

  it('takes the PDF links as evidence: agreeing ones are "both", a disagreeing link wins, others are added', () => {
    // One paragraph per page so links can be placed by page: source 2.1.3 is on page 4, and so on.
    const onPages = paragraphs.map((p, i) => ({ ...p, page: i + 1, yStart: 0.1 }));
    const link = (from: string, to: string): PdfLink => ({
      page: onPages.find((p) => p.id === from)!.page,
      rect: { left: 0.2, top: 0.3, right: 0.3, bottom: 0.32 },
      target: { page: onPages.find((p) => p.id === to)!.page, y: 0.09, name: undefined },
    });
    const withLinks = resolveExplicitReferences(onPages, {
      links: [link('2.1.3', '2.1.2'), link('2.1.3', '2.2.1'), link('3.1.2', '2.2.2'), link('2.1.1', '2.4.1')],
    });
    const from = (id: string) => withLinks.filter((r) => r.sourceId === id).map((r) => [r.targetId, r.via]);
    expect(from('2.1.3')).toEqual([
      ['2.1.2', 'both'],
      ['2.2.1', 'link'],
    ]);
    // The text's Theorem 2.10 (2.2.1) and the link (2.2.2) disagree for the one reference: the link wins.
    expect(from('3.1.2')).toEqual([['2.2.2', 'link']]);
    expect(withLinks.find((r) => r.sourceId === '2.1.1')).toEqual({
      sourceId: '2.1.1',
      targetId: '2.4.1',
      kind: 'other',
      phrase: '',
      via: 'link',
    });
    // A link the text finder did not read quotes nothing: the target is named by its label instead.
    expect(withLinks.find((r) => r.sourceId === '2.1.3' && r.via === 'link')).toMatchObject({
      kind: 'theorem',
      phrase: '',
      targetName: 'Theorem 2.10',
    });
  });

  /** A paragraph alone on its page, as links place it, and a link from one such paragraph to another. */
  const onItsPageAt = (id: string, order: number, page: number, text: string): GraphParagraph => ({
    ...paragraphs[0]!,
    id,
    sectionId: id.slice(0, id.lastIndexOf('.')),
    order,
    page,
    yStart: 0.1,
    text,
  });
  const linkBetween = (from: GraphParagraph, to: GraphParagraph): PdfLink => ({
    page: from.page,
    rect: { left: 0.1, top: 0.11, right: 0.15, bottom: 0.13 },
    target: { page: to.page, y: 0.09, name: undefined },
  });

  it('pairs a text reference to a section only with a link into that section (decay)', () => {
    const source = onItsPageAt(
      '4.5.2.1',
      0,
      1,
      'The methods are compared in Section 4.6 and in Section 4.5.4.',
    );
    const waitingOpens = onItsPageAt('4.5.4.1', 1, 2, 'Waiting times.');
    const waiting = onItsPageAt('4.5.4.2', 2, 3, 'The time to decay is a waiting time.');
    const comparedOpens = onItsPageAt('4.6.1', 3, 4, 'Comparisons.');
    const compared = onItsPageAt('4.6.2', 4, 5, 'Comparing the methods.');
    // The links land past each section's first paragraph, and the PDF lists them in the other order.
    const found = resolveExplicitReferences([source, waitingOpens, waiting, comparedOpens, compared], {
      links: [linkBetween(source, waiting), linkBetween(source, compared)],
    });
    expect(found.map((r) => [r.targetId, r.phrase])).toEqual([
      ['4.6.2', 'in Section 4.6'],
      ['4.5.4.2', 'in Section 4.5.4'],
    ]);
  });

  it('takes a paragraph inside a section referred to for where the reference sends the reader (linalg)', () => {
    const opening = onItsPageAt('3.4.1.1', 10, 2, 'Index notation.');
    const levi = onItsPageAt('3.4.1.5', 14, 3, 'The Levi-Civita symbol is the index representation of ω.');
    const elsewhere = onItsPageAt('3.5.1', 20, 4, 'The Levi-Civita symbol changes sign under a swap.');
    const referring = onItsPageAt('5.2.1', 40, 5, 'For the Levi-Civita symbol, see also Section 3.4.1.');
    const paragraphs = [opening, levi, elsewhere, referring];
    const bySource = new Map([[referring.id, resolveExplicitReferences(paragraphs)]]);
    const byId = new Map(paragraphs.map((p) => [p.id, p]));
    expect(bySource.get(referring.id)?.map((r) => r.targetId)).toEqual(['3.4.1.1']);
    expect(referenceIntoSection(levi, referring, bySource, byId)).toMatchObject({
      sourceId: '5.2.1',
      targetId: '3.4.1.1',
      phrase: 'see also Section 3.4.1',
    });
    expect(referenceIntoSection(referring, elsewhere, bySource, byId)).toBeUndefined();
    // The section's first paragraph is the reference's own target already.
    expect(referenceIntoSection(referring, opening, bySource, byId)).toBeUndefined();
    // A whole chapter stands for none of its paragraphs ("Exercise 16.7.12, Chapter 16").
    const toChapter = new Map([
      [referring.id, bySource.get(referring.id)!.map((r) => ({ ...r, kind: 'chapter' as const }))],
    ]);
    expect(referenceIntoSection(levi, referring, toChapter, byId)).toBeUndefined();
  });

  it('sends a reference to a section to the paragraph there its sentence is about, when the opening is not (ipsur)', () => {
    const opening = onItsPageAt('9.1.1', 0, 1, 'How do we guess a parameter from a sample?');
    const definition = onItsPageAt(
      '9.1.29',
      29,
      2,
      'Definition 9.7 (Unbiased estimators). A statistic whose expected value is the parameter is an unbiased estimator.',
    );
    const other = onItsPageAt(
      '9.1.30',
      30,
      3,
      'The variance of the sample mean shrinks with the sample size.',
    );
    const referring = onItsPageAt(
      '12.2.4.3',
      40,
      4,
      'It follows that the estimator b is an unbiased estimator (see Section 9.1). Its variance is known.',
    );
    const ideas = ['unbiased estimator', 'variance', 'sample', 'parameter'];
    const sharedIdeas = (a: string, b: string) => {
      const shared = ideas.filter((i) => a.toLowerCase().includes(i) && b.toLowerCase().includes(i));
      return shared.length > 0 ? shared : undefined;
    };
    const [reference] = resolveExplicitReferences([opening, definition, other, referring]);
    expect(reference).toMatchObject({ targetId: '9.1.1', phrase: 'see Section 9.1' });
    const inSection = [definition, other];
    expect(paragraphReferredTo(reference!, referring, opening, inSection, sharedIdeas)?.id).toBe('9.1.29');
    // Not when the opening is about what the sentence says, nor for a whole chapter.
    const aboutIt = { ...opening, text: 'An unbiased estimator hits its parameter on average.' };
    expect(paragraphReferredTo(reference!, referring, aboutIt, inSection, sharedIdeas)).toBeUndefined();
    const chapter = { ...reference!, kind: 'chapter' as const, phrase: 'see Chapter 9' };
    expect(paragraphReferredTo(chapter, referring, opening, inSection, sharedIdeas)).toBeUndefined();
    // Nor when two paragraphs of the section stand equally.
    const twin = { ...definition, id: '9.1.31' };
    expect(
      paragraphReferredTo(reference!, referring, opening, [definition, twin], sharedIdeas),
    ).toBeUndefined();
  });

  it('sends a reference to a section to the statement or definition its sentence cites (ipsur), or past a lead-in (csbu)', () => {
    const appendix = [
      onItsPageAt(
        'E.2.1',
        0,
        1,
        'A function f of one variable is said to be one-to-one if no two distinct x values are mapped to the same value, as the horizontal line test shows.',
      ),
      onItsPageAt(
        'E.2.2',
        1,
        1,
        'Definition E.1. The limit of f(x) as x approaches a is L if f(x) comes as close to L as we like.',
      ),
      onItsPageAt(
        'E.2.3',
        2,
        1,
        'Definition E.2. A function f is continuous at a number a if the limit of f at a is f(a). It is left-continuous at a if the limit from the left is f(a).',
      ),
      onItsPageAt(
        'E.2.4',
        3,
        1,
        'Theorem E.9 (The Fundamental Theorem of Calculus). Suppose f is continuous on [a, b]. Then the integral of f has derivative f.',
      ),
    ];
    const cites = (text: string, termsDefinedIn = (_: GraphParagraph): string[] => []) => {
      const referring = onItsPageAt('6.1.15', 10, 2, text);
      const [reference] = resolveExplicitReferences([...appendix, referring]);
      expect(reference).toMatchObject({ targetId: 'E.2.1' });
      return itemTheSentenceCites(reference!, referring, appendix[0]!, appendix, termsDefinedIn)?.id;
    };
    expect(
      cites('The last equality is true by the Fundamental Theorem of Calculus, part (2) (see Appendix E.2).'),
    ).toBe('E.2.4');
    expect(cites('The CDF is left-continuous (see Appendix E.2). It steps up at each mass point.')).toBe(
      'E.2.3',
    );
    // The opening holds the word: the reference means the opening.
    expect(cites('In the case that h is one-to-one (see Appendix E.2), we substitute.')).toBeUndefined();
    // A word no definition of the section holds, or that two hold, says nothing.
    expect(cites('We know from calculus (see Appendix E.2) to differentiate.')).toBeUndefined();
    expect(cites('Such a limit (see Appendix E.2) exists.')).toBeUndefined();
    // A paragraph not printed as a definition serves where the book defines a term of the word in it.
    expect(cites('The theorem holds for every antiderivative (see Appendix E.2).')).toBeUndefined();
    const antiderivative = (p: GraphParagraph) => (p.id === 'E.2.4' ? ['antiderivative'] : []);
    expect(cites('The theorem holds for every antiderivative (see Appendix E.2).', antiderivative)).toBe(
      'E.2.4',
    );
    // The term the sentence names last before the reference, where no word is attached to it (linalg:
    // "namely an orthonormal basis {ej} such that 〈ei, ej〉 = δij (see Sec. 5.1)").
    const limits = (p: GraphParagraph) =>
      p.id === 'E.2.2' ? ['limit'] : p.id === 'E.2.3' ? ['continuous function'] : [];
    const nearest =
      'For a continuous function, namely a limit such that f(a) = L (see Appendix E.2), it holds.';
    expect(cites(nearest, limits)).toBe('E.2.2');
    expect(cites(nearest.replace('namely a limit', 'namely'), limits)).toBe('E.2.3');
    // Not a term two paragraphs define, nor one the opening holds.
    const twice = (p: GraphParagraph) => (p.id === 'E.2.2' || p.id === 'E.2.3' ? ['limit'] : []);
    expect(cites(nearest, twice)).toBeUndefined();
    const opened = (p: GraphParagraph) => (p.id === 'E.2.3' ? ['horizontal line'] : []);
    expect(cites('Take a horizontal line such that y = 2 (see Appendix E.2).', opened)).toBeUndefined();

    const leadIn = onItsPageAt(
      '2.sign-extension.1',
      20,
      3,
      "All modern computers use two's complement representation.",
    );
    const explained = onItsPageAt(
      '2.sign-extension.2',
      21,
      3,
      'Sign-extension copies the top bit of a narrower value into every added bit of the wider one, so that a negative number stays negative when it is widened to a larger register.',
    );
    const section = [leadIn, explained];
    const inOrder = (order: number) => section.find((p) => p.order === order);
    const referring = onItsPageAt(
      '6.canonical.2',
      30,
      5,
      'The top bit must be sign-extended (see the section called “Sign-extension”).',
    );
    const reference = {
      sourceId: referring.id,
      targetId: leadIn.id,
      kind: 'section' as const,
      phrase: 'the section called “Sign-extension”',
      via: 'text' as const,
    };
    expect(pastLeadIn(reference, leadIn, inOrder)?.id).toBe('2.sign-extension.2');
    expect(pastLeadIn(reference, explained, inOrder)).toBeUndefined();
    // Nor for a whole chapter.
    expect(pastLeadIn({ ...reference, kind: 'chapter' }, leadIn, inOrder)).toBeUndefined();
  });

  it('sends a reference named with an item of its section to that item, or to nothing when the section holds none or several (linalg)', () => {
    const section = [
      onItsPageAt('2.3.2.1', 0, 1, 'The exterior product is useful in many ways.'),
      onItsPageAt(
        '2.3.2.20',
        1,
        1,
        'Exercise 1: It is given that the four vectors are linearly independent.',
      ),
      onItsPageAt('2.3.2.25', 2, 1, 'Exercise 2: Suppose that x ∧ ψ = 0 while x ≠ 0. Show that ψ = x ∧ χ.'),
    ];
    const named = (text: string) => {
      const referring = onItsPageAt('2.2.1.20', 10, 2, text);
      const [reference] = resolveExplicitReferences([...section, referring]);
      expect(reference).toMatchObject({ targetId: '2.3.2.1' });
      return itemNamedWithSection(reference!, referring, section[0]!, section);
    };
    expect(
      named('A bivector is not always a single term; see the Exercise at the end of Sec. 2.3.2.')?.item?.id,
    ).toBe('2.3.2.25');
    // A numbered item the grammar places itself ("Exercise 1 in Sec. 2.3.2") needs none of this.
    const placed = onItsPageAt(
      '2.2.1.21',
      11,
      2,
      'As shown in Exercise 1 in Sec. 2.3.2, they span the space.',
    );
    expect(resolveExplicitReferences([...section, placed]).map((r) => r.targetId)).toEqual(['2.3.2.20']);
    // None of the kind there ("see Definition 1 in Sec. 5.3.1" of a section without one), or two it cannot tell apart.
    expect(named('Transpose it, see Definition 1 in Sec. 2.3.2.')).toEqual({ item: undefined });
    expect(named('A derivation is given as an exercise in Sec. 2.3.2.')).toEqual({ item: undefined });
    // Words that name no item ("the same problem as in"), or a link's words cut short, leave the section.
    expect(named('This is the same problem as in Sec. 2.3.2, again.')).toBeUndefined();
    const cutShort = onItsPageAt(
      '2.2.1.22',
      12,
      2,
      'It is not a single term; see the Exercise at the end of Sec. 2.3.2.',
    );
    const linkWordsCut = {
      sourceId: cutShort.id,
      targetId: '2.3.2.1',
      kind: 'section' as const,
      phrase: 'Sec. 2.3',
      via: 'link' as const,
    };
    expect(itemNamedWithSection(linkWordsCut, cutShort, section[0]!, section)).toBeUndefined();
  });

  it('sends "the proof of Statement 1" to the proof after the statement, quoting it so (linalg)', () => {
    const statement = onItsPageAt(
      '4.7.3',
      3,
      1,
      'Statement 1: The operator P is a projector onto the eigenspace.',
    );
    const proof = onItsPageAt(
      '4.7.4',
      4,
      1,
      'Proof: We denote P for brevity and first show that P is a projector.',
    );
    const proving = onItsPageAt(
      '4.7.13',
      13,
      2,
      'Proof: As in the proof of Statement 1, we first show that the image is a subspace.',
    );
    const using = onItsPageAt('4.7.14', 14, 2, 'The operator is a projector by Statement 1.');
    const alike = onItsPageAt(
      '4.7.15',
      15,
      2,
      'Proof: (1) The proof is similar to that of Statement 1. Suppose the set is linearly dependent.',
    );
    const all = [statement, proof, proving, using, alike];
    const references = toTheProofsNamed(resolveExplicitReferences(all), all);
    expect(references.find((r) => r.sourceId === proving.id)).toMatchObject({
      targetId: proof.id,
      phrase: 'proof of Statement 1',
    });
    expect(references.find((r) => r.sourceId === alike.id)).toMatchObject({
      targetId: proof.id,
      phrase: 'proof is similar to that of Statement 1',
    });
    expect(references.find((r) => r.sourceId === using.id)?.targetId).toBe(statement.id);
    // No proof after the statement before another statement: the statement stays the target.
    const other = onItsPageAt('4.7.4', 4, 1, 'Statement 2: The image of P is the eigenspace.');
    const unproved = [statement, other, { ...proof, id: '4.7.5', order: 5 }, proving];
    expect(toTheProofsNamed(resolveExplicitReferences(unproved), unproved)[0]?.targetId).toBe(statement.id);
  });

  it('takes no link without words of its own from a paragraph with none (a "√", a footnote’s address), nor to one without a letter', () => {
    const root = onItsPageAt('3.2.1', 0, 1, '√');
    const address = onItsPageAt('3.2.2', 1, 2, '1 http://tinyurl.com/ofkw6kc/analysis');
    const text = onItsPageAt('3.2.3', 2, 3, 'The solver is verified against the exact solution.');
    const figure = onItsPageAt('3.2.9', 9, 4, 'Fig. 3.1 The numerical and exact solutions.');
    // Nor one landing on a paragraph without a letter: a plot's tick labels (ipsur's Lake Huron figure).
    const ticks = onItsPageAt('3.2.10', 10, 5, '1880 1900 1920 1940 1960');
    const found = resolveExplicitReferences([root, address, text, figure, ticks], {
      links: [
        linkBetween(root, figure),
        linkBetween(address, figure),
        linkBetween(text, figure),
        linkBetween(text, ticks),
      ],
    });
    expect(found.map((r) => `${r.sourceId}>${r.targetId}`)).toEqual(['3.2.3>3.2.9']);
  });

  it('takes a link landing on the paragraph before the section the text names for that section (ipsur)', () => {
    const source = onItsPageAt('9.1.1.20', 0, 1, 'The Hessian was inverted at the optima; see Appendix E.6.');
    const lastOfE5 = onItsPageAt('E.5.9', 1, 2, 'Covariance matrices are always positive semidefinite.');
    const firstOfE6 = onItsPageAt('E.6.1', 2, 2, 'The Hessian matrix of second derivatives.');
    const found = resolveExplicitReferences([source, lastOfE5, firstOfE6], {
      links: [linkBetween(source, lastOfE5)],
    });
    expect(found.map((r) => [r.targetId, r.phrase, r.via])).toEqual([['E.6.1', 'see Appendix E.6', 'both']]);
  });

  it('takes a link between an exercise and its numbered answer for what it is, quoting the answer number', () => {
    const exercise = onItsPageAt('1.4.7', 0, 1, '7. Prove that every cyclic group is abelian.');
    const answer = onItsPageAt('B.12', 100, 2, '1.4.7. Hint. Write two elements as powers of a generator.');
    // A paragraph away from the answers: a link there is a reference of its own.
    const other = onItsPageAt('B.13', 200, 3, 'Every subgroup of a cyclic group is cyclic.');
    const found = resolveExplicitReferences([exercise, answer, other], {
      links: [linkBetween(exercise, answer), linkBetween(answer, exercise), linkBetween(exercise, other)],
    });
    expect(found.filter((r) => r.role === 'answer').map((r) => [r.sourceId, r.targetId, r.phrase])).toEqual([
      ['1.4.7', 'B.12', '1.4.7'],
      ['B.12', '1.4.7', '1.4.7'],
    ]);
    expect(found.find((r) => r.targetId === 'B.13')).toMatchObject({ phrase: '', kind: 'other' });
    expect(found.find((r) => r.targetId === 'B.13')?.role).toBeUndefined();
  });

  it('moves a link that lands one answer off to the answer with the exercise’s number, or drops it', () => {
    const exercise = onItsPageAt('1.4.7', 0, 1, '7. Prove that every cyclic group is abelian.');
    const previousAnswer = onItsPageAt('B.11', 100, 2, '1.4.6. (a) Yes.');
    const answer = onItsPageAt('B.12', 101, 3, '1.4.7. Hint. Write two elements as powers of a generator.');
    const lone = onItsPageAt('1.4.9', 2, 4, '9. Show that every subgroup of a cyclic group is cyclic.');
    const found = resolveExplicitReferences([exercise, lone, previousAnswer, answer], {
      links: [linkBetween(exercise, previousAnswer), linkBetween(lone, previousAnswer)],
    });
    expect(found.map((r) => [r.sourceId, r.targetId, r.role])).toEqual([['1.4.7', 'B.12', 'answer']]);
  });

  it('moves a link that lands on the last part of the answer before to the answer with its number (dmoi)', () => {
    const exercise = onItsPageAt('0.2.137', 0, 1, '2. Let A {x ∈ N : 3 ≤ x ≤ 13}, B {x ∈ N : x is even}.');
    const partBefore = onItsPageAt('B.7', 100, 2, '(g) No.');
    const answer = onItsPageAt('B.8', 101, 3, '0.2.2. (a) A ∩ B {4, 6, 8, 10, 12} (b) A ∪ B.');
    const found = resolveExplicitReferences([exercise, partBefore, answer], {
      links: [linkBetween(exercise, partBefore)],
    });
    expect(found.map((r) => [r.sourceId, r.targetId, r.role, r.phrase])).toEqual([
      ['0.2.137', 'B.8', 'answer', '0.2.2'],
    ]);
  });

  it('finds the hint an answer number set apart labels: alone before it, or ending the hint before (aata)', () => {
    const exercise1 = onItsPageAt('1.4.1', 0, 1, '1. Suppose that A = {x : x ∈ N and x is even}.');
    const exercise6 = onItsPageAt('1.4.12', 1, 2, '6. Prove A ∪ (B ∩ C) = (A ∪ B) ∩ (A ∪ C).');
    const label1 = onItsPageAt('B.1', 100, 3, '1.4.1.');
    const hint1 = onItsPageAt('B.2', 101, 4, 'Hint. (a) A ∩ B = {2}; (b) B ∩ C = {5}.');
    const label2 = onItsPageAt('B.3', 102, 5, '1.4.2.');
    const hint2 = onItsPageAt('B.4', 103, 6, 'Hint. (a) A×B = {(a, 1), (a, 2)}; (d) A×D = ∅. 1.4.6.');
    const hint6 = onItsPageAt('B.5', 104, 7, 'Hint. Observe that x ∈ A ∪ B if and only if x ∈ A or x ∈ B.');
    const found = resolveExplicitReferences([exercise1, exercise6, label1, hint1, label2, hint2, hint6], {
      // Each link leaves from the number: the first from its own paragraph, the second from the end of hint 2.
      links: [linkBetween(label1, exercise1), linkBetween(hint2, exercise6)],
    });
    expect(found.map((r) => [r.sourceId, r.targetId, r.role, r.phrase])).toEqual([
      ['B.2', '1.4.1', 'answer', '1.4.1'],
      ['B.5', '1.4.12', 'answer', '1.4.6'],
    ]);
  });
});

describe('equation numbers without a word before them ("then (3.7) gives", linalg and decay)', () => {
  it('refer to a display the book shows with that number, and to nothing else', () => {
    const paragraphs = paragraphsOf([
      ['3.1', 'The determinant is multiplicative, det(AB) = det A det B. (3.7)'],
      ['3.1', 'Then (3.7) gives the answer, while (3.9) names no display and x = (3.7) is a value.'],
    ]);
    expect(refs(paragraphs[1]!.text)).toEqual(['equation 3.7', 'equation 3.9']);
    expect(pairs(resolveExplicitReferences(paragraphs))).toEqual(['3.1.2>3.1.1']);
  });

  it('take the end of a range of numbers for a mention, not a display ("(2.10)-(2.12) show", decay)', () => {
    const paragraphs = paragraphsOf([
      [
        '2.3',
        'The errors become en = ta∆t, Forward Euler (2.10) en = −ta∆t, Crank-Nicolson (2.12) as before.',
      ],
      ['2.3', 'Both the global errors (2.10)-(2.12) and their integrated versions show the same order.'],
      ['2.4', 'The order follows from (2.12), as shown.'],
    ]);
    expect(pairs(resolveExplicitReferences(paragraphs)).filter((p) => p.endsWith('2.3.2'))).toEqual([]);
  });

  it('find a display the sentence or the next display goes on after, not a mention after a word ("the axiom (1.17)")', () => {
    const paragraphs = paragraphsOf([
      ['1.6', 'It follows from the axiom (1.17) that the map is linear.'],
      ['1.7', 'We postulate λ(v ⊗ w) = (λv) ⊗ w, (1.17) (v1 + v2) ⊗ w = v1 ⊗ w + v2 ⊗ w, (1.18)'],
      ['1.7', 'We postulate that v ⊗ (w1 + w2) = v ⊗ w1 + v ⊗ w2, (1.19) for any vectors v and w.'],
      ['1.8', 'The first statement follows from (1.19). Then the map is linear by (1.17).'],
      ['1.8', 'Using (1.19) again, the sum splits.'],
    ]);
    expect(pairs(resolveExplicitReferences(paragraphs))).toEqual([
      '1.6.1>1.7.1',
      '1.8.1>1.7.2',
      '1.8.1>1.7.1',
      '1.8.2>1.7.2',
    ]);
  });
});

describe('items numbered afresh in each section, named with their section', () => {
  it('finds "Exercise 1 in Sec. 1.1.5" in that section, not the Exercise 1 nearest the reference', () => {
    const paragraphs = paragraphsOf([
      ['1.1.5', 'Exercise 1: Completing a basis. Any independent set extends to a basis.'],
      ['1.6.1', 'Exercise 1: Compute the dual basis.'],
      [
        '1.6.1',
        'The set can be completed to a basis, see Exercise 1 in Sec. 1.1.5. By Exercise 1 we are done.',
      ],
      ['1.6.1', 'This follows from Lemma 1 of Sec. 1.7.3, which the book does not show.'],
    ]);
    expect(pairs(resolveExplicitReferences(paragraphs))).toEqual(['1.6.1.2>1.1.5.1', '1.6.1.2>1.6.1.1']);
  });

  it('prefers the item of the section named to one of its subsections, and takes none of two the words cannot tell', () => {
    const paragraphs = paragraphsOf([
      ['3.9', 'The characteristic polynomial of an operator is computed here.'],
      ['3.9', 'Exercise 1: What is the characteristic polynomial of a multiple of an operator?'],
      ['3.9', 'Exercise 1: Write the characteristic polynomial in three dimensions through traces.'],
      ['5.1', 'Theorem 1: Any orthonormal set of vectors is linearly independent.'],
      ['5.1.1', 'Theorem 1: There exists an orthonormal basis.'],
      [
        '5.3',
        'By Theorem 1 of Sec. 5.1 the set is independent; the traces are as in Exercise 1 in Sec. 3.9.',
      ],
    ]);
    // The exercise left out, the section the words name stays a reference.
    expect(pairs(resolveExplicitReferences(paragraphs))).toEqual(['5.3.1>5.1.1', '5.3.1>3.9.1']);
  });

  it('takes "Statement 4 of Sec. 3.7" for a statement, not for another kind numbered 4', () => {
    const paragraphs = paragraphsOf([
      ['3.7', 'Note 4: The operator is linear in each argument.'],
      ['3.7', 'Statement 4: The following identity holds for any operator and any vectors.'],
      ['3.8', 'Proof: We use Statement 4 of Sec. 3.7 with m = N - 1.'],
    ]);
    // The section places the statement: it is part of the statement's phrase, not a reference to the
    // section's opening as well (a blind reader found those edges say nothing).
    expect(resolveExplicitReferences(paragraphs).map((r) => [r.targetId, r.phrase, r.section])).toEqual([
      ['3.7.2', 'Statement 4 of Sec. 3.7', '3.7'],
    ]);
  });

  it('still refers to the section when the item it places is not there', () => {
    const paragraphs = paragraphsOf([
      ['3.7', 'The operators of this section are linear.'],
      ['3.8', 'Proof: We use Statement 9 of Sec. 3.7 with m = N - 1.'],
    ]);
    expect(resolveExplicitReferences(paragraphs).map((r) => [r.targetId, r.phrase])).toEqual([
      ['3.7.1', 'of Sec. 3.7'],
    ]);
  });

  it('takes a PDF link on the section number for the item the words place there (LyX links "Sec. 1.7.3" only)', () => {
    const opening = { ...paragraphsOf([['1.7.3', 'Tensor products of maps.']])[0]!, page: 1, yStart: 0.1 };
    const lemma = {
      ...paragraphsOf([['1.7.3', 'Lemma 2: The map f*: V ⊗ W → W is linear, see (1.21).']])[0]!,
      id: '1.7.3.2',
      order: 1,
      page: 2,
      yStart: 0.1,
    };
    const source = {
      ...paragraphsOf([['2.3.1', 'In Lemma 2 of Sec. 1.7.3 we defined maps according to Eq. (1.21).']])[0]!,
      order: 2,
      page: 3,
      yStart: 0.1,
    };
    const link = (top: number, target: { page: number; y: number }): PdfLink => ({
      page: 3,
      rect: { left: 0.4, top, right: 0.45, bottom: top + 0.02 },
      target: { ...target, name: undefined },
    });
    const onSection = link(0.11, { page: 1, y: 0.09 });
    // Alone, and beside a link on "1.21" that already reaches the lemma holding the equation.
    for (const links of [[onSection], [onSection, link(0.12, { page: 2, y: 0.09 })]]) {
      const found = resolveExplicitReferences([opening, lemma, source], { links });
      expect(found.map((r) => [r.sourceId, r.targetId, r.phrase, r.via])).toEqual([
        ['2.3.1.1', '1.7.3.2', 'In Lemma 2 of Sec. 1.7.3', 'both'],
      ]);
    }
  });

  it('takes a link landing inside a table or figure, not on a sentence, for the caption the text names', () => {
    // The caption above its table, the link's destination on the table's first row.
    const [text, caption, row] = paragraphsOf([
      ['2.3', 'Table 4.4 lists the alternating verbs, class by class.'],
      ['2.3', 'Table 4.4: Lexical semantic classes for alternating verbs'],
      ['2.3', 'Unaccusative Unergative Transitive hesriax stank, hevish became putrid,'],
    ]).map((p, i) => ({
      ...p,
      page: i === 0 ? 1 : 2,
      yStart: i / 10,
      ...(i === 1 ? { kind: 'caption' as const } : {}),
    }));
    const toRow: PdfLink = {
      page: 1,
      rect: { left: 0.4, top: 0.11, right: 0.45, bottom: 0.13 },
      target: { page: 2, y: 0.18, name: undefined },
    };
    const found = resolveExplicitReferences([text!, caption!, row!], { links: [toRow] });
    expect(found.map((r) => [r.targetId, r.phrase, r.via])).toEqual([[caption!.id, 'Table 4.4', 'both']]);
  });

  it('reads "Theorem 5.8.1" as the unnumbered theorem of Section 5.8.1, which a link on the number confirms', () => {
    const [opening, theorem, hint] = paragraphsOf([
      ['5.8.1', 'We will now prove this correspondence in the general case.'],
      ['5.8.1', 'Theorem: The determinant of an operator is the square of its Pfaffian.'],
      ['5.8.2', 'Hint: This is a paraphrase of the proof of Theorem 5.8.1.'],
    ]).map((p, i) => ({ ...p, page: i + 1, yStart: 0.1 }));
    const toOpening: PdfLink = {
      page: 3,
      rect: { left: 0.4, top: 0.11, right: 0.45, bottom: 0.13 },
      target: { page: 1, y: 0.09, name: undefined },
    };
    for (const links of [[], [toOpening]]) {
      const found = resolveExplicitReferences([opening!, theorem!, hint!], { links });
      expect(found.map((r) => [r.targetId, r.kind])).toEqual([[theorem!.id, 'theorem']]);
    }
  });

  it('sends a section that numbers its exercises afresh twice to the nearest before the reference', () => {
    const paragraphs = paragraphsOf([
      ['3.9', 'Exercise 1: Find the characteristic polynomial of a scaled operator.'],
      ['3.9', 'Exercise 2: Show that the polynomial has degree N.'],
      ['3.9', 'Exercise 1: Show the trace relation in three dimensions.'],
      ['3.9', 'Exercise 2 (general trace relations): Generalize the result of Exercise 1 to N dimensions.'],
    ]);
    expect(pairs(resolveExplicitReferences(paragraphs))).toEqual(['3.9.4>3.9.3']);
  });

  it('looks up a list of items ("Exercises 1 and 2 in Sec. 3.9"), a part ("Exercise 1a") and an appendix section ("Sec. C.4")', () => {
    const paragraphs = paragraphsOf([
      ['3.9', 'Exercise 1: Show the first trace relation.'],
      ['3.9', 'Exercise 2: Show the second trace relation.'],
      ['C.2', 'Exercise 1: Determine whether the matrices commute.'],
      ['C.4', '(Exercise 1: ) a) Show that the inverse of a 2 × 2 matrix is given by the formula.'],
      ['4.2', 'Exercise 1: Compute the algebraic complement.'],
      [
        '4.2',
        'This gives the trace relations (see Exercises 1 and 2 in Sec. 3.9); for example, Exercise 1a in Sec. C.4 gives such a formula.',
      ],
    ]);
    expect(pairs(resolveExplicitReferences(paragraphs))).toEqual([
      '4.2.2>3.9.1',
      '4.2.2>3.9.2',
      '4.2.2>C.4.1',
    ]);
  });

  it('places items in parentheses after a section in that section ("in Sec. 3.9 (Exercises 1 and 2)")', () => {
    const paragraphs = paragraphsOf([
      ['3.9', 'The characteristic polynomial is introduced here.'],
      ['3.9', 'Exercise 1: Show the first trace relation.'],
      ['3.9', 'Exercise 2: Show the second trace relation.'],
      ['4.5', 'Exercise 2: Prove Sylvester’s theorem.'],
      ['4.5', 'We have seen in Sec. 3.9 (Exercises 1 and 2) that the coefficients are traces.'],
    ]);
    expect(resolveExplicitReferences(paragraphs).map((r) => [r.targetId, r.phrase])).toEqual([
      ['3.9.2', 'in Sec. 3.9 (Exercises 1 and 2)'],
      ['3.9.3', 'in Sec. 3.9 (Exercises 1 and 2)'],
    ]);
  });
});

describe('references by title (DocBook, Sphinx, web books)', () => {
  /** Paragraphs with their sections' titles: [section id, section title, text]. */
  const titled = (entries: [string, string, string, kind?: GraphParagraph['kind']][]) =>
    paragraphsOf(entries.map(([id, , text]) => [id, text])).map((p, i) => ({
      ...p,
      sectionTitle: entries[i]![1],
      ...(entries[i]![3] ? { kind: entries[i]![3] } : {}),
    }));
  const book = titled([
    ['4', 'The Operating System', 'The operating system underpins the modern computer.'],
    ['4.a', 'Properties', 'A process has properties the kernel keeps for it.'],
    ['4.b', 'Flow of Execution', 'Statements run one after another, from the top.'],
    ['4.b', 'Flow of Execution', 'Figure 4.1. Branches of development', 'caption'],
    ['4.c', 'Exercises', 'Write a program that prints its own flow.'],
    [
      '5',
      'Unspecified Voice',
      'Unspecified Voice is a head with no feature, and Unspecified Voice has no EA.',
    ],
    ['5.a', 'Exercises', 'Show that Unspecified Voice alternates.'],
    [
      '5.b',
      'Layering',
      'See the section called “Properties” and Figure 4.1, “Branches of development”. As in Unspecified Voice, heads stack.',
    ],
    ['5.b', 'Layering', 'Go to the Flow of Execution section below; the techniques in Exercises help.'],
    ['5.c', 'Summary', 'We saw in Flow of Execution how statements run, and “properties” of a process.'],
    ['5.c', 'Summary', 'See the section called “Exercises” in this chapter, and “hello World” printed.'],
    ['5.c', 'Summary', 'Unlike the chapter titled “Layering”, this one polls.'],
    ['G', 'Glossary', 'See Also Application Binary Interface.'],
    ['G', 'Glossary', 'Application Binary Interface A description of how programs call the system.'],
    ['G', 'Glossary', 'See Also Application Programming Interface.'],
    // The entry's name broken with its line, its last word set after the definition's first words.
    [
      'G',
      'Glossary',
      'Application Programming The set of functions used to communicate Interface of programs.',
    ],
  ]);
  const resolved = resolveExplicitReferences(book);
  const from = (id: string) => resolved.filter((r) => r.sourceId === id).map((r) => [r.targetId, r.phrase]);

  it('finds a quoted title after the words naming it, or after its number, and quotes them', () => {
    expect(from('5.b.1')).toEqual([
      ['4.b.2', 'Figure 4.1'],
      ['4.a.1', 'See the section called “Properties”'],
    ]);
  });

  it('finds a title not quoted, capitalised as the heading is, beside "section" or after a lead when it is rare', () => {
    // "Flow of Execution": a title seen once in the text; "Unspecified Voice" is the book's term, and a
    // title several sections share ("Exercises") is no one's unless quoted in a chapter holding one.
    expect(from('5.b.2')).toEqual([['4.b.1', 'to the Flow of Execution section']]);
    expect(from('5.c.1')).toEqual([['4.b.1', 'in Flow of Execution']]);
    expect(from('5.c.2')).toEqual([['5.a.1', 'See the section called “Exercises”']]);
    expect(from('5.a.1')).toEqual([]);
    // A chapter's title, not a section's: no chapter is titled "Layering".
    expect(from('5.c.3')).toEqual([]);
  });

  it('takes a glossary’s "See Also" to the entry that opens with those words', () => {
    expect(from('G.1')).toEqual([['G.2', 'See Also Application Binary Interface']]);
    // Quoted to the end of the name it gives, though the entry's own was broken.
    expect(from('G.3')).toEqual([['G.4', 'See Also Application Programming Interface']]);
  });
});

describe('numbered examples', () => {
  it('are numbered on through each chapter, not started again as a list’s items are', () => {
    const run = (to: number) => Array.from({ length: to }, (_, i) => i + 1);
    // A linguistics book: (1) to (40) in one chapter, (1) to (30) in the next.
    expect(numbersExamples([...run(40), ...run(30)])).toBe(true);
    // A mathematics book: conditions (1)-(3) of one theorem, (1)-(2) of the next, ...
    expect(numbersExamples([...run(3), ...run(2), ...run(4), ...run(3), ...run(2), ...run(3)])).toBe(false);
    // Too few, or never past a list's length.
    expect(numbersExamples(run(8))).toBe(false);
  });
});

describe('the PDF’s links as pairs of paragraphs', () => {
  it('takes no link to a destination named as a footnote for a reference, wherever it lands', () => {
    // The footnote's text was read into the listing above it: the link lands on the listing.
    const paragraphs = paragraphsOf([
      ['5.1', 'We configure the logger with a small function.'],
      ['5.1', 'import logging def configure(): pass 4 https://docs.python.org/library/logging.html'],
    ]);
    const toFootnote: PdfLink = {
      page: 1,
      rect: { left: 0.5, top: 0.01, right: 0.52, bottom: 0.02 },
      target: { page: 1, y: 0.5, name: 'Hfootnote.4' },
    };
    expect(resolveExplicitReferences(paragraphs, { links: [toFootnote] })).toEqual([]);
    const named = { ...toFootnote, target: { ...toFootnote.target, name: 'section.5.2' } };
    expect(pairs(resolveExplicitReferences(paragraphs, { links: [named] }))).toEqual(['5.1.1>5.1.2']);
  });

  it('maps a link to a displayed equation to the paragraph the display sits in, not the next one', () => {
    // 1.1.1 spans 0.1 to 0.5 of the page and ends with its display (1.4), close above 1.1.2.
    const paragraphs = paragraphsOf([
      ['1.1', 'A scalar product is defined, x · y = x1y1 + x2y2. (1.4)'],
      ['1.1', 'These operations encapsulate geometry.'],
      ['1.2', 'Example 2. Consider the scalar product (1.4) again.'],
    ]).map((p, i) => ({ ...p, yStart: [0.1, 0.5, 0.8][i]! }));
    const link = (name: string | undefined): PdfLink => ({
      page: 1,
      rect: { left: 0.5, top: 0.81, right: 0.55, bottom: 0.82 },
      target: { page: 1, y: 0.46, name },
    });
    expect(pairs(mapLinksToParagraphs([link('equation.1.1.4')], paragraphs))).toEqual(['1.2.1>1.1.1']);
    // Anything else set just above a paragraph names that paragraph.
    expect(pairs(mapLinksToParagraphs([link('theorem.2')], paragraphs))).toEqual(['1.2.1>1.1.2']);
  });

  it('reads the columns of a page whose right column opens with the end of a paragraph from the left one', () => {
    // Left column: 2.1.1 to 2.2.2 down the page, 2.2.2 running on into the right column, whose first own
    // paragraph starts at 0.41; the link goes to section 2.2, headed low in the left column.
    const paragraphs = paragraphsOf([
      ['2.1', 'Exercise 1: show that the set is linearly independent.'],
      ['2.1', 'Remark: the area is oriented.'],
      ['2.2', 'The exterior product gives the dual basis explicitly.'],
      ['2.2', 'We begin with some motivation, which runs on into the next column.'],
      ['2.2', 'For v2 we have the same formula.'],
      ['2.2', 'With these definitions we may express the dual basis.'],
      ['3.1', 'See Sec. 2.2 for the dual basis.'],
    ]).map((p, i) => ({ ...p, page: i < 6 ? 1 : 2, yStart: [0.2, 0.4, 0.72, 0.75, 0.41, 0.675, 0.1][i]! }));
    const link: PdfLink = {
      page: 2,
      rect: { left: 0.3, top: 0.1, right: 0.35, bottom: 0.11 },
      target: { page: 1, y: 0.682, x: 0.02, name: 'subsection.2.2' },
    };
    expect(pairs(mapLinksToParagraphs([link], paragraphs))).toEqual(['3.1.1>2.2.1']);
  });
});

describe('references in a book whose links stand for them', () => {
  const paragraphs = paragraphsOf([
    ['1.1', 'Lemma 1.1 Every group has an identity.'],
    ['1.1', 'By Lemma 1.1 the identity is unique, and Lemma 1.2 gives its inverse.'],
    ['1.1', 'Lemma 1.2 Inverses are unique.'],
    ['1.2', 'Theorem 1.3 holds, by Lemma 1.1 and Lemma 1.2.'],
    ['1.2', 'Theorem 1.3 Cancellation holds.'],
  ]);
  /** A link on page 1 from paragraph `from` to paragraph `to` (as fractions: paragraphsOf places them). */
  const link = (from: number, to: number): PdfLink => ({
    page: 1,
    rect: { left: 0.2, top: from / 5 + 0.01, right: 0.3, bottom: from / 5 + 0.02 },
    target: { page: 1, y: to / 5, name: undefined },
  });

  it('drops a reading of the text no link backs when the links confirm most of the others', () => {
    // The PDF links 1.1.2 -> 1.1.1, 1.1.2 -> 1.1.3 and 1.2.1 -> 1.1.1, not "Lemma 1.2" of 1.2.1 nor "Theorem 1.3".
    const links = [link(1, 0), link(1, 2), link(3, 0)];
    expect(pairs(resolveExplicitReferences(paragraphs, { links }))).toEqual([
      '1.1.2>1.1.1',
      '1.1.2>1.1.3',
      '1.2.1>1.1.1',
    ]);
    // Without links, the text is all there is.
    expect(pairs(resolveExplicitReferences(paragraphs))).toEqual([
      '1.1.2>1.1.1',
      '1.1.2>1.1.3',
      '1.2.1>1.2.2',
      '1.2.1>1.1.1',
      '1.2.1>1.1.3',
    ]);
  });

  it('keeps the text’s reading in a paragraph without links (a reference typed by hand)', () => {
    const withUnlinked = paragraphsOf([
      ...paragraphs.map((p): [string, string] => [p.sectionId, p.text]),
      ['1.2', 'Cancellation on the right follows from Lemma 1.2 in the same way.'],
    ]);
    const sixth = (from: number, to: number): PdfLink => ({
      ...link(from, to),
      rect: { left: 0.2, top: from / 6 + 0.01, right: 0.3, bottom: from / 6 + 0.02 },
      target: { page: 1, y: to / 6, name: undefined },
    });
    const found = resolveExplicitReferences(withUnlinked, { links: [sixth(1, 0), sixth(1, 2), sixth(3, 0)] });
    expect(pairs(found)).toEqual(['1.1.2>1.1.1', '1.1.2>1.1.3', '1.2.1>1.1.1', '1.2.3>1.1.3']);
    expect(found.at(-1)?.via).toBe('text');
  });
});

describe('appendices', () => {
  it('"Appendix A" and "Appendix B.2" point at the lettered chapter and its section', () => {
    expect(refs('(See Appendix A for a brief introduction, and Appendix B.2.)')).toEqual([
      'chapter A',
      'section B.2',
    ]);
    // A list: each item an appendix, the whole list its phrase (ipsur's "E.6" had been read from its link alone).
    const both = 'It may be a good idea to brush up on the material in Appendices E.5 and E.6.';
    expect(findReferenceMentions(both).map((m) => [m.kind, m.label, m.phrase])).toEqual([
      ['section', 'E.5', 'in Appendices E.5 and E.6'],
      ['section', 'E.6', 'in Appendices E.5 and E.6'],
    ]);
    expect(refs('Appendices A, B and C review it, with Chapter 3.')).toEqual([
      'chapter A',
      'chapter B',
      'chapter C',
      'chapter 3',
    ]);
    const paragraphs = paragraphsOf([
      ['1.1', 'Complex numbers are reviewed in Appendix A; permutations in Appendix B.2.'],
      ['A', 'This appendix is a crash course on complex numbers.'],
      ['B.2', 'A permutation is a bijection of a finite set onto itself.'],
    ]);
    expect(pairs(resolveExplicitReferences(paragraphs))).toEqual(['1.1.1>A.1', '1.1.1>B.2.1']);
  });
});

describe('items numbered afresh in each section ("Example 2" of linalg)', () => {
  it('resolve to the item of the referring section or a section it is part of, never a sibling section', () => {
    const paragraphs = paragraphsOf([
      ['1.1', 'Example 2: The plane is a vector space.'],
      ['1.1.4', 'Example 1: The set of real numbers is a vector space.'],
      ['1.1.4', 'Example 2: Polynomials of degree at most n form a vector space.'],
      ['1.1.5', 'Example 1: The kernel of an operator is a subspace.'],
      ['1.1.5', 'As in Example 1, the image is a subspace too; compare Example 2.'],
      ['2.1.1', 'Here Example 1 could be either of two: it is left out, not guessed.'],
      ['2.1.1', 'Only one item is labelled Lemma 3, and by Lemma 3 it is found from anywhere.'],
      ['2.1.2', 'Lemma 3: Every subspace has a basis.'],
    ]);
    expect(pairs(resolveExplicitReferences(paragraphs))).toEqual([
      '1.1.5.2>1.1.5.1',
      '1.1.5.2>1.1.1',
      '2.1.1.2>2.1.2.1',
    ]);
  });

  it('take a bare label in a section that prints its one item of that kind unnumbered as that item', () => {
    // linalg 4.5.2: "the formula derived in Statement 1" under a lone "Statement:", while 4.1.1 and 4.4.1
    // each have a Statement 1 of their own.
    const paragraphs = paragraphsOf([
      ['4.1.1', 'Statement 1: The exterior transpose operators are well-defined.'],
      ['4.4.1', 'Statement 1: The Leibniz rule holds for formal power series.'],
      ['4.5.2', 'Statement: The derivative of a simple eigenvalue is given by the formula below.'],
      ['4.5.2', 'Remark: The formula derived in Statement 1 does not apply to a multiple eigenvalue.'],
      ['4.5.3', 'Remark: The formula of Statement 1 is not needed here.'],
      ['4.5.3', 'Exercise: Check the trace relation for N = 2.'],
    ]);
    expect(pairs(resolveExplicitReferences(paragraphs))).toEqual(['4.5.2.2>4.5.2.1']);
  });
});

describe('resolveExplicitReferences to figures and tables', () => {
  // aata 3.1, 19.3 and 8.1: the references, the figures' own text, and the captions the extraction keeps.
  const paragraphs = paragraphsOf([
    [
      '3.1',
      'A multiplication table for the symmetries of an equilateral triangle 4ABC is given in Figure 3.7.',
    ],
    ['3.1', '◦ id ρ1 ρ2 μ1 μ2 μ3'],
    ['3.1', 'id id ρ1 ρ2 μ1 μ2 μ3 ρ1 ρ1 ρ2 id μ3 μ1 μ2'],
    ['3.1', 'Figure 3.7 Symmetries of an equilateral triangle'],
    ['19.3', 'Two switches a and b are in series if they make up a circuit of the type in Figure 19.25.'],
    ['19.3', 'Figure 19.25 a ∧ b'],
    ['8.1', 'Table 8.5 A repetition code'],
    ['8.1', 'Transmitted Received Word Codeword 000 001 010 011 100 101 110 111'],
    ['8.1', 'In Table 8.5, we present all possible words that might be received.'],
  ]);

  it('points a reference to a figure or a table at its caption', () => {
    expect(pairs(resolveExplicitReferences(paragraphs))).toEqual([
      '3.1.1>3.1.4',
      '19.3.1>19.3.2',
      '8.1.3>8.1.1',
    ]);
  });
});

describe('the sample book: references and links against its truth', () => {
  let truth: SampleBookTruth;
  let paragraphs: GraphParagraph[];
  let links: PdfLink[];

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadbook-refs-'));
    const pdfPath = path.join(dir, 'sample.pdf');
    ({ truth } = await buildSampleBook(pdfPath));
    const bytes = new Uint8Array(fs.readFileSync(pdfPath));
    paragraphs = graphParagraphs((await extractBook(bytes)).book);
    links = await readInternalLinks(bytes);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The truth's references to numbered items (not chapters or sections), one per target. */
  const itemReferences = () =>
    truth.crossReferences.flatMap((ref) =>
      ref.targets
        .filter((t) => t.kind !== 'chapter' && t.kind !== 'section')
        .map((t) => ({ ref, target: t })),
    );
  const byId = () => new Map(paragraphs.map((p) => [p.id, p]));

  it('resolves every item reference it makes to the paragraph that opens with that item', () => {
    const resolved = resolveExplicitReferences(paragraphs);
    const labels = new Set(truth.items.map((i) => i.label));
    const items = resolved.filter((r) => r.kind !== 'chapter' && r.kind !== 'section');
    expect(items.length).toBeGreaterThan(100);
    for (const ref of items) {
      const label = /^[A-Z][a-z]+ \d+\.\d+/.exec(byId().get(ref.targetId)!.text)?.[0];
      expect(labels.has(label ?? ''), `${ref.phrase} -> ${ref.targetId}`).toBe(true);
      expect(ref.phrase, `${ref.sourceId}`).toContain(label!.split(' ')[1]);
    }
  });

  it('finds at least 95% of the references to items the truth lists, on the page it gives', () => {
    const resolved = resolveExplicitReferences(paragraphs);
    const all = itemReferences();
    const found = all.filter(({ ref, target }) =>
      resolved.some((r) => {
        const source = byId().get(r.sourceId)!;
        const label = `${target.kind[0]!.toUpperCase()}${target.kind.slice(1)} ${target.number}`;
        return (
          (source.page === ref.page || source.page === ref.page - 1) &&
          byId().get(r.targetId)!.text.startsWith(label)
        );
      }),
    );
    expect(found.length / all.length).toBeGreaterThanOrEqual(0.95);
  });

  it('resolves chapter references to the chapter’s first paragraph', () => {
    const chapters = resolveExplicitReferences(paragraphs).filter((r) => r.kind === 'chapter');
    expect(chapters.length).toBeGreaterThan(5);
    for (const ref of chapters) {
      const target = byId().get(ref.targetId)!;
      expect(paragraphs.find((p) => p.chapterId === target.chapterId)).toBe(target);
      expect(ref.phrase).toMatch(new RegExp(`Chapters? (?:.* )?${target.chapterId}\\b`));
    }
  });

  it('resolves section references to the section’s first paragraph, its id the section’s number', () => {
    const sections = resolveExplicitReferences(paragraphs).filter((r) => r.kind === 'section');
    expect(sections.length).toBeGreaterThan(20);
    for (const ref of sections) {
      const target = byId().get(ref.targetId)!;
      expect(paragraphs.find((p) => p.sectionId === target.sectionId)).toBe(target);
      expect(ref.phrase).toMatch(/Sections?|§/);
      expect(expandNumbers(ref.phrase).map((n) => n.label)).toContain(target.sectionId);
    }
  });

  it('agrees with the PDF’s own links wherever it makes a reference', () => {
    const truthPairs = new Set(
      mapLinksToParagraphs(links, paragraphs).map((p) => `${p.sourceId}>${p.targetId}`),
    );
    const resolved = resolveExplicitReferences(paragraphs);
    const agreeing = resolved.filter((r) => truthPairs.has(`${r.sourceId}>${r.targetId}`));
    expect(agreeing.length / resolved.length).toBeGreaterThanOrEqual(0.95);
  });
});

describe.skipIf(!corpus.has('aata/aata-20220728.pdf'))('aata: the detector against the PDF’s links', () => {
  it('reaches precision 0.95 on the body links without reading them', async () => {
    const bytes = new Uint8Array(fs.readFileSync(corpus.path('aata/aata-20220728.pdf')));
    const { book } = await extractBook(bytes);
    const answers = new Set(book.chapters.filter((c) => /^hints\b/i.test(c.title)).map((c) => c.id));
    const paragraphs = graphParagraphs(book).filter((p) => !answers.has(p.chapterId));
    const truth = new Set(
      mapLinksToParagraphs(await readInternalLinks(bytes), paragraphs).map(
        (p) => `${p.sourceId}>${p.targetId}`,
      ),
    );
    const detected = resolveExplicitReferences(paragraphs);
    const matched = detected.filter((r) => truth.has(`${r.sourceId}>${r.targetId}`)).length;
    expect(matched / detected.length).toBeGreaterThanOrEqual(0.95);
    // Captions are paragraphs, and a figure's link (set above the drawing) is mapped to its caption.
    expect(matched / truth.size).toBeGreaterThanOrEqual(0.9);
  });
});

describe('the words a link covers, as a reason quotes them', () => {
  it('widens a piece of a label to the whole reference and its kind word', () => {
    const cases: [string, string, string][] = [
      ['13)', 'By Eq. (3.13) the determinant is a product.', 'Eq. (3.13)'],
      ['12.13)', 'From Equation (12.13) we see that b is linear in Y.', 'Equation (12.13)'],
      ['(15), a', 'The structure is as in (15), a result for both classes.', '(15)'],
      // A number of the book's own naming keeps its name; a word that opens a sentence is no name.
      ['y 1 m', 'The event is a complement, which by Property 1 means P(no Heads) = 1/4.', 'Property 1'],
      ['(1.2)', 'From (1.2) we see that b is linear.', '(1.2)'],

      ['e 4.2, t', 'The θ-rule derived in Exercise 4.2, together with the code, gives u.', 'Exercise 4.2'],
      [
        'e the section called “Sign-extension”) t',
        'The bit must be sign-extended (see the section called “Sign-extension”) to create an address.',
        'the section called “Sign-extension”',
      ],
      [
        'o the start of this chapter fo',
        'Go back to the start of this chapter for the whole picture.',
        'the start of this chapter',
      ],
      // A link broken with its line ends inside the quote: the title is read to its closing quote.
      [
        'e the section called “Three',
        'The bits are an index into the levels (see the section called “Three Level Page Table”). Empty regions',
        'the section called “Three Level Page Table”',
      ],
    ];
    for (const [covered, text, quoted] of cases) expect(linkWords(covered, text, 3)).toBe(quoted);
  });

  it('names a part of the book with its word, which no reference grammar reads', () => {
    const quoted = linkWords('rt I of', 'Part I of this book is comprised of case studies.', 3);
    expect(quoted).toBe('Part I');
    expect(PART_OF_BOOK.test(quoted)).toBe(true);
    // Read where the covered letter stands as a word, not as the first letter of the paragraph's "In".
    const numeral = 'In my view the predictions of Part I were summarized at the outset.';
    expect(linkWords('I', numeral, 3)).toBe('Part I');
    expect(linkWords('art I w', numeral, 3)).toBe('Part I');
  });

  it('takes no link whose words name what it lands on cannot be: a part, or a figure on prose (kastner)', () => {
    const prose = graphParagraph({ id: '3.8.1', text: 'The generalizations are repeated in (90–91).' });
    const caption = graphParagraph({ id: '3.7.2.9', text: 'Figure 3.6: A derivation', kind: 'caption' });
    expect(landsOnNothingNamed('Figure 3.6', prose)).toBe(true);
    expect(landsOnNothingNamed('Figure 3.6', caption)).toBe(false);
    expect(landsOnNothingNamed('Table 3.8', { ...prose, kind: 'table' })).toBe(false);
    expect(landsOnNothingNamed('Part I', caption)).toBe(true);
    expect(landsOnNothingNamed('Section 3.8', prose)).toBe(false);
  });

  it('moves a link whose words name a section from the float above its heading to its first paragraph', () => {
    const paragraphs = paragraphsOf([
      ['7.1', 'The summary of the approach.'],
      ['7.1', 'Voice[+D] Pass Voice[+D]'],
      ['7.1', 'This analysis aims to be simple.'],
      ['7.2', 'The framework as a whole allows for Voice heads.'],
    ]);
    const byOrder = new Map(paragraphs.map((p) => [p.order, p]));
    expect(paragraphLinkWordsMean('Section 7.2', paragraphs[1]!, byOrder)?.id).toBe('7.2.1');
    expect(paragraphLinkWordsMean('Section 7.1', paragraphs[1]!, byOrder)).toBe(paragraphs[1]);
    expect(paragraphLinkWordsMean('the summary', paragraphs[1]!, byOrder)).toBe(paragraphs[1]);
  });

  it('drops a link whose words name a section that is not where it landed nor below', () => {
    // IPSUR's "see Section 3.1.7 for more": 3.1.7 is a heading with no text, its link lands on 3.2.
    const paragraphs = paragraphsOf([
      ['3.1.6', 'The analogue of is.na for data frames is complete.cases.'],
      ['3.2', 'Given that the data have been displayed, the next step is to find features.'],
      ['3.2.1', 'One of the most basic features of a data set is its center.'],
    ]);
    const byOrder = new Map(paragraphs.map((p) => [p.order, p]));
    expect(paragraphLinkWordsMean('Section 3.1.7', paragraphs[1]!, byOrder)).toBeUndefined();
    // A book whose sections are named from their titles says nothing by number: the link is kept.
    const named = { ...paragraphs[1]!, sectionId: '3.features-of-data' };
    expect(paragraphLinkWordsMean('Section 3.1.7', named, byOrder)).toBe(named);
  });

  it('reads the part of the book a link’s words name by title or number, not a place on a page', () => {
    expect(partNamed('the section called “Sign-extension”')).toBe('section');
    expect(partNamed('Chapter 9, “Dynamic Linking”')).toBe('chapter');
    expect(partNamed('Chapter 1.1.2')).toBe('section');
    // An abbreviation the grammar reads: the section of "Lemma 2 of Sec. 1.7.3", whose item it names (linalg).
    expect(partNamed('Sec. 1.7.3')).toBe('section');
    expect(partNamed('the start of this chapter')).toBeUndefined();
    expect(partNamed('“An Introduction to R”')).toBeUndefined();
  });

  it('reads an answer’s full number linked to its exercise as an exercise and its answer (dmoi)', () => {
    const exercise = graphParagraph({
      id: '1.1.ex.7',
      text: '7. If |A| = 8 and |B| = 5, what is |A ∪ B| + |A ∩ B|?',
    });
    expect(namesAnswerTo('1.1.7', exercise)).toBe(true);
    expect(namesAnswerTo('1.1.6', exercise)).toBe(false);
    expect(namesAnswerTo('Section 1.1', exercise)).toBe(false);
  });

  it('trims words the paragraph does not hold', () => {
    expect(linkWords('m 1.1.5, th', 'A drawing with its own labels.', 3)).toBe('1.1.5');
  });
});
