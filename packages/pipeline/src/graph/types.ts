import type { BlockKind } from '@threadbook/book';
import type { RelationshipTypeName } from '@threadbook/contracts';

/**
 * The relationship graph as data (docs/design.md "Relationship graph"): the shared vocabulary of the finders
 * (explicit references, semantic similarity, discourse) and of the builder that merges their evidence.
 */

export type EvidenceKind = 'explicit' | 'semantic' | 'discourse';

/** A paragraph of the book in reading order, as the finders see it. */
export interface GraphParagraph {
  /** `section.n`, e.g. "3.2.4". */
  id: string;
  sectionId: string;
  /** The title of its section, when the book gives one. */
  sectionTitle?: string;
  chapterId: string;
  /** Position in the book's reading order (0-based). */
  order: number;
  page: number;
  yStart: number;
  text: string;
  /** A caption, code listing, table or footnote; undefined for prose. */
  kind?: BlockKind;
}

/** A numbered thing a reference can point at, as the book calls it. */
export type ReferenceKind =
  | 'chapter'
  | 'section'
  | 'subsection'
  | 'theorem'
  | 'lemma'
  | 'proposition'
  | 'corollary'
  | 'definition'
  | 'example'
  | 'exercise'
  | 'figure'
  | 'table'
  | 'equation'
  | 'algorithm'
  | 'remark'
  | 'statement'
  | 'other';

/** One explicit reference found in a paragraph and resolved to the paragraph it points at. */
export interface ExplicitReference {
  sourceId: string;
  targetId: string;
  kind: ReferenceKind;
  /**
   * The words of the source that refer, e.g. "see Section 2.3" or "by Theorem 4.1"; empty when the text
   * gives none (a PDF link the text finder did not read, a reference a supplied Book XML lists).
   */
  phrase: string;
  /** Without a phrase: what the target is called, when it says ("Theorem 3.17", "Section 2.1"). */
  targetName?: string;
  /**
   * For an item numbered afresh in each section, the section its words place it in ("1.7.3" of "Lemma 2
   * of Sec. 1.7.3"); the section is part of the phrase, not a reference of its own.
   */
  section?: string;
  /** Where the reference came from: the text, the PDF's own link annotation, or both agreeing. */
  via: 'text' | 'link' | 'both';
  /**
   * An exercise's number linked to its answer (or an answer's to its exercise), not a cross-reference; or
   * a paragraph inside the section the reference names (not the section's first paragraph), found similar.
   */
  role?: 'answer' | 'inSection';
}

/** A pair of paragraphs found similar in meaning. */
export interface SemanticPair {
  sourceId: string;
  targetId: string;
  /** Cosine similarity, 0..1. */
  similarity: number;
  /** The terms that weigh most in both paragraphs (surface forms a student recognises), best first. */
  sharedTerms: string[];
}

/** A directed edge of the stored graph. */
export interface GraphEdge {
  source: string;
  target: string;
  type: RelationshipTypeName;
  /** One sentence a student understands, naming the evidence. */
  justification: string;
  /** 0..1, higher is more relevant. */
  score: number;
  evidence: EvidenceKind[];
}

export interface BookGraph {
  edges: GraphEdge[];
  /** Per source paragraph id, the ids it refers to explicitly (the Book XML's explicit_refs). */
  explicitRefs: Map<string, string[]>;
  /** Where the references sit on their pages, by page (reference-spans.ts). */
  spans: ReferenceSpan[];
  /** Where defined terms are used on their pages, by page (term-spans.ts). */
  terms: TermSpan[];
}

/** A box on a page; as fractions of the page from its top left in a ReferenceSpan. */
export interface SpanRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A reference as it sits on a page: its box, its words and the paragraph it points at. */
export interface ReferenceSpan {
  page: number;
  rect: SpanRect;
  /** The words that name the target ("Theorem 4.10"); empty for a link whose words were not read. */
  text: string;
  sourceId: string;
  targetId: string;
  /** A link annotation of the PDF, or words found in the text without one. */
  evidence: 'link' | 'text';
}

/** A defined term's use as it sits on a page: its box and the paragraph that defines it for this use. */
export interface TermSpan {
  page: number;
  /** As fractions of the page from its top left. */
  rect: SpanRect;
  /** As its definition writes it ("normal subgroup"). */
  term: string;
  /** The paragraph the use is in. */
  sourceId: string;
  definitionId: string;
}
