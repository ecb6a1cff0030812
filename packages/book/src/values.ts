/**
 * Attribute and text values of Book XML, read and written one way for the parser, the outline builder and
 * the writer.
 */

/**
 * What a block of the book is, when it is not a study paragraph (docs/design.md "Block kinds"): a figure's or
 * table's caption, a code listing, a table, a footnote. A block without a kind is prose.
 */
export const BLOCK_KINDS = ['caption', 'code', 'table', 'footnote'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

/** The `kind` attribute: undefined when absent (prose), null when it names no kind. */
export function parseBlockKind(raw: string | undefined): BlockKind | undefined | null {
  if (raw === undefined) return undefined;
  const kind = raw.trim();
  return (BLOCK_KINDS as readonly string[]).includes(kind) ? (kind as BlockKind) : null;
}

/** What a book is called when neither its PDF nor anyone names it. */
export const UNTITLED_BOOK = 'Untitled Book';

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A page is a 1-based physical PDF page: a positive integer. */
export function isPage(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1;
}

/** `y_start` is a fraction of the page height from the top: a number in 0..1. */
export function isYStart(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= 1;
}

/** The `page` attribute as a number, or null when absent or not a positive integer ("41"; not "41.0"). */
export function parsePage(raw: string | undefined): number | null {
  const text = raw?.trim() ?? '';
  if (!/^\d+$/.test(text)) return null;
  const page = Number(text);
  return isPage(page) ? page : null;
}

/** The `y_start` attribute as a number, or null when absent, not a decimal number, or outside 0..1. */
export function parseYStart(raw: string | undefined): number | null {
  const text = raw?.trim() ?? '';
  if (!DECIMAL.test(text)) return null;
  const y = Number(text);
  return isYStart(y) ? y : null;
}

/** `y_start` as written: at most 4 decimals, no trailing zeros (0.3125, 0.5, 0, 1). */
export function formatYStart(value: number): string {
  return String(Number(value.toFixed(4)) + 0);
}

/** A comma-separated id list ("2.1.3, 3.1.1,") split into ids: entries trimmed, empty entries dropped. */
export function splitExplicitRefs(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

/** Paragraph text as stored: runs of XML whitespace (space, tab, CR, LF) collapsed to one space, trimmed. */
export function normalizeText(text: string): string {
  if (!/[\t\n\r]| {2}|^ | $/.test(text)) return text; // already normal: the common case, no copy
  const collapsed = text.replace(/[ \t\n\r]+/g, ' ');
  const from = collapsed.startsWith(' ') ? 1 : 0;
  const to = collapsed.endsWith(' ') ? collapsed.length - 1 : collapsed.length;
  return from >= to ? '' : collapsed.slice(from, to);
}

/** True when `text` is empty or only XML whitespace. */
export function isBlank(text: string): boolean {
  return /^[ \t\n\r]*$/.test(text);
}

/**
 * Cuts a text longer than `max` characters into pieces of at most `max`, each ending where a sentence
 * ends if one ends in its second half, else at a space, else (one unbroken run of characters) at `max`.
 * Joined with spaces, the pieces give the text again.
 */
export function splitOverLong(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const head = rest.slice(0, max + 1);
    const sentence = Math.max(head.lastIndexOf('. '), head.lastIndexOf('? '), head.lastIndexOf('! '));
    const space = head.lastIndexOf(' ');
    const cut = sentence >= max / 2 ? sentence + 1 : space > 0 ? space : max;
    pieces.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest !== '') pieces.push(rest);
  return pieces;
}
