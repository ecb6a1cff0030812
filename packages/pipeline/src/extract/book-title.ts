import { UNTITLED_BOOK } from '@threadbook/book';
import type { Block } from './types.ts';

/** Pages a title page can be on (a half-title, a frontispiece or a blank page first). */
const TITLE_PAGES = 3;
/** A title set on several lines is several headings of one size, one under the other. */
const MAX_TITLE_LINES = 3;
const MAX_TITLE_LENGTH = 200;
/** Display type drawn at 68 and 66.6 points is one size. */
const SAME_SIZE = 0.05;
/** The next line of a title starts within this many of its sizes below the line before. */
const LINE_ROOM = 1.5;

/** What a template or a word processor puts in the title field when the author left it alone. */
const PLACEHOLDER =
  /^(?:page title|title|untitled(?: document)?|document\s*\d*|new document|book|main|index|unknown|none)$/i;
/** A file's name or path where the title should be ('C:/USERS/JOHN/MAN/0.dvi', 'notes.docx'). */
const FILE_NAME =
  /^(?:[a-z]:[\\/]|[\\/~])|\\|\.(?:dvi|tex|pdf|ps|eps|docx?|odt|rtf|html?|xml|md|txt|indd|qxd)$/i;

/**
 * Whether a PDF's title field names no book: empty, a placeholder ('Page Title', a web page printed by
 * wkhtmltopdf), a file's name or path, a word processor's 'Microsoft Word - notes.docx', or no letters.
 */
export function isPlaceholderTitle(title: string): boolean {
  const text = title.trim();
  return (
    !/\p{L}/u.test(text) || PLACEHOLDER.test(text) || FILE_NAME.test(text) || /^microsoft \w+ - /i.test(text)
  );
}

/**
 * The title as the book's first pages print it: their first heading, with the headings of its size
 * right under it ('Discrete' / 'Mathematics' on dmoi's title page); '' when they have none.
 */
export function titleFromFirstPages(blocks: readonly Block[]): string {
  const first = blocks.findIndex((b) => b.kind === 'heading' && b.page <= TITLE_PAGES);
  if (first < 0) return '';
  const head = blocks[first]!;
  const parts = [head.text];
  let above = head;
  for (let i = first + 1; i < blocks.length && parts.length < MAX_TITLE_LINES; i++) {
    const next = blocks[i]!;
    const sameSize = Math.abs(next.size - head.size) <= SAME_SIZE * head.size;
    const rightUnder = next.top - above.top <= LINE_ROOM * head.size;
    if (next.kind !== 'heading' || next.page !== head.page || !sameSize || !rightUnder) break;
    parts.push(next.text);
    above = next;
  }
  return parts.join(' ').slice(0, MAX_TITLE_LENGTH).trim();
}

/** A book's title: the one typed for it, else its PDF's title field unless that names no book, else its first pages'. */
export function bookTitle(typed: string | undefined, metadata: string, blocks: readonly Block[]): string {
  const own = typed?.trim();
  if (own) return own;
  if (!isPlaceholderTitle(metadata)) return metadata.trim();
  return titleFromFirstPages(blocks) || UNTITLED_BOOK;
}
