/** Why a PDF could not be extracted; `message` is meant for the person importing the book. */
export type ExtractErrorCode = 'invalid-pdf' | 'encrypted' | 'no-text' | 'too-many-blocks';

export class ExtractError extends Error {
  readonly code: ExtractErrorCode;

  constructor(code: ExtractErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ExtractError';
    this.code = code;
  }
}

export const MESSAGES = {
  invalid: 'This file is not a readable PDF (it is damaged, truncated or not a PDF at all).',
  encrypted: 'This PDF is protected by a password. Remove the password and import it again.',
  noText:
    'This PDF has no extractable text (it may be scanned pages or images). Threadbook needs a PDF with a text layer.',
  tooManyOnPage: (page: number, limit: number) =>
    `Page ${page} of this PDF has more than ${limit} paragraphs, more than any textbook page holds; Threadbook cannot make a study guide of it.`,
  tooMany: (limit: number) =>
    `This PDF has more than ${limit} paragraphs, more than Threadbook takes from one book.`,
} as const;
