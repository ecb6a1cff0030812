import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BookDocument } from '@threadbook/book';
import { startOpenAiCompatibleServer } from '@threadbook/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSampleBook, type SampleBookTruth } from '../../../samples/sample-book/index.ts';
import { buildGraph, EmbeddingsError, extractBook, type GraphStage } from '../src/index.ts';
import { isStudyProse } from '../src/graph/paragraphs.ts';
import type { BookGraph, GraphEdge, GraphParagraph } from '../src/graph/types.ts';
import { graphParagraph } from './graph-fixtures.ts';

/** A book of given paragraph texts: one section per entry of `sections`, in the chapter its id names. */
function bookOf(sections: { id: string; texts: string[]; refs?: Record<number, string[]> }[]): BookDocument {
  const chapterIds = [...new Set(sections.map((section) => section.id.split('.')[0]!))];
  return {
    title: 'Test',
    author: '',
    chapters: chapterIds.map((id) => ({
      id,
      title: '',
      sections: sections
        .filter((section) => section.id.split('.')[0] === id)
        .map((section) => ({
          id: section.id,
          title: '',
          paragraphs: section.texts.map((text, i) => ({
            id: `${section.id}.${i + 1}`,
            page: 1,
            yStart: i / 10,
            text,
            explicitRefs: section.refs?.[i + 1] ?? [],
          })),
        })),
    })),
  };
}

const ALGEBRA = bookOf([
  {
    id: '1.1',
    texts: [
      'Let G be a group and H a subgroup of G. The set gH is called a left coset of H with representative g.',
      'Theorem 1.2. The left cosets of H in G partition G, and any two left cosets of H in G have the same number of elements.',
      'Groups of permutations appear throughout geometry, where symmetries of a figure compose like functions and every symmetry has an inverse.',
    ],
  },
  {
    id: '2.1',
    texts: [
      'By Theorem 1.2 the left cosets of H partition G, so counting the elements of each left coset proves that the order of H divides the order of G.',
      'Each left coset of the subgroup has as many elements as the subgroup itself, and the index counts the distinct left cosets of the subgroup.',
      'In Chapter 3 we will see how the same counting of left cosets gives the orbit-stabiliser theorem for groups acting on sets.',
    ],
    refs: { 2: ['1.1.3'] },
  },
  {
    id: '3.1',
    texts: [
      'A group acts on a set when each element permutes the set; the orbit of a point and its stabiliser subgroup are linked by counting left cosets of the stabiliser.',
    ],
  },
]);

const edgeBetween = (graph: BookGraph, a: string, b: string): GraphEdge | undefined =>
  graph.edges.find((e) => (e.source === a && e.target === b) || (e.source === b && e.target === a));

describe('buildGraph on a hand-made book', () => {
  let graph: BookGraph;
  const stages: GraphStage[] = [];
  beforeAll(async () => {
    graph = await buildGraph(ALGEBRA, { onStage: (stage) => stages.push(stage) });
  });

  it('reports its stages in order', () => {
    expect(stages).toEqual(['references', 'definitions', 'similarity', 'edges']);
  });

  it('makes a back reference BACKGROUND, quoting the words that refer, and lists it in explicitRefs', () => {
    const edge = edgeBetween(graph, '2.1.1', '1.1.2');
    expect(edge).toMatchObject({ source: '2.1.1', target: '1.1.2', type: 'BACKGROUND' });
    expect(edge?.justification).toContain('Explicit reference: "By Theorem 1.2"');
    expect(edge?.evidence).toContain('explicit');
    expect(graph.explicitRefs.get('2.1.1')).toEqual(['1.1.2']);
  });

  it('makes a forward reference ELABORATION', () => {
    const edge = edgeBetween(graph, '2.1.3', '3.1.1');
    expect(edge).toMatchObject({ source: '2.1.3', target: '3.1.1', type: 'ELABORATION' });
  });

  it('sends a paragraph that uses a defined term back to the definition', () => {
    const edge = edgeBetween(graph, '2.1.2', '1.1.1');
    expect(edge).toMatchObject({ source: '2.1.2', target: '1.1.1', type: 'BACKGROUND' });
    // Where the term is defined and used, named so that the reason reads the same from either paragraph.
    expect(edge?.justification).toContain(
      '"left coset" defined in Section 1.1, Paragraph 1, used in Section 2.1, Paragraph 2',
    );
    expect(edge?.evidence).toContain('discourse');
  });

  it('keeps the explicit references a supplied Book XML lists, named by section', () => {
    const edge = edgeBetween(graph, '2.1.2', '1.1.3');
    // The XML gives no words of the source to quote: the reason names the paragraphs and the section.
    expect(edge?.justification).toContain(
      'The book links Section 2.1, Paragraph 2 to Section 1.1, Paragraph 3 (Section 1.1)',
    );
    expect(graph.explicitRefs.get('2.1.2')).toContain('1.1.3');
  });

  it('gives one edge per pair, no self-loops, scores in 0..1 and a justification each', () => {
    const pairs = graph.edges.map((e) => [e.source, e.target].sort().join(' '));
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const edge of graph.edges) {
      expect(edge.source).not.toBe(edge.target);
      expect(edge.score).toBeGreaterThan(0);
      expect(edge.score).toBeLessThanOrEqual(1);
      expect(edge.justification.length).toBeGreaterThan(10);
      expect(edge.evidence.length).toBeGreaterThan(0);
    }
  });
});

describe('buildGraph: definitions of everyday vocabulary', () => {
  it('does not send every paragraph back to the definition of a term nearly all of them use', async () => {
    const filler = Array.from(
      { length: 30 },
      (_, i) => `Paragraph ${i} studies the widget under condition ${i}, where every widget keeps its shape.`,
    );
    const book = bookOf([
      { id: '1.1', texts: ['We call an object with a fixed shape a widget, as the whole book does.'] },
      { id: '1.2', texts: filler },
    ]);
    const graph = await buildGraph(book);
    expect(graph.edges.filter((e) => e.justification.includes('"widget" defined in'))).toEqual([]);
  });
});

describe('buildGraph: a reference to a section and a similar paragraph inside it', () => {
  it("relates the paragraph inside, by the reference, and leaves the section's opening to the link", async () => {
    const filler = Array.from(
      { length: 20 },
      (_, i) =>
        `Exercise ${i} asks for the determinant of a matrix of size ${i} computed by row reduction and cofactors.`,
    );
    const book = bookOf([
      {
        id: '1.1',
        texts: [
          'Index notation.',
          'The Levi-Civita symbol is the antisymmetric tensor whose components give the permutation parity of their indices.',
        ],
      },
      { id: '1.2', texts: filler },
      {
        id: '2.1',
        texts: [
          'For the Levi-Civita symbol, the antisymmetric tensor of permutation parity, see also Section 1.1 on its indices.',
        ],
      },
    ]);
    const graph = await buildGraph(book);
    expect(graph.explicitRefs.get('2.1.1')).toEqual(['1.1.1']);
    expect(edgeBetween(graph, '2.1.1', '1.1.2')).toMatchObject({
      type: 'BACKGROUND',
      justification: expect.stringMatching(
        /^Explicit reference: "see also Section 1\.1", to the paragraph on "Levi-Civita symbol" there/,
      ),
    });
    expect(edgeBetween(graph, '2.1.1', '1.1.1')).toBeUndefined();
  });
});

describe("buildGraph: a chapter's opening that has nothing of the referring paragraph", () => {
  it('keeps the reference in explicitRefs and makes no edge to the opening', async () => {
    const book = bookOf([
      {
        id: '1.1',
        texts: [
          'Computer science is a tremendously broad academic discipline, and programming is only one of its tools.',
          'The count_partitions function counts the ways to partition a number using parts up to a size.',
        ],
      },
      {
        id: '2.1',
        texts: ['We can now memoize count_partitions from Chapter 1 and watch the number of calls fall.'],
      },
    ]);
    const graph = await buildGraph(book);
    expect(graph.explicitRefs.get('2.1.1')).toEqual(['1.1.1']);
    expect(edgeBetween(graph, '2.1.1', '1.1.1')).toBeUndefined();
  });
});

describe('isStudyProse: the paragraphs similarity and definitions read', () => {
  const paragraph = (text: string, sectionTitle: string, kind?: GraphParagraph['kind']): GraphParagraph =>
    graphParagraph({ text, sectionTitle, ...(kind === undefined ? {} : { kind }) });

  it('reads prose about the subject, even when it says "license"', () => {
    const plates =
      'How many license plates can you make out of three letters followed by three numerical digits?';
    expect(isStudyProse(paragraph(plates, 'Additive and Multiplicative Principles'))).toBe(true);
  });

  it("leaves out the book's licence and copyright notices, which would only match each other", () => {
    // linalg's appendix: two of its paragraphs were related by "free software" and "license".
    const gfdl =
      'The purpose of this License is to make a manual, textbook, or other functional and useful document free in the sense of freedom.';
    expect(isStudyProse(paragraph(gfdl, 'D.2 GNU Free Documentation License'))).toBe(false);
    // decay's chapter openings.
    const notice = '© 2016, Hans Petter Langtangen. Released under CC Attribution 4.0 license';
    expect(isStudyProse(paragraph(notice, 'Finite difference methods'))).toBe(false);
    expect(
      isStudyProse(paragraph('Copyright (c) 2000,2001,2002 Free Software Foundation, Inc.', 'Preamble')),
    ).toBe(false);
    // linalg's "Motivation" for its licence, in an appendix of another title: "distribute" matched there.
    const motivation =
      'The present book is released under GNU FDL. According to the license, everyone is allowed to print this book or distribute it in any other way.';
    expect(isStudyProse(paragraph(motivation, 'D.1 Motivation'))).toBe(false);
    const domain =
      'One could simply upload PDF files to a Web site and declare these texts to be in public domain.';
    expect(isStudyProse(paragraph(domain, 'D.1 Motivation'))).toBe(false);
    // ipsur marks outcomes with the sign.
    const marked = 'The outcomes lying in the event A are marked with “©”, and those in both with “♣”.';
    expect(isStudyProse(paragraph(marked, 'Conditional Probability'))).toBe(true);
  });

  it('leaves out captions, listings, tables and footnotes', () => {
    for (const kind of ['caption', 'code', 'table', 'footnote'] as const)
      expect(isStudyProse(paragraph('Figure 1.7 The Cayley graph of Z6', 'Cyclic Groups', kind))).toBe(false);
  });

  it("leaves out a drawing's letter-spaced labels extraction took for prose, not prose with variables", () => {
    // csbu's DocBook figures: the PDF gives each label in pieces.
    for (const labels of [
      'Prot ect ion Keys Prot ect ion Keys',
      "2^ 0 PTE's ent ry for a virt ual page is found via sim ple offset from VLPT base",
      'Key Right s Pr ot e ct ion Ke y Re g ist e r s Physical Page # (PPN) Offset',
    ])
      expect(isStudyProse(paragraph(labels, 'Virtual Linear Page-Table'))).toBe(false);
    for (const prose of [
      'Pr oce ss M e m or y As we have seen a process has smaller areas of memory allocated to it than the whole address space.',
      '(2) Since a and b are associates, there exists a unit u such that a = ub. Therefore, b | a and a | b.',
      'Let a and b be integers. If b = ak for some integer k, we write a | b.',
    ])
      expect(isStudyProse(paragraph(prose, 'Rings'))).toBe(true);
  });
});

describe('buildGraph on the sample book, from its PDF', () => {
  let truth: SampleBookTruth;
  let graph: BookGraph;
  let pageOf: Map<string, number>;
  let textOf: Map<string, string>;

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadbook-graph-'));
    const pdfPath = path.join(dir, 'sample.pdf');
    ({ truth } = await buildSampleBook(pdfPath));
    const bytes = new Uint8Array(fs.readFileSync(pdfPath));
    const { book } = await extractBook(bytes.slice());
    graph = await buildGraph(book, { pdf: bytes });
    pageOf = new Map(
      book.chapters.flatMap((c) => c.sections.flatMap((s) => s.paragraphs.map((p) => [p.id, p.page]))),
    );
    textOf = new Map(
      book.chapters.flatMap((c) => c.sections.flatMap((s) => s.paragraphs.map((p) => [p.id, p.text]))),
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has an explicit edge from the page of most of the book’s cross-references', () => {
    const explicitPages = new Set(
      graph.edges.filter((e) => e.evidence.includes('explicit')).map((e) => pageOf.get(e.source)),
    );
    const covered = truth.crossReferences.filter((ref) => explicitPages.has(ref.page));
    expect(covered.length / truth.crossReferences.length).toBeGreaterThan(0.9);
  });

  it('types explicit references by book order: back BACKGROUND (EXAMPLE from an example), ahead ELABORATION or EXAMPLE', () => {
    const order = new Map([...pageOf.keys()].map((id, i) => [id, i]));
    for (const edge of graph.edges.filter((e) => e.evidence.includes('explicit'))) {
      if (edge.type === 'CONTRAST') continue;
      const back = order.get(edge.target)! < order.get(edge.source)!;
      const fromExample = /^Example\b/.test(textOf.get(edge.source) ?? '');
      const expected = back
        ? fromExample
          ? ['EXAMPLE', 'BACKGROUND']
          : ['BACKGROUND']
        : ['ELABORATION', 'EXAMPLE'];
      expect(expected, `${edge.source} -> ${edge.target}: ${edge.type}`).toContain(edge.type);
    }
  });

  it('relates paragraphs by meaning too, each pair by ideas of the book both name', () => {
    const similar = graph.edges.filter((e) => e.evidence.includes('semantic'));
    // The sample book is short and its chapters say much the same in each paragraph: few pairs share two
    // ideas beyond its general vocabulary and everyday speech.
    expect(similar.length).toBeGreaterThanOrEqual(1);
    // Named as shared ideas, or as the defined term that carries them (said once, not twice).
    for (const edge of similar)
      expect(edge.justification).toMatch(/[Cc]overs the same ideas: \S+|"[^"]+" defined in/);
  });
});

describe('buildGraph with an embeddings endpoint', () => {
  it('asks the endpoint for every paragraph and relates by its vectors', async () => {
    const server = await startOpenAiCompatibleServer({ dimensions: 64 });
    try {
      // One chapter: paragraphs of two chapters need stronger similarity than bags of words give.
      const oneChapter = bookOf(
        ALGEBRA.chapters.map((chapter, i) => ({
          id: `1.${i + 1}`,
          texts: chapter.sections.flatMap((section) => section.paragraphs.map((p) => p.text)),
        })),
      );
      const graph = await buildGraph(oneChapter, { embeddings: { baseUrl: server.url, batchSize: 4 } });
      const inputs = server.requests
        .filter((r) => r.path.endsWith('/embeddings'))
        .flatMap((r) => (r.body as { input: string[] }).input);
      expect(inputs).toHaveLength(7);
      expect(graph.edges.some((e) => e.evidence.includes('semantic'))).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('fails with a clear error when the endpoint does', async () => {
    const server = await startOpenAiCompatibleServer();
    server.failNext(500, 10);
    try {
      const failure = await buildGraph(ALGEBRA, {
        embeddings: { baseUrl: server.url, maxRetries: 0 },
      }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(EmbeddingsError);
      expect((failure as Error).message).toMatch(/500/);
    } finally {
      await server.close();
    }
  });
});
