/** An import that cannot be done, with a message for the person importing (nothing was stored). */
export class BookImportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BookImportError';
  }
}
