/**
 * The book's most frequent content words: its general vocabulary ("supports", "interface", "area",
 * "relevant" in the books where those were shared-idea edges readers rejected). A word among them shows
 * a shared idea only when the book itself names it a term (its index, glossary or a definition).
 */
import { termKey } from '../semantic/shared-terms.ts';
import { contentWords } from '../semantic/tokenise.ts';

/** How many of the book's most frequent content words are its general vocabulary. */
export const FREQUENT_WORDS = 500;
/**
 * A short book (fewer than SHORT_BOOK_WORDS distinct content words; the textbooks of the corpus have
 * 2,300 to 4,700) would lose most of its subject to a list of 500: its general vocabulary is a fifth of
 * its words.
 */
const SHORT_BOOK_WORDS = 2000;
const SHORT_BOOK_SHARE = 0.2;
/** A text of fewer distinct words than this (a handout, a test's few paragraphs) has no general vocabulary to tell. */
const MIN_WORDS = 500;

/**
 * The `count` most frequent content words of the texts (by default FREQUENT_WORDS, a fifth of a short
 * book's), by their normalised key (termKey: "Cosets" -> "coset"); ties broken by the
 * key, so the list is the same for the same book.
 */
export function frequentWords(texts: Iterable<string>, count?: number): Set<string> {
  const uses = new Map<string, number>();
  for (const text of texts)
    for (const { word } of contentWords(text)) {
      const key = termKey(word);
      uses.set(key, (uses.get(key) ?? 0) + 1);
    }
  const ranked = [...uses].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const taken =
    count ??
    (ranked.length < MIN_WORDS
      ? 0
      : ranked.length < SHORT_BOOK_WORDS
        ? Math.floor(SHORT_BOOK_SHARE * ranked.length)
        : FREQUENT_WORDS);
  return new Set(ranked.slice(0, taken).map(([key]) => key));
}
