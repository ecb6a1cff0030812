// Types for the two text libraries that ship none (only the parts we use).

declare module 'wink-lemmatizer' {
  /** WordNet-based lemmatiser: each returns the base form, or the word itself when it knows no other. */
  interface Lemmatizer {
    noun(word: string): string;
    verb(word: string): string;
    adjective(word: string): string;
  }
  const lemmatizer: Lemmatizer;
  export default lemmatizer;
}

declare module 'stopword' {
  /** The English stop-word list (lower case). */
  export const eng: string[];
}
