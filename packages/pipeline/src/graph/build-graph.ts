/**
 * The relationship graph of a book (docs/design.md "Relationship graph"): the three finders' evidence
 * (explicit references, semantic similarity, terms defined and used) merged into one typed, justified,
 * scored edge per related pair of paragraphs.
 */
import { sectionName, type BookDocument } from '@threadbook/book';
import { onSideThread } from '../side-thread.ts';
import { classifyEdge } from './discourse/classify.ts';
import {
  definitionFor,
  findDefinedTerms,
  namesInPassing,
  readsInGlossSense,
  termsUsed,
  termsUsedFrom,
  type DefinedTerms,
  type DefinitionSite,
} from './discourse/definitions.ts';
import {
  bookTerms,
  glossaryEntries,
  readPrintedIndex,
  termKeyOf,
  type BookTerms,
} from './book-terms/index.ts';
import { readInternalLinks, withLinkWords } from './links.ts';
import type { PageText } from '../extract/types.ts';
import { openBookPages, type BookPages } from './page-words.ts';
import { findReferenceSpans } from './reference-spans.ts';
import { findTermSpans, type TermUse } from './term-spans.ts';
import { placeIndex, type PlacedEntry } from './book-terms/index-pages.ts';
import { withOwnLabels } from './refs/own-labels.ts';
import { toTheProofsNamed } from './refs/proofs.ts';
import { graphParagraphs, isStudyProse, licenceSectionIds } from './paragraphs.ts';
import { resolveExplicitReferences, sectionNamed } from './refs/resolve.ts';
import {
  isLeadIn,
  itemNamedWithSection,
  itemTheSentenceCites,
  paragraphReferredTo,
  pastLeadIn,
  referenceIntoSection,
} from './refs/within-section.ts';
import { isInSection, SECTION_KINDS } from './refs/targets.ts';
import {
  asNeighbours,
  buildEmbeddingsIndex,
  findSemanticPairs,
  tooWeakAcrossChapters,
  type EmbeddingsEndpoint,
  type SimilarityIndex,
} from './semantic/index.ts';
import { ideaIntroductions } from './discourse/introductions.ts';
import { continuesLeadIn } from './discourse/series.ts';
import { normaliseTerm, writtenAs } from './discourse/terms.ts';
import { commonInBookAbove, isEverydayWord } from './english.ts';
import { wordKeys } from './semantic/shared-terms.ts';
import { bookTopicWords } from './semantic/topic-words.ts';
import type { BookGraph, ExplicitReference, GraphEdge, GraphParagraph, SemanticPair } from './types.ts';

export type GraphStage = 'references' | 'definitions' | 'similarity' | 'edges';

export interface BuildGraphOptions {
  /** The book's PDF: its internal link annotations are references too, preferred where they disagree. */
  pdf?: Uint8Array;
  /** The PDF's pages' text as extraction read it: words are found on the pages without reading it again. */
  pages?: readonly PageText[];
  /** An OpenAI-compatible embeddings endpoint; without it, similarity is the book's own LSA. */
  embeddings?: EmbeddingsEndpoint;
  /** Called as each stage starts. */
  onStage?: (stage: GraphStage) => void;
}

/**
 * Paragraphs of prose from which their nearest in meaning are found on the side thread: fewer take less
 * time than a thread's start (loading the lemmatiser's lexicon).
 */
const MIN_PROSE_BESIDE = 400;
/** Definitions a paragraph is sent back to at most (those whose terms it uses most). */
const MAX_DEFINITION_TARGETS = 3;
/**
 * Users a definition keeps at most (those taking most terms, then the nearest): a definition of "coset"
 * is background to hundreds of paragraphs, but its own Elaboration list should not be only those.
 */
const MAX_DEFINITION_USERS = 8;
/** A term in more than this share of a chapter's paragraphs is basic there (chapters of 8 or more). */
const MAX_CHAPTER_SHARE = 0.4;
const MIN_CHAPTER_PARAGRAPHS = 8;
/**
 * A term used in at least this share of a book's chapters (books of 8 or more) is the book's everyday
 * vocabulary, known to a reader past the chapter that defines it: its definition serves that chapter only,
 * and its glossary entry, a recap at a chapter's end, none ("algorithm", "interpreter", "data type" all
 * through an introduction to programming, "proper subgroup" through an algebra; blind readers found such
 * links of no use chapters on).
 */
const BOOK_VOCABULARY_SHARE = 0.15;
const MIN_BOOK_CHAPTERS = 8;

/**
 * Each text's nearest in meaning: by the book's own LSA, on the side thread for a book of some length, or
 * by the embeddings endpoint.
 */
async function nearestInMeaning(
  texts: string[],
  embeddings: EmbeddingsEndpoint | undefined,
): Promise<Pick<SimilarityIndex, 'neighbours'>> {
  if (embeddings !== undefined) return buildEmbeddingsIndex(texts, embeddings);
  return asNeighbours(await onSideThread('nearestTexts', texts, texts.length >= MIN_PROSE_BESIDE));
}

/** Builds the graph of `book`: reads the PDF's links when given, then merges all evidence. */
export async function buildGraph(book: BookDocument, options: BuildGraphOptions = {}): Promise<BookGraph> {
  // The pages' words, read once for the references' spans and the terms'.
  const pages = openBookPages(options.pdf, options.pages);
  try {
    return await buildWithPages(book, options, pages);
  } finally {
    await pages.close();
  }
}

async function buildWithPages(
  book: BookDocument,
  options: BuildGraphOptions,
  pages: BookPages,
): Promise<BookGraph> {
  const paragraphs = graphParagraphs(book);
  // The book's licence stays readable and its links work; it relates nothing.
  const licence = licenceSectionIds(book);
  const sectionOf = new Map(paragraphs.map((p) => [p.id, p.sectionId]));
  const ofTheSubject = (id: string) => !licence.has(sectionOf.get(id) ?? '');
  const prose = paragraphs
    .filter((p) => isStudyProse(p) && ofTheSubject(p.id))
    .map((p, order) => ({ ...p, order }));
  const texts = prose.map((p) => p.text);
  // Asked before anything here waits, so that it comes first on the side thread (an import has the first
  // pages drawn there after it), found while this thread reads references and definitions.
  const nearest = nearestInMeaning(texts, options.embeddings);
  nearest.catch(() => undefined);
  options.onStage?.('references');
  const links = options.pdf === undefined ? [] : await readInternalLinks(options.pdf);
  const resolved = resolveExplicitReferences(paragraphs, { links });
  const references = toTheProofsNamed(
    [
      ...withOwnLabels(
        options.pdf === undefined
          ? resolved
          : await withLinkWords(options.pdf, resolved, links, paragraphs, options.pages),
        paragraphs,
      ),
      ...suppliedReferences(book, paragraphs),
    ],
    paragraphs,
  );
  const spans = await findReferenceSpans(pages, paragraphs, links, references);

  options.onStage?.('definitions');
  const glossary = glossaryEntries(prose);
  const printedIndex = options.pdf === undefined ? [] : await readPrintedIndex(options.pdf, options.pages);
  const listed = bookTerms({
    index: printedIndex,
    glossary: glossary.map((entry) => entry.term),
    defined: [],
  });
  const indexPages = placeIndex(printedIndex, paragraphs);
  const defined = findDefinedTerms(prose, {
    glossary,
    isTerm: (term) => oneWordTermHolds(term, listed),
    isSite: (term, paragraph) => onIndexPage(indexPages.get(termKeyOf(term)), paragraph),
    // One word keeps its sense across chapters only when it is no everyday word and an index says it is
    // one of the book's terms; else a chapter's sense is its own ("executable" file, "executable" data).
    isLocal: (term) => !term.includes(' ') && (isEverydayWord(term) || !listed.indexed),
  });
  const glossed = new Set(glossary.map((entry) => entry.paragraphId));
  const termUses = weightyTermUses(prose, defined, glossed);
  const definitions = definitionPairs(prose, termUses);
  const terms = bookTerms({
    index: printedIndex,
    glossary: glossary.map((entry) => entry.term),
    defined: defined.sites.keys(),
  });

  options.onStage?.('similarity');
  const index = await nearest;
  const topicWords = bookTopicWords({
    prose: texts,
    chapters: prose.map((p) => p.chapterId),
    terms,
    code: paragraphs.filter((p) => p.kind === 'code').map((p) => p.text),
    headings: book.chapters.flatMap((c) => [c.title, ...c.sections.map((s) => s.title)]),
    definedTerms: defined.sites.keys(),
  });
  const semantic = findSemanticPairs(prose, index, { topicWords });

  options.onStage?.('edges');
  return {
    edges: mergeEvidence(
      paragraphs,
      references.filter((r) => ofTheSubject(r.sourceId) && ofTheSubject(r.targetId)),
      semantic,
      definitions,
      {
        prose,
        defined,
        glossaryEntries: glossed,
        sharedIdeas: topicWords.sharedTopic,
        sharesAnIdea: topicWords.sharesAnIdea,
      },
    ),
    explicitRefs: explicitRefsBySource(references),
    spans,
    terms: await findTermSpans(pages, paragraphs, cardsOf(termUses, defined)),
  };
}

/** The term uses a reader is shown a card for: each with the words its definition writes it in. */
function cardsOf(uses: TermUses, defined: DefinedTerms): Map<string, TermUse[]> {
  const cards = new Map<string, TermUse[]>();
  for (const [user, terms] of uses) {
    cards.set(
      user,
      terms.map(({ term, site }) => ({
        term,
        display: defined.display.get(term) ?? term,
        definitionId: site.paragraphId,
      })),
    );
  }
  return cards;
}

/**
 * The references a supplied Book XML lists in explicit_refs: kept as evidence even where the text finder
 * misses them (an editor may have added them by hand). The XML gives no phrase: they are named by the
 * target's section.
 */
function suppliedReferences(book: BookDocument, paragraphs: readonly GraphParagraph[]): ExplicitReference[] {
  const byId = new Map(paragraphs.map((p) => [p.id, p]));
  const references: ExplicitReference[] = [];
  for (const chapter of book.chapters) {
    for (const section of chapter.sections) {
      for (const paragraph of section.paragraphs) {
        for (const targetId of paragraph.explicitRefs) {
          const target = byId.get(targetId);
          if (target === undefined || targetId === paragraph.id) continue;
          references.push({
            sourceId: paragraph.id,
            targetId,
            kind: 'other',
            phrase: '',
            targetName: sectionName(target.sectionId, target.sectionTitle),
            via: 'text',
          });
        }
      }
    }
  }
  return references;
}

/** Per (user, definer) pair, the defined terms the user paragraph takes from the definer. */
type DefinitionPairs = Map<string, { user: string; definer: string; terms: string[] }>;

/** Per paragraph id, the terms it builds on and the paragraph that defines each for it. */
type TermUses = Map<string, { term: string; site: DefinitionSite }[]>;

/**
 * The terms each paragraph builds on: for each term it uses, the paragraph that defines it for it
 * (definitionFor); terms the book, its chapter or the paragraph takes as known left out (a term most
 * paragraphs use, one named in passing, one of a glossary read in another sense).
 */
function weightyTermUses(
  paragraphs: readonly GraphParagraph[],
  defined: DefinedTerms,
  glossaryEntries: ReadonlySet<string>,
): TermUses {
  const used = paragraphs.map((p) => termsUsed(defined, p));
  const usage = new Map<string, number>();
  for (const terms of used) for (const term of terms) usage.set(term, (usage.get(term) ?? 0) + 1);
  // A term most paragraphs use ("set", "group") would send them all back to its definition.
  const commonAbove = commonInBookAbove(paragraphs.length);

  // A term most of a chapter uses ("graph" in a chapter on graphs) is that chapter's ground, not a
  // definition each of its paragraphs goes back to.
  const chapterSize = new Map<string, number>();
  const chapterUses = new Map<string, number>();
  const chaptersOf = new Map<string, Set<string>>();
  paragraphs.forEach((p, i) => {
    chapterSize.set(p.chapterId, (chapterSize.get(p.chapterId) ?? 0) + 1);
    for (const term of used[i]!) {
      chapterUses.set(pairKey(p.chapterId, term), (chapterUses.get(pairKey(p.chapterId, term)) ?? 0) + 1);
      chaptersOf.set(term, (chaptersOf.get(term) ?? new Set()).add(p.chapterId));
    }
  });
  // The book's everyday vocabulary (BOOK_VOCABULARY_SHARE).
  const vocabulary = new Set(
    chapterSize.size < MIN_BOOK_CHAPTERS
      ? []
      : [...chaptersOf]
          .filter(([, where]) => where.size >= BOOK_VOCABULARY_SHARE * chapterSize.size)
          .map(([term]) => term),
  );
  const basicIn = (chapter: string, term: string) =>
    (chapterSize.get(chapter) ?? 0) >= MIN_CHAPTER_PARAGRAPHS &&
    (chapterUses.get(pairKey(chapter, term)) ?? 0) > MAX_CHAPTER_SHARE * chapterSize.get(chapter)!;

  const paragraphAt = new Map(paragraphs.map((p) => [p.order, p]));
  const textOf = new Map(paragraphs.map((p) => [p.id, p.text]));
  const sectionOf = new Map(paragraphs.map((p) => [p.id, p.sectionId]));
  const uses: TermUses = new Map();
  paragraphs.forEach((user, i) => {
    const weighty: { term: string; site: DefinitionSite }[] = [];
    for (const term of used[i]!) {
      if ((usage.get(term) ?? 0) > commonAbove || basicIn(user.chapterId, term)) continue;
      const site = definitionFor(defined, term, user);
      if (site === undefined) continue;
      const fromGlossary = glossaryEntries.has(site.paragraphId);
      // A defining lead-in goes on in its list items: "2. nested number lists" is its text, not a use of it.
      const definer = paragraphAt.get(site.order)!;
      if (continuesLeadIn(definer, user, (order) => paragraphAt.get(order))) continue;
      // A glossary's entries are printed together: one does not send the reader to the entry beside it.
      if (fromGlossary && glossaryEntries.has(user.id) && sectionOf.get(site.paragraphId) === user.sectionId)
        continue;
      const known = vocabulary.has(term) && (fromGlossary || site.chapterId !== user.chapterId);
      if (known || namesInPassing(user.text, term, fromGlossary)) continue;
      // A chapter's glossary entry recaps what the chapter taught: none of its own paragraphs (its
      // exercises, after it) is sent back to it ("module" in "Modules", "methods" in a chapter on classes).
      if (fromGlossary && site.chapterId === user.chapterId) continue;
      // Another chapter's glossary entry serves a paragraph that reads the term in the entry's sense.
      const entry = textOf.get(site.paragraphId) ?? '';
      if (fromGlossary && !readsInGlossSense(user.text, entry, term, glossaryEntries.has(user.id))) continue;
      weighty.push({ term, site });
    }
    if (weighty.length > 0) uses.set(user.id, weighty);
  });
  return uses;
}

/**
 * The definitions each paragraph relies on (weightyTermUses): at most a few definers per paragraph, those
 * it takes most terms from, and a few users per definition.
 */
function definitionPairs(paragraphs: readonly GraphParagraph[], uses: TermUses): DefinitionPairs {
  const orderOf = new Map(paragraphs.map((p) => [p.id, p.order]));
  const byDefinition = new Map<
    string,
    { user: string; definer: string; terms: string[]; distance: number }[]
  >();
  for (const user of paragraphs) {
    const byDefiner = new Map<string, string[]>();
    for (const { term, site } of uses.get(user.id) ?? [])
      byDefiner.set(site.paragraphId, [...(byDefiner.get(site.paragraphId) ?? []), term]);
    const strongest = [...byDefiner]
      .sort((a, b) => b[1].length - a[1].length)
      .slice(0, MAX_DEFINITION_TARGETS);
    for (const [definer, terms] of strongest) {
      const users = byDefinition.get(definer) ?? [];
      users.push({ user: user.id, definer, terms, distance: user.order - orderOf.get(definer)! });
      byDefinition.set(definer, users);
    }
  }

  const pairs: DefinitionPairs = new Map();
  for (const users of byDefinition.values()) {
    users.sort((a, b) => b.terms.length - a.terms.length || a.distance - b.distance);
    for (const { user, definer, terms } of users.slice(0, MAX_DEFINITION_USERS))
      pairs.set(pairKey(user, definer), { user, definer, terms });
  }
  return pairs;
}

const pairKey = (a: string, b: string) => `${a}\u0000${b}`;

/** What the merge reads besides the pairs: the prose and its defined terms. */
interface BookVocabulary {
  /** The prose paragraphs, each with its position among them as its order. */
  prose: readonly GraphParagraph[];
  defined: DefinedTerms;
  /** The paragraphs that are entries of a glossary: recaps of what the chapter before them defines. */
  glossaryEntries: ReadonlySet<string>;
  /** The ideas of the book two texts share, when enough to show a shared topic. */
  sharedIdeas: (a: string, b: string) => readonly string[] | undefined;
  /** Whether two texts share any idea of the book at all. */
  sharesAnIdea: (a: string, b: string) => boolean;
}

/**
 * One edge per unordered pair of paragraphs with any evidence. Its direction is that of the explicit
 * reference when there is one, else from the later paragraph to the earlier one it builds on. A similar
 * pair whose earlier paragraph defines a term the later one uses, or whose section is titled with an idea
 * the two share, carries that too: it tells which one is background.
 */
function mergeEvidence(
  paragraphs: readonly GraphParagraph[],
  references: readonly ExplicitReference[],
  semantic: readonly SemanticPair[],
  definitions: DefinitionPairs,
  vocabulary: BookVocabulary,
): GraphEdge[] {
  const byId = new Map(paragraphs.map((p) => [p.id, p]));
  const inOrder = new Map(paragraphs.map((p) => [p.order, p]));
  const byOrder = (order: number) => inOrder.get(order);
  const termsDefinedIn = (p: GraphParagraph) => vocabulary.defined.byParagraph.get(p.id) ?? [];
  // Where the book first refers to each paragraph: a figure shows what its first mention says.
  const firstReferred = new Map<string, number>();
  for (const { sourceId, targetId } of references) {
    const order = byId.get(sourceId)?.order;
    if (order !== undefined && order < (firstReferred.get(targetId) ?? Infinity))
      firstReferred.set(targetId, order);
  }
  const pairs = new Map<string, { source: string; target: string; explicit: ExplicitReference[] }>();
  const pairOf = (source: string, target: string) => {
    const existing = pairs.get(pairKey(source, target)) ?? pairs.get(pairKey(target, source));
    if (existing !== undefined) return existing;
    const created = { source, target, explicit: [] };
    pairs.set(pairKey(source, target), created);
    return created;
  };
  // A link under which the book prints no words (an image's callout, an empty box) says nothing a
  // student could check: it stays a link in the reader, not a relationship.
  const worded = references.filter(
    (r) => !(r.via === 'link' && r.phrase.trim() === '' && r.role === undefined),
  );
  for (const reference of worded) pairOf(reference.sourceId, reference.targetId).explicit.push(reference);
  const referencesBySource = new Map<string, ExplicitReference[]>();
  for (const reference of worded)
    referencesBySource.set(reference.sourceId, [
      ...(referencesBySource.get(reference.sourceId) ?? []),
      reference,
    ]);
  const semanticByPair = new Map<string, SemanticPair>();
  for (const pair of semantic) {
    pairOf(pair.sourceId, pair.targetId);
    semanticByPair.set(pairKey(pair.sourceId, pair.targetId), pair);
    semanticByPair.set(pairKey(pair.targetId, pair.sourceId), pair);
  }
  for (const { user, definer } of definitions.values()) pairOf(user, definer);
  // The definitions count positions among the prose paragraphs.
  const prose = new Map(vocabulary.prose.map((p) => [p.id, p]));
  // A defined term as the paragraph that uses it writes it ("cosets"), else as its definition does.
  const shown = (terms: readonly string[], user: GraphParagraph) =>
    terms.map((term) => writtenAs(user.text, term) ?? vocabulary.defined.display.get(term) ?? term);

  // A similar paragraph inside a section a paragraph refers to stands for the reference; the section's
  // first paragraph (a chapter's opening, "What do I want them to know?") is then left to the link alone
  // unless it shares ideas with the referring paragraph too.
  const insideSections = new Map<string, ExplicitReference>();
  const openingsPassedOver = new Set<string>();
  for (const [key, { source, target, explicit }] of pairs) {
    const [a, b] = [byId.get(source), byId.get(target)];
    if (explicit.length > 0 || !semanticByPair.has(key) || a === undefined || b === undefined) continue;
    const reference = referenceIntoSection(a, b, referencesBySource, byId);
    if (reference === undefined) continue;
    const inside = reference.sourceId === a.id ? b : a;
    insideSections.set(key, { ...reference, targetId: inside.id, role: 'inSection' });
    openingsPassedOver.add(pairKey(reference.sourceId, reference.targetId));
  }
  /**
   * The paragraph of the section a prose paragraph refers to that its sentence means, when not the
   * opening; 'none' when the opening is not meant either (the items named beside it say where; it shares
   * nothing with the sentence); undefined to keep the opening.
   */
  const paragraphTheSentenceMeans = (
    reference: ExplicitReference,
    referring: GraphParagraph,
    opening: GraphParagraph,
  ): GraphParagraph | 'none' | undefined => {
    if (itemsInsideNamed(reference, opening, referencesBySource.get(reference.sourceId) ?? [], byId))
      return 'none';
    const cited =
      itemTheSentenceCites(reference, referring, opening, vocabulary.prose, termsDefinedIn) ??
      paragraphReferredTo(reference, referring, opening, vocabulary.prose, vocabulary.sharedIdeas);
    if (cited !== undefined) return cited;
    const roadmap = new Set(
      (referencesBySource.get(referring.id) ?? [])
        .filter((r) => SECTION_KINDS.has(r.kind))
        .map((r) => r.targetId),
    );
    // An opening that only leads in stands for the paragraph it leads into, if that shares an idea
    // with the referring one, or if the opening is kept for what it shares.
    const ledInto = pastLeadIn(reference, opening, byOrder);
    const sharing = ledInto !== undefined && vocabulary.sharesAnIdea(referring.text, ledInto.text);
    if (
      !sharing &&
      opensOnNothingShared(reference, referring, opening, roadmap.size >= ROADMAP_SECTIONS, vocabulary)
    )
      return 'none';
    return ledInto;
  };
  // A reference to a section no similar paragraph stands in for: the paragraph of the section the
  // referring sentence is about, when one stands out.
  for (const reference of worded) {
    const openingKey = pairKey(reference.sourceId, reference.targetId);
    const referring = prose.get(reference.sourceId);
    const opening = byId.get(reference.targetId);
    if (opening === undefined || reference.role !== undefined || openingsPassedOver.has(openingKey)) continue;
    // A whole chapter is no paragraph's partner, from prose or a footnote: "the Layering implementation,
    // recapped in Chapter 6" and 6's recap of three Voice values; "See 8" and its one-line introduction.
    if (namesWholeChapter(reference, opening)) {
      openingsPassedOver.add(openingKey);
      continue;
    }
    // An item named with its section, from prose or a footnote ("see the Exercise at the end of Sec. 2.3.2").
    const source = byId.get(reference.sourceId);
    const named = source && itemNamedWithSection(reference, source, opening, vocabulary.prose);
    if (named !== undefined && named.item === undefined) {
      // "see Definition 1 in Sec. 5.3.1", and 5.3.1 holds no definition: its opening is not what is meant.
      openingsPassedOver.add(openingKey);
      continue;
    }
    let inside = named?.item;
    if (inside === undefined) {
      if (referring === undefined) continue;
      const found = paragraphTheSentenceMeans(reference, referring, opening);
      if (found === 'none') openingsPassedOver.add(openingKey);
      if (found === 'none' || found === undefined) continue;
      inside = found;
    }
    if (inside.id === opening.id) continue;
    const pair = pairOf(reference.sourceId, inside.id);
    if (pair.explicit.length > 0) {
      // The item is referred to already ("Lemma 2 of Sec. 1.7.3", its link): the opening adds nothing.
      if (named?.item !== undefined) openingsPassedOver.add(openingKey);
      continue;
    }
    insideSections.set(pairKey(pair.source, pair.target), {
      ...reference,
      targetId: inside.id,
      role: 'inSection',
    });
    openingsPassedOver.add(openingKey);
  }

  const sitesOf = (idea: string) => vocabulary.defined.sites.get(normaliseTerm(idea)) ?? [];
  const introductions = ideaIntroductions(
    vocabulary.prose,
    (idea) => sitesOf(idea).length > 0,
    // A glossary entry recaps the chapter before it: the chapter's first use introduces its term.
    (idea) => sitesOf(idea).find((site) => !vocabulary.glossaryEntries.has(site.paragraphId))?.order,
  );
  const edges: GraphEdge[] = [];
  for (const [key, { source, target, explicit }] of pairs) {
    const sourceParagraph = byId.get(source);
    const targetParagraph = byId.get(target);
    if (sourceParagraph === undefined || targetParagraph === undefined) continue;
    // One text twice (a repeated notice, an entry printed in two glossaries) relates nothing; one
    // repeated with an edit, only where the book refers from one to the other.
    const repeated = repeatedText(sourceParagraph.text, targetParagraph.text);
    if (repeated === 'same' || (repeated === 'edited' && explicit.length === 0)) continue;
    const similar = semanticByPair.get(key);
    const passedOver =
      similar === undefined &&
      explicit.length > 0 &&
      explicit.every((r) => openingsPassedOver.has(pairKey(r.sourceId, r.targetId)));
    if (passedOver) continue;
    const intoSection = insideSections.get(key);
    // The evidence that the target is background for the source: only that direction counts here.
    let terms = definitions.get(pairKey(source, target))?.terms ?? [];
    let titled: string[] = [];
    let introduced: string[] = [];
    // Similar pairs are of prose paragraphs.
    const [user, earlier] = [prose.get(source), prose.get(target)];
    if (similar !== undefined && terms.length === 0 && user !== undefined && earlier !== undefined) {
      titled = ideasInTitle(similar.sharedTerms, targetParagraph, sourceParagraph);
      terms = termsUsedFrom(vocabulary.defined, user, earlier);
      if (earlier.order < user.order) introduced = introductions.of(similar.sharedTerms, earlier);
    }
    const edge = classifyEdge({
      source: sourceParagraph,
      target: targetParagraph,
      explicit: intoSection === undefined ? explicit : [intoSection],
      semantic: similar,
      definedTermsUsed: shown(terms, sourceParagraph),
      titledIdeas: titled,
      introducedIdeas: introduced,
      firstReferredFrom: (id) => firstReferred.get(id),
    });
    if (edge === undefined) continue;
    // Paragraphs of two chapters only weakly similar, with no other evidence, read as a match of words.
    const similarOnly = edge.evidence.length === 1 && edge.evidence[0] === 'semantic';
    const namedNothing = terms.length + titled.length + introduced.length === 0;
    if (similarOnly && namedNothing && tooWeakAcrossChapters(similar, sourceParagraph, targetParagraph))
      continue;
    edges.push(edge);
  }
  return edges;
}

/**
 * Whether a one-word term a sentence seems to define is one of the book's: in a book with an index, one
 * the index or a glossary lists ("coset"; not "addition" or "components", which a sentence only
 * explains); without an index, any but an everyday word no glossary lists ("test", "header", "stack").
 */
function oneWordTermHolds(term: string, listed: BookTerms): boolean {
  if (term.includes(' ') || listed.listed(termKeyOf(term))) return true;
  return listed.indexed ? false : !isEverydayWord(term);
}

/** A paragraph that names this many sections or chapters or more is a roadmap of them. */
const ROADMAP_SECTIONS = 3;

/**
 * Whether a reference to a chapter or section lands on an opening that has nothing of the referring
 * paragraph: a chapter's first paragraph ("Computer science is a tremendously broad academic discipline"
 * for "count_partitions from Chapter 1"), a section's opening on another matter than the one the
 * reference is for ("see Section 6.5" for the lognormal, and 6.5's opening on waiting times), or any
 * opening a roadmap names ("Section 5.3 looks at nominalizations") short of a shared topic. The link
 * stays in the reader; the pair is no relationship. An appendix holds what the text takes as known, and
 * keeps its edge.
 */
function opensOnNothingShared(
  reference: ExplicitReference,
  referring: GraphParagraph,
  opening: GraphParagraph,
  roadmap: boolean,
  vocabulary: Pick<BookVocabulary, 'sharedIdeas' | 'sharesAnIdea'>,
): boolean {
  if (!SECTION_KINDS.has(reference.kind) || /appendi/i.test(reference.phrase)) return false;
  if (reference.kind !== 'chapter' && holdsTitleQuoted(reference.phrase, opening.text)) return false;
  // A lead-in ("In a similar way we treat k-dimensional volumes.", "... as follows:") says too little.
  if (roadmap || isLeadIn(opening) || reference.kind === 'chapter')
    return vocabulary.sharedIdeas(referring.text, opening.text) === undefined;
  return !vocabulary.sharesAnIdea(referring.text, opening.text);
}

/**
 * Whether an opening holds every word of the title a reference quotes: "System calls are how userspace
 * programs interact with the kernel." opens the section called “System Calls” on its subject.
 */
function holdsTitleQuoted(phrase: string, opening: string): boolean {
  const title = /[“"]([^”"]+)[”"]/.exec(phrase)?.[1];
  if (title === undefined) return false;
  const words = new Set(opening.toLowerCase().match(/\p{L}+/gu) ?? []);
  const titleWords = title.toLowerCase().match(/\p{L}{3,}/gu) ?? [];
  return titleWords.length > 0 && titleWords.every((w) => words.has(w));
}

/**
 * Whether the referring paragraph also refers to items inside the section a reference names ("the drag
 * models (4.40) and (4.43) from Section 4.11"): the items say where; the section adds nothing.
 */
function itemsInsideNamed(
  reference: ExplicitReference,
  opening: GraphParagraph,
  fromSameSource: readonly ExplicitReference[],
  byId: ReadonlyMap<string, GraphParagraph>,
): boolean {
  const named = sectionNamed(reference);
  if (named === undefined) return false;
  return fromSameSource.some((other) => {
    const target = byId.get(other.targetId);
    return (
      !SECTION_KINDS.has(other.kind) &&
      target !== undefined &&
      target.id !== opening.id &&
      isInSection(target, named)
    );
  });
}

/**
 * Whether a reference names the whole chapter the paragraph opens: "in Chapter 6", or a link's "8". An
 * appendix is what the text takes as known, and keeps its edge.
 */
function namesWholeChapter(reference: ExplicitReference, opening: GraphParagraph): boolean {
  if (/appendi/i.test(reference.phrase)) return false;
  const label =
    reference.kind === 'chapter'
      ? sectionNamed(reference)
      : /^(?:see\s+)?(\d{1,2})$/i.exec(reference.phrase.trim())?.[1];
  return label !== undefined && label === opening.chapterId && !label.includes('.');
}

/**
 * Whether a paragraph stands on a page the index gives for a term it lists, those it marks where it
 * marks some (a paragraph begun on the page before counts): a sentence that seems to define the term
 * elsewhere ("what I have called the passive alloseme") only uses it. A term the index does not place
 * may be defined anywhere.
 */
function onIndexPage(entry: PlacedEntry | undefined, paragraph: GraphParagraph): boolean {
  if (entry === undefined || entry.pages.length === 0) return true;
  const pages = entry.marked.length > 0 ? entry.marked : entry.pages;
  return pages.includes(paragraph.page) || pages.includes(paragraph.page + 1);
}

/** Words two texts may open with alike and still be two texts: more is one text printed twice. */
const REPEATED_OPENING_WORDS = 20;

/** The share of a text's runs of three words another may hold and still be another text. */
const REPEATED_RUN_SHARE = 0.8;

/**
 * Whether two texts are one text printed twice, whatever the spacing, case and punctuation: 'same' for
 * the same words or the same first 20 words and more (a glossary entry repeated in a later chapter's
 * glossary, run together with a different next entry); 'edited' for four in five of the shorter one's
 * runs of three words in the other (composing repeats its section 2.4.8 in 4.2.2, adding "in Python 3.5
 * and earlier").
 */
function repeatedText(a: string, b: string): 'same' | 'edited' | undefined {
  const [x, y] = [wordKeys(a), wordKeys(b)];
  if (x.join(' ') === y.join(' ')) return 'same';
  let shared = 0;
  while (shared < x.length && x[shared] === y[shared]) shared++;
  if (shared >= REPEATED_OPENING_WORDS) return 'same';
  const [shorter, longer] = x.length <= y.length ? [x, y] : [y, x];
  const runs = (words: readonly string[]) =>
    words.slice(2).map((word, i) => `${words[i]} ${words[i + 1]} ${word}`);
  const own = runs(shorter);
  if (own.length < REPEATED_OPENING_WORDS) return undefined;
  const other = new Set(runs(longer));
  const held = own.filter((run) => other.has(run)).length;
  return held >= REPEATED_RUN_SHARE * own.length ? 'edited' : undefined;
}

/**
 * The shared ideas the target's section is titled with and the source's is not: the target's section is
 * about them, the source only uses them ("cosets" in "Cosets", from a paragraph of "Lagrange's Theorem").
 */
function ideasInTitle(ideas: readonly string[], target: GraphParagraph, source: GraphParagraph): string[] {
  if (target.sectionId === source.sectionId || target.order > source.order) return [];
  const inTitle = (title: string | undefined, idea: string) => {
    const words = new Set(wordKeys(title ?? ''));
    return wordKeys(idea).every((key) => words.has(key));
  };
  return ideas.filter((idea) => inTitle(target.sectionTitle, idea) && !inTitle(source.sectionTitle, idea));
}

/** The Book XML's explicit_refs: per source paragraph, the paragraphs it refers to, in book order. */
function explicitRefsBySource(references: readonly ExplicitReference[]): Map<string, string[]> {
  const refs = new Map<string, string[]>();
  for (const { sourceId, targetId } of references) {
    const targets = refs.get(sourceId) ?? [];
    if (!targets.includes(targetId)) targets.push(targetId);
    refs.set(sourceId, targets);
  }
  return refs;
}

/** The book with each paragraph's explicit_refs set to the graph's (for the Book XML the reader gets). */
export function withExplicitRefs(book: BookDocument, graph: BookGraph): BookDocument {
  return {
    ...book,
    chapters: book.chapters.map((chapter) => ({
      ...chapter,
      sections: chapter.sections.map((section) => ({
        ...section,
        paragraphs: section.paragraphs.map((paragraph) => ({
          ...paragraph,
          explicitRefs: graph.explicitRefs.get(paragraph.id) ?? [],
        })),
      })),
    })),
  };
}
