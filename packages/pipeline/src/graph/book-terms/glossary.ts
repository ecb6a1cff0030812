/**
 * A glossary's entries: a term, then its definition ("algorithm A set of specific steps for solving a
 * category of problems.", "Boolean expression An expression that is either true or false."), as Sphinx
 * and DocBook print them at a chapter's end or the book's. Each entry defines its term.
 */
import type { GraphParagraph } from '../types.ts';

/** A section or chapter that is a glossary. */
const GLOSSARY_TITLE = /\bglossary\b/i;
/** Words a term may have at most: more and the "term" is a sentence. */
const MAX_TERM_WORDS = 5;
/** A word that opens a definition: capitalised ("A", "The", "Some", "Calling", "Programmer"). */
const OPENS_DEFINITION = /^\p{Lu}\p{Ll}*$/u;
/** A definition that only sends the reader on ("control flow See flow of execution ..."): a pointer. */
const POINTER = /^(?:See|See also|Cf\.?)$/;

export interface GlossaryEntry {
  /** As printed ("Boolean expression", "composition"). */
  term: string;
  paragraphId: string;
}

/**
 * The term a glossary paragraph defines: the words before the first capitalised word after them, with a
 * gloss in parentheses left out ("composition (of functions) Calling one function ..." -> "composition");
 * undefined when the paragraph opens no entry (a definition's second paragraph, a listing) or its entry
 * only points to another ("control flow See flow of execution"), which defines nothing.
 */
export function glossaryTerm(text: string): string | undefined {
  const words = text.replace(/\s*\([^)]*\)/, '').split(/\s+/);
  for (let i = 1; i <= Math.min(MAX_TERM_WORDS, words.length - 2); i++) {
    const next = words[i]!;
    if (!OPENS_DEFINITION.test(next)) continue;
    const term = words.slice(0, i);
    if (POINTER.test(next)) return undefined;
    // A term is words, not a sentence's start ("The second form brings ...", "Module attributes are").
    if (term.some((w) => !/^[\p{L}][\p{L}\p{N}'’_-]*$/u.test(w))) return undefined;
    return term.join(' ');
  }
  return undefined;
}

/**
 * Where a later entry runs on in a glossary paragraph: a sentence opening in lower case ("... e.g.
 * math.sqrt or tess.forward(10). import statement A statement which ..."), as a term does and prose does not.
 */
const RUN_ON = /(?<=[.!?]\s)(?=\p{Ll})/gu;

/** The terms a glossary paragraph defines: its opening entry's and those of entries the extraction ran on into it. */
export function glossaryTerms(text: string): string[] {
  const starts = [0, ...[...text.matchAll(RUN_ON)].map((match) => match.index)];
  return starts.flatMap((start) => glossaryTerm(text.slice(start)) ?? []);
}

/** The entries of the book's glossaries, in book order (a paragraph holding two gives both). */
export function glossaryEntries(paragraphs: readonly GraphParagraph[]): GlossaryEntry[] {
  const entries: GlossaryEntry[] = [];
  for (const paragraph of paragraphs) {
    if (paragraph.kind !== undefined || !GLOSSARY_TITLE.test(paragraph.sectionTitle ?? '')) continue;
    for (const term of glossaryTerms(paragraph.text)) entries.push({ term, paragraphId: paragraph.id });
  }
  return entries;
}
