/**
 * Every failure of the Book XML functions: malformed XML, a refused DTD or entity, a passed bound, a
 * structure error, or a book the writer cannot represent. `message` is for people and names the line
 * when there is one; `line` (1-based) carries it for programs.
 */
export class BookXmlError extends Error {
  override readonly name = 'BookXmlError';
  readonly line: number | undefined;

  constructor(message: string, line?: number) {
    super(message);
    this.line = line;
  }
}
