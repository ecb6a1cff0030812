/**
 * The book's terms: what its index lists, what its glossaries and its definitions define. Where a book
 * prints an index, its entries are the authority for which words are ideas of the book
 * (docs/relationship-graph.md "The book's terms").
 */
import { wordKeys } from '../semantic/shared-terms.ts';
import type { PrintedIndexEntry } from './printed-index.ts';

export { frequentWords, FREQUENT_WORDS } from './frequent-words.ts';
export { glossaryEntries, glossaryTerm, type GlossaryEntry } from './glossary.ts';
export {
  readPrintedIndex,
  indexEntries,
  indexLines,
  type IndexLine,
  type PrintedIndexEntry,
} from './printed-index.ts';

/** Entries an index must have for the book to count as indexed (a stray "Index" page is not one). */
const MIN_INDEX_ENTRIES = 30;

export interface BookTerms {
  /** Whether the book prints an index: then a single word is an idea only as one of its terms. */
  indexed: boolean;
  /** Whether the book names this normalised phrase ("left coset", wordKeys joined) as a term. */
  has(key: string): boolean;
  /** Whether its index or a glossary lists it (not only a sentence that seems to define it). */
  listed(key: string): boolean;
}

/** The normalised key of a term as the shared ideas are compared: "Left Cosets" -> "left coset". */
export const termKeyOf = (term: string) => wordKeys(term).join(' ');

/**
 * The terms of a book from its index (an entry, and a sub-entry with its head either side: "Group" /
 * "cyclic" gives "cyclic group" and "group cyclic"), its glossaries and its definitions.
 */
export function bookTerms(sources: {
  index: readonly PrintedIndexEntry[];
  glossary: Iterable<string>;
  defined: Iterable<string>;
}): BookTerms {
  const listed = new Set<string>();
  const add = (term: string) => {
    const key = termKeyOf(term);
    if (key !== '') listed.add(key);
  };
  for (const entry of sources.index) {
    if (entry.head === undefined) {
      add(entry.term);
      continue;
    }
    const sub = entry.term.slice(entry.head.length).trim();
    add(entry.head);
    add(entry.term);
    add(`${sub} ${entry.head}`);
  }
  for (const term of sources.glossary) add(term);
  const defined = new Set([...sources.defined].map(termKeyOf));
  return {
    indexed: sources.index.length >= MIN_INDEX_ENTRIES,
    has: (key) => listed.has(key) || defined.has(key),
    listed: (key) => listed.has(key),
  };
}
