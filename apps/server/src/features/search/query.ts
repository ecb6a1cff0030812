/** A letter, a digit or a private-use character: what the index keeps in words (FTS5 unicode61). */
const WORD_CHARACTER = /[\p{L}\p{N}\p{Co}]/u;
const WORD = new RegExp(`${WORD_CHARACTER.source}+`, 'gu');

/**
 * The terms of a query as a person types it. Text between double quotes is one term, a phrase (an
 * unclosed quote runs to the end); elsewhere each run of non-blank characters is a term. A term without a
 * letter or digit ('*', '(', '-') could match nothing and is dropped. A paragraph matches when it has
 * every term (AND), each as whole words in that order ('x-ray' is the words x and ray side by side); no
 * term is ever read as an operator or a prefix, whatever it holds.
 */
export function searchTerms(query: string): string[] {
  const terms: string[] = [];
  query.split('"').forEach((part, index) => {
    const quoted = index % 2 === 1;
    for (const term of quoted ? [part.trim()] : part.split(/\s+/)) {
      if (WORD_CHARACTER.test(term)) terms.push(term);
    }
  });
  return terms;
}

/**
 * The words of a text as FTS5 unicode61 splits it, in lower case: how PostgreSQL's index sees a paragraph
 * and a term (postgres-index.ts), so that 'x-ray' and '3.14' are two words there too.
 */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}
