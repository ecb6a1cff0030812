/**
 * A fixed-seed sample of a book's relationship edges, for reading them as a student would (is the pair
 * sensible, is the type right, is the reason true and specific), and the figures of the whole graph that
 * such a reading checks for: reasons that name no evidence, definitions of everyday words, similarity
 * between non-prose blocks, elaborations that are only the next paragraph.
 */
import { seededRandom } from '@threadbook/test-support';
import type { RelationshipTypeName } from '@threadbook/contracts';
import {
  bookTerms,
  FREQUENT_WORDS,
  frequentWords,
  glossaryEntries,
  readPrintedIndex,
  termKeyOf,
  type BookTerms,
} from '../src/graph/book-terms/index.ts';
import { isStudyProse } from '../src/graph/paragraphs.ts';
import type { GraphEdge, GraphParagraph } from '../src/graph/types.ts';

/**
 * `count` edges drawn without replacement, the same for the same seed and graph whatever order the
 * builder returned them in (the edges are put in book order first).
 */
export function sampleEdges(edges: readonly GraphEdge[], count: number, seed: number): GraphEdge[] {
  return drawSample(edges, count, seed, (e) => [e.source, e.target]);
}

/**
 * `count` items drawn without replacement, the same for the same seed and items whatever their order: they
 * are put in book order first, by the paragraph ids `ends` gives.
 */
export function drawSample<T>(
  items: readonly T[],
  count: number,
  seed: number,
  ends: (item: T) => [string, string],
): T[] {
  const pool = [...items].sort((a, b) => {
    const [as, at] = ends(a);
    const [bs, bt] = ends(b);
    return compareIds(as, bs) || compareIds(at, bt);
  });
  const random = seededRandom(seed);
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0) {
    const at = Math.floor(random() * pool.length);
    picked.push(pool[at]!);
    pool[at] = pool[pool.length - 1]!;
    pool.pop();
  }
  return picked;
}

/** "3.10.2" after "3.9.5": ids compared number by number. */
function compareIds(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/** What a type says of the target, for a reader who sees the two texts. */
export const TYPE_MEANING: Record<RelationshipTypeName, string> = {
  BACKGROUND: 'B is background for A: A builds on B',
  ELABORATION: 'B elaborates on A: a proof, example, application or more detail of A',
  EXAMPLE: 'A and B are a statement and an example of it',
  CONTRAST: 'A and B are set against each other',
  RELATED: 'A and B cover related ideas',
};

export interface EdgeFigures {
  edges: number;
  byType: Record<RelationshipTypeName, number>;
  /** Reasons that quote none of the book's words (quotesTheBook): no evidence a student can check. */
  unquotedReasons: number;
  /** Of those, "The book links Section 2.1, Paragraph 2 to ...": a link whose words were not read. */
  unquotedLinks: number;
  /** Similarity edges with a caption, listing, table or footnote at either end. */
  nonProseSimilarity: number;
  elaborations: number;
  /** ELABORATION edges to the very next paragraph with no explicit reference between the two. */
  elaborationsToNext: number;
  /** The terms '"X" defined in ...' reasons name, most used first. */
  definedTerms: [string, number][];
  /** Edges between two paragraphs of the same words. */
  identicalTexts: number;
  /**
   * "Covers the same ideas" reasons naming a word among the book's most frequent that its index or
   * glossaries do not list (with the vocabulary given; else null).
   */
  commonWordIdeas: number | null;
  /** Those words, most named first. */
  commonWords: [string, number][];
}

/** The book's general vocabulary and its listed terms, for judging the ideas reasons name. */
export interface ReasonVocabulary {
  frequent: ReadonlySet<string>;
  terms: Pick<BookTerms, 'listed'>;
}

/**
 * The book's 500 most frequent words (of its study prose) and the terms its printed index and glossaries
 * list, read afresh from the PDF and the paragraphs.
 */
export async function reasonVocabulary(
  pdf: Uint8Array,
  paragraphs: readonly GraphParagraph[],
): Promise<ReasonVocabulary> {
  const prose = paragraphs.filter(isStudyProse);
  return {
    frequent: frequentWords(
      prose.map((p) => p.text),
      FREQUENT_WORDS,
    ),
    terms: bookTerms({
      index: await readPrintedIndex(pdf),
      glossary: glossaryEntries(prose).map((entry) => entry.term),
      defined: [],
    }),
  };
}

/**
 * The ideas a reason lists: after "Covers the same ideas:", or after "goes on from <paragraph>, on", up to
 * the clause's end or the sentence it quotes ("(Section 1.2, Paragraph 20: ...)").
 */
export function sharedIdeasOf(justification: string): string[] {
  const listed = /(?:covers the same ideas: |goes on from .*?, on )([^;(]*)/i.exec(justification);
  return listed?.[1]?.trim().split(/, | and /) ?? [];
}

export function edgeFigures(
  edges: readonly GraphEdge[],
  paragraphs: readonly GraphParagraph[],
  vocabulary?: ReasonVocabulary,
): EdgeFigures {
  const byId = new Map(paragraphs.map((p) => [p.id, p]));
  const byType: Record<RelationshipTypeName, number> = {
    BACKGROUND: 0,
    ELABORATION: 0,
    EXAMPLE: 0,
    CONTRAST: 0,
    RELATED: 0,
  };
  let unquotedReasons = 0;
  let unquotedLinks = 0;
  let nonProseSimilarity = 0;
  let elaborationsToNext = 0;
  const defined = new Map<string, number>();
  let identicalTexts = 0;
  let commonWordIdeas = 0;
  const commonWords = new Map<string, number>();
  for (const edge of edges) {
    byType[edge.type]++;
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (source === undefined || target === undefined)
      throw new Error(`edge ${edge.source} -> ${edge.target}: no such paragraph`);
    if (!quotesTheBook(edge.justification, [source.text, target.text])) {
      unquotedReasons++;
      if (/\bthe book links\b/i.test(edge.justification)) unquotedLinks++;
    }
    if (edge.evidence.includes('semantic') && (source.kind !== undefined || target.kind !== undefined))
      nonProseSimilarity++;
    if (
      edge.type === 'ELABORATION' &&
      target.order === source.order + 1 &&
      !edge.evidence.includes('explicit')
    )
      elaborationsToNext++;
    if (termKeyOf(source.text) === termKeyOf(target.text)) identicalTexts++;
    const common = sharedIdeasOf(edge.justification).filter((idea) => {
      const key = termKeyOf(idea);
      return !key.includes(' ') && vocabulary?.frequent.has(key) === true && !vocabulary.terms.listed(key);
    });
    if (common.length > 0) commonWordIdeas++;
    for (const word of common) commonWords.set(word, (commonWords.get(word) ?? 0) + 1);
    const definition = /((?:"[^"]+"(?:, | and )?)+) defined in/.exec(edge.justification)?.[1] ?? '';
    for (const [, term] of definition.matchAll(/"([^"]+)"/g))
      defined.set(term!, (defined.get(term!) ?? 0) + 1);
  }
  return {
    edges: edges.length,
    byType,
    unquotedReasons,
    unquotedLinks,
    nonProseSimilarity,
    elaborations: byType.ELABORATION,
    elaborationsToNext,
    definedTerms: [...defined].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    identicalTexts,
    commonWordIdeas: vocabulary === undefined ? null : commonWordIdeas,
    commonWords: [...commonWords].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
  };
}

/** Letters and digits only, in lower case: how a quoted fragment is looked for in a paragraph. */
const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Whether a reason quotes the book's own words: a phrase it puts in quotation marks ("by Theorem 4.10", a
 * defined term, an opening cue; one cut short with "…" up to the cut) or an idea it lists after "Covers the
 * same ideas:", found (letters and digits, any case) in the text of either paragraph. The labels the builder
 * writes ("Section 2.1, Paragraph 3") are not the book's words, even where a paragraph happens to name the
 * same section: a reason made of them alone, "The book links Section 2.1, Paragraph 2 to Section 1.1,
 * Paragraph 3", or one that names nothing, "Covers similar ideas", quotes nothing.
 */
export function quotesTheBook(justification: string, texts: readonly string[]): boolean {
  const quoted = [...justification.matchAll(/"([^"]*)"/g)].map(([, phrase]) => phrase!.replace(/^…|…$/g, ''));
  const ideas = sharedIdeasOf(justification);
  const squashed = texts.map(squash);
  return [...quoted, ...ideas]
    .map(squash)
    .some((fragment) => fragment !== '' && squashed.some((text) => text.includes(fragment)));
}
