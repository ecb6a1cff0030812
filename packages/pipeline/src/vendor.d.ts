// Types for the libraries (and the part of pdf.js) that ship none: only the parts we use.

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

declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  /** pdf.js's parsing side. */
  export const WorkerMessageHandler: {
    /** Sets it up on a message port (`postMessage`, `addEventListener`), as in a worker. */
    initializeFromPort(port: object): void;
  };
}
