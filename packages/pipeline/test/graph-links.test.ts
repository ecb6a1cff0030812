import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSampleBook, destName, type SampleBookTruth } from '../../../samples/sample-book/index.ts';
import { extractBook } from '../src/extract/extract-book.ts';
import { mapLinksToParagraphs, readInternalLinks, type PdfLink } from '../src/graph/links.ts';
import { graphParagraphs } from '../src/graph/paragraphs.ts';
import type { GraphParagraph } from '../src/graph/types.ts';

describe('readInternalLinks and mapLinksToParagraphs on the sample PDF', () => {
  let truth: SampleBookTruth;
  let links: PdfLink[];
  let paragraphs: GraphParagraph[];

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadbook-links-'));
    const pdfPath = path.join(dir, 'sample.pdf');
    ({ truth } = await buildSampleBook(pdfPath));
    const bytes = new Uint8Array(fs.readFileSync(pdfPath));
    links = await readInternalLinks(bytes);
    paragraphs = graphParagraphs((await extractBook(bytes)).book);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The links of the text, in the order the truth lists its cross-references (the contents page aside). */
  const textLinks = () => links.filter((l) => l.page !== truth.contentsPage);

  it('reads one link per cross-reference, on its page, to its first target’s page and named destination', () => {
    expect(textLinks()).toHaveLength(truth.crossReferences.length);
    textLinks().forEach((link, i) => {
      const ref = truth.crossReferences[i]!;
      const first = ref.targets[0]!;
      expect(link.page).toBe(ref.page);
      expect(link.target.page).toBe(first.page);
      expect(link.target.name).toBe(destName(first.kind, first.number));
    });
  });

  it('reads the text under each link when asked: the number it refers to', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadbook-links-'));
    const pdfPath = path.join(dir, 'sample.pdf');
    await buildSampleBook(pdfPath);
    const anchored = await readInternalLinks(new Uint8Array(fs.readFileSync(pdfPath)), { anchors: true });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(links.every((l) => l.anchor === undefined)).toBe(true);
    const inText = anchored.filter((l) => l.page !== truth.contentsPage);
    expect(inText).toHaveLength(truth.crossReferences.length);
    inText.forEach((link, i) => {
      const ref = truth.crossReferences[i]!;
      expect(link.anchor, ref.phrase).toContain(ref.targets[0]!.number);
      // The words under the link, give or take a few characters: not the whole line.
      expect(link.anchor!.length, ref.phrase).toBeLessThanOrEqual(ref.phrase.length + 8);
    });
  });

  it('reads the contents page’s links too, one per chapter and section (and the preface)', () => {
    const entries = truth.chapters.reduce((n, c) => n + 1 + c.sections.length, 1);
    expect(links.filter((l) => l.page === truth.contentsPage)).toHaveLength(entries);
  });

  it('gives rectangles and destinations as fractions of the page, measured from the top', () => {
    for (const link of links) {
      const { left, top, right, bottom } = link.rect;
      expect(0 <= left && left < right && right <= 1).toBe(true);
      expect(0 <= top && top < bottom && bottom <= 1).toBe(true);
      expect(link.target.y).toBeGreaterThanOrEqual(0);
      expect(link.target.y).toBeLessThan(1);
    }
    // Running text sits between the page's head and foot.
    expect(textLinks().every((l) => l.rect.top > 0.08 && l.rect.bottom < 0.93)).toBe(true);
  });

  it('maps links to items onto the paragraph that opens with the item', () => {
    const byId = new Map(paragraphs.map((p) => [p.id, p]));
    let checked = 0;
    textLinks().forEach((link, i) => {
      const first = truth.crossReferences[i]!.targets[0]!;
      if (first.kind === 'chapter' || first.kind === 'section') return;
      const [pair] = mapLinksToParagraphs([link], paragraphs);
      if (!pair) return; // from the preface, which is not a body paragraph
      expect(
        byId.get(pair.targetId)!.text.startsWith(first.label),
        `${first.label} -> ${pair.targetId}`,
      ).toBe(true);
      checked++;
    });
    expect(checked).toBeGreaterThan(100);
  });

  it('maps links to chapters and sections onto their first paragraph', () => {
    const firstOf = (key: (p: GraphParagraph) => string, value: string) =>
      paragraphs.find((p) => key(p) === value);
    textLinks().forEach((link, i) => {
      const first = truth.crossReferences[i]!.targets[0]!;
      const [pair] = mapLinksToParagraphs([link], paragraphs);
      if (!pair || first.kind !== 'chapter') return;
      expect(pair.targetId).toBe(firstOf((p) => p.chapterId, first.number)!.id);
    });
    const sectionTitles = truth.chapters.flatMap((c) => c.sections);
    textLinks().forEach((link, i) => {
      const first = truth.crossReferences[i]!.targets[0]!;
      const [pair] = mapLinksToParagraphs([link], paragraphs);
      if (!pair || first.kind !== 'section') return;
      const section = sectionTitles.find((s) => s.number === first.number)!;
      const target = paragraphs.find((p) => p.id === pair.targetId)!;
      expect(target.page).toBe(section.page);
      expect(firstOf((p) => p.sectionId, target.sectionId)).toBe(target);
    });
  });

  it('leaves out the contents and the preface, which come before the body paragraphs', () => {
    const pairs = mapLinksToParagraphs(links, paragraphs);
    const sources = new Set(pairs.map((p) => p.sourceId));
    const pageOf = new Map(paragraphs.map((p) => [p.id, p.page]));
    expect([...sources].every((id) => pageOf.get(id)! > truth.prefacePage)).toBe(true);
    const fromPreface = truth.crossReferences.filter((r) => r.page === truth.prefacePage).length;
    expect(pairs.length).toBeLessThanOrEqual(truth.crossReferences.length - fromPreface);
    expect(pairs.length).toBeGreaterThan(150);
  });
});

describe('mapLinksToParagraphs on hand-placed paragraphs', () => {
  const p = (id: string, page: number, yStart: number, order: number): GraphParagraph => ({
    id,
    sectionId: id.split('.').slice(0, 2).join('.'),
    chapterId: id.split('.')[0]!,
    order,
    page,
    yStart,
    text: id,
  });
  const paragraphs = [
    p('1.1.1', 4, 0.1, 0),
    p('1.1.2', 4, 0.4, 1),
    p('1.1.3', 4, 0.43, 2),
    p('1.2.1', 5, 0.2, 3),
    p('1.2.2', 6, 0.5, 4),
  ];
  const link = (page: number, top: number, targetPage: number, y: number | undefined): PdfLink => ({
    page,
    rect: { left: 0.2, top, right: 0.3, bottom: top + 0.015 },
    target: { page: targetPage, y, name: undefined },
  });
  const map = (l: PdfLink) => mapLinksToParagraphs([l], paragraphs)[0];

  it('takes the source from the paragraph starting at or above the link, or the previous page’s last', () => {
    expect(map(link(4, 0.35, 6, 0.49))?.sourceId).toBe('1.1.1');
    // On the first line of 1.1.2: the rectangle reaches a little above the line's top.
    expect(map(link(4, 0.397, 6, 0.49))?.sourceId).toBe('1.1.2');
    expect(map(link(5, 0.1, 4, 0.09))?.sourceId).toBe('1.1.3');
    expect(map(link(6, 0.2, 4, 0.09))?.sourceId).toBe('1.2.1');
  });

  it('takes the target at the destination: at the top, on the first baseline, after a heading, or spanning it', () => {
    expect(map(link(6, 0.6, 4, 0.395))?.targetId).toBe('1.1.2'); // a hair above the paragraph
    expect(map(link(6, 0.6, 4, 0.415))?.targetId).toBe('1.1.2'); // on its first baseline
    expect(map(link(6, 0.6, 5, 0.16))?.targetId).toBe('1.2.1'); // above a heading
    expect(map(link(6, 0.6, 4, 0.25))?.targetId).toBe('1.1.1'); // a display inside 1.1.1
    expect(map(link(6, 0.6, 4, undefined))?.targetId).toBe('1.1.1'); // the page only
    expect(map(link(4, 0.2, 6, 0.05))?.targetId).toBe('1.2.2'); // the top of a page before its paragraph
  });

  it('takes a destination named for a section to the paragraph after its heading, however far (ipsur 6.5)', () => {
    // Each link leaves from a paragraph of a later page.
    const named = (page: number, y: number, name: string): PdfLink => ({
      ...link(200, 0.2, page, y),
      target: { page, y, name },
    });
    const ipsur = [
      // The last paragraph of 6.4 runs on above the heading of 6.5, whose first paragraph is set far below it.
      { ...p('6.4.25', 143, 0.45, 0), sectionId: '6.4' },
      { ...p('6.5.1', 143, 0.7, 1), sectionId: '6.5' },
      // A one-line paragraph ends 7.3 a line above the heading of 7.4, at the bottom of the page.
      { ...p('7.3.5', 160, 0.9, 2), sectionId: '7.3' },
      { ...p('7.4.1', 161, 0.1, 3), sectionId: '7.4' },
      p('9.1.1', 200, 0.1, 4),
    ];
    const to = (l: PdfLink) => mapLinksToParagraphs([l], ipsur)[0]?.targetId;
    expect(to(named(143, 0.61, 'section.6.5'))).toBe('6.5.1');
    expect(to(named(160, 0.915, 'section.7.4'))).toBe('7.4.1');
    // Without the name (FOP names none), a place with a section's first paragraph within a large heading's
    // room below and nothing between is that heading; a place further up is in the paragraph spanning it,
    // and one a line below a paragraph's start is that paragraph, even at the foot of the page.
    expect(to(link(200, 0.2, 143, 0.61))).toBe('6.5.1');
    expect(to(link(200, 0.2, 143, 0.5))).toBe('6.4.25');
    expect(to(link(200, 0.2, 160, 0.915))).toBe('7.3.5');
    expect(to(link(200, 0.2, 160, 0.95))).toBe('7.4.1');
  });

  it('takes a destination at a paragraph, or on its first baseline, to it, not to the section opening below (aata)', () => {
    const aata = [
      { ...p('15.4.33', 200, 0.543, 0), sectionId: '15.4' },
      { ...p('15.5.1', 200, 0.654, 1), sectionId: '15.5' },
      { ...p('21.2.19', 282, 0.42, 2), sectionId: '21.2' },
      { ...p('21.3.1', 282, 0.514, 3), sectionId: '21.3' },
      p('22.1.1', 341, 0.1, 4),
    ];
    const to = (l: PdfLink) => mapLinksToParagraphs([l], aata)[0]?.targetId;
    // Exercise 26 and Corollary 21.36, each the last paragraph before a section's heading.
    expect(to(link(341, 0.2, 200, 0.56))).toBe('15.4.33');
    expect(to(link(341, 0.2, 282, 0.421))).toBe('21.2.19');
  });

  it('takes a destination named for a figure to its caption, whatever text its drawing has (decay Figure 2.7)', () => {
    const q = (id: string, yStart: number, text: string, order: number): GraphParagraph => ({
      ...p(id, 70, yStart, order),
      text,
    });
    const page = [
      q('2.4.1.3', 0.1, 'Figure 2.7 compares the two models for three values of p.', 0),
      q('2.4.1.4', 0.3, '1.0 p=0.01 1.0 p=0.1 model true model 1.0 p=1 model model true', 1),
      q('2.4.1.5', 0.6, 'Fig. 2.7 Comparison of two models for three values of p.', 2),
      { ...q('2.4.2.1', 0.1, 'As Figure 2.7 shows, the models agree for small p.', 3), page: 71 },
    ].map((paragraph) =>
      paragraph.id === '2.4.1.5' ? { ...paragraph, kind: 'caption' as const } : paragraph,
    );
    const toFigure: PdfLink = {
      ...link(71, 0.12, 70, 0.28),
      target: { page: 70, y: 0.28, name: 'figure.2.7' },
    };
    expect(mapLinksToParagraphs([toFigure], page)[0]?.targetId).toBe('2.4.1.5');
  });

  it('takes a table’s destination, set at its top just under the caption of the table before, to its own caption (ipsur Table 7.3)', () => {
    const q = (id: string, yStart: number, text: string, order: number, kind?: 'table' | 'caption') => ({
      ...p(id, 154, yStart, order),
      text,
      ...(kind ? { kind } : {}),
    });
    const page = [
      q('7.1.20', 0.0737, 'First Second roll Roll 1 2 3 4 5 6', 0, 'table'),
      q(
        '7.1.22',
        0.2197,
        'Table 7.2: Rolling two dice. Joint values of U and V are shown as pairs.',
        1,
        'caption',
      ),
      q('7.1.23', 0.2506, '2 3 4 5 6 7 8 9 10 11 12 Total', 2, 'table'),
      q('7.1.26', 0.3966, 'Table 7.3: The joint PMF of (U, V).', 3, 'caption'),
      { ...q('7.1.16', 0.6991, 'We will accumulate the probability. See Table 7.3.', 4), page: 153 },
    ];
    const toTable = (y: number, name: string): PdfLink => ({
      ...link(153, 0.75, 154, y),
      target: { page: 154, y, name },
    });
    expect(mapLinksToParagraphs([toTable(0.2403, 'table.caption.133')], page)[0]?.targetId).toBe('7.1.26');
    // A caption set above its table, its destination on the caption's first baseline, is that caption.
    expect(
      mapLinksToParagraphs(
        [toTable(0.2347, 'table.caption.132')],
        [
          { ...page[4]! },
          q('7.1.21', 0.1, 'The joint values are tabulated below.', 0),
          q('7.1.22', 0.2197, 'Table 7.2: Rolling two dice.', 1, 'caption'),
          q('7.1.23', 0.2506, '2 3 4 5 6 7 8 9 10 11 12 Total', 2, 'table'),
        ],
      )[0]?.targetId,
    ).toBe('7.1.22');
  });

  it('takes a figure’s destination, set above its drawing, to the caption below (aata 3.1, 4.2)', () => {
    const q = (id: string, yStart: number, text: string, order: number): GraphParagraph => ({
      id,
      sectionId: id.split('.').slice(0, 2).join('.'),
      chapterId: id.split('.')[0]!,
      order,
      page: 45,
      yStart,
      text,
    });
    const page = [
      q(
        '3.1.22',
        0.32,
        'A natural question to ask is what happens if one motion of the triangle is followed.',
        0,
      ),
      q('3.1.23', 0.545, 'Notice that in the multiplication table for the symmetries, for every motion', 1),
      q('3.1.24', 0.6065, '◦ id ρ1 ρ2 μ1 μ2 μ3', 2),
      q('3.1.25', 0.6253, 'id id ρ1 ρ2 μ1 μ2 μ3 ρ1 ρ1 ρ2 id μ3 μ1 μ2', 3),
      q('3.1.26', 0.7435, 'Figure 3.7 Symmetries of an equilateral triangle', 4),
      q('3.1.27', 0.8, 'Table 3.8 Rotations of a triangle', 5),
      q('3.2.1', 0.9, 'The integers mod n and the symmetries of a triangle are examples of groups.', 6),
      {
        ...q('3.2.13', 0.38, 'Using Figure 3.7, which is a Cayley table for this group, we can check', 7),
        page: 47,
      },
    ];
    const to = (y: number) => mapLinksToParagraphs([link(47, 0.4, 45, y)], page)[0]?.targetId;
    // Above the figure's table of symbols: its caption, not the table's first row.
    expect(to(0.6047)).toBe('3.1.26');
    // A drawing with no text, set in the middle of the page below 3.1.23: its caption, far below.
    expect(to(0.59)).toBe('3.1.26');
    // A table's destination is at its caption, which opens it.
    expect(to(0.7995)).toBe('3.1.27');
    // Prose at or below the destination comes first, and so does a short item (aata 7.4 exercise 20).
    expect(to(0.544)).toBe('3.1.23');
    expect(to(0.4)).toBe('3.1.22');
    const item = q('7.4.20', 0.6065, '(a) (n, E) = (451, 231)', 2);
    const withItem = page.map((p) => (p.id === '3.1.24' ? item : p));
    expect(mapLinksToParagraphs([link(47, 0.4, 45, 0.6047)], withItem)[0]?.targetId).toBe('7.4.20');
  });

  it('takes an equation set below a float at the top of a page to the paragraph it goes on from (decay (1.10))', () => {
    const book = [
      p('1.1.3', 23, 0.7, 0),
      {
        ...p('1.1.4', 24, 0.1, 1),
        kind: 'caption' as const,
        text: 'Fig. 1.4 Illustration of a backward difference.',
      },
      p('1.2.1', 24, 0.4, 2),
      p('1.2.2', 25, 0.3, 3),
    ];
    const equation: PdfLink = {
      page: 25,
      rect: { left: 0.2, top: 0.35, right: 0.3, bottom: 0.365 },
      target: { page: 24, y: 0.2, name: 'equation.1.10' },
    };
    // The display under the caption is the end of 1.1.3, which began on the page before.
    expect(mapLinksToParagraphs([equation], book)[0]?.targetId).toBe('1.1.3');
  });

  it('leaves out links from or into pages outside the body, and links within one paragraph', () => {
    expect(map(link(2, 0.3, 4, 0.1))).toBeUndefined();
    expect(map(link(4, 0.3, 9, 0.1))).toBeUndefined();
    expect(map(link(4, 0.3, 1, 0.1))).toBeUndefined();
    expect(map(link(4, 0.2, 4, 0.09))).toBeUndefined();
  });

  it('on a page set in two columns, takes the source and the target in the column the link and destination are in', () => {
    // Page 8: left column 2.1.1 (top), 2.1.2; right column 2.1.3 (top), 2.1.4; reading order left first.
    const twoColumns = [
      p('2.1.1', 8, 0.08, 0),
      p('2.1.2', 8, 0.5, 1),
      p('2.1.3', 8, 0.1, 2),
      p('2.1.4', 8, 0.6, 3),
      p('2.2.1', 9, 0.1, 4),
    ];
    const at = (left: number, top: number, x: number | undefined, y: number): PdfLink => ({
      page: 8,
      rect: { left, top, right: left + 0.1, bottom: top + 0.015 },
      target: { page: 8, y, x, name: undefined },
    });
    const pair = (l: PdfLink) => mapLinksToParagraphs([l], twoColumns)[0];
    // A link low in the left column comes from 2.1.2, not from 2.1.3 of the right column above it.
    expect(pair(at(0.2, 0.7, 0.6, 0.6))).toMatchObject({ sourceId: '2.1.2', targetId: '2.1.4' });
    // A link at the top of the right column, above its first paragraph, is the left column's last running on.
    expect(pair(at(0.7, 0.05, 0.1, 0.08))).toMatchObject({ sourceId: '2.1.2', targetId: '2.1.1' });
    // Without the destination's x, the target is found among all the page's paragraphs by height.
    expect(pair(at(0.7, 0.65, undefined, 0.51))).toMatchObject({ sourceId: '2.1.4', targetId: '2.1.2' });
  });

  it('gives each pair once', () => {
    const twice = [link(4, 0.2, 6, 0.49), link(4, 0.3, 6, 0.49)];
    expect(mapLinksToParagraphs(twice, paragraphs)).toEqual([
      { sourceId: '1.1.1', targetId: '1.2.2', targetSectionId: '1.2' },
    ]);
  });
});
