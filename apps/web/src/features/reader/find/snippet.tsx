import { isPrintedNumber } from '@threadbook/book';
import type { SearchHit, SearchSnippet } from '@threadbook/contracts';

/** A piece of a snippet: plain text, or a match to emphasise. */
export interface SnippetPart {
  text: string;
  match: boolean;
}

/**
 * The snippet cut at its matches' offsets. Offsets out of order, overlapping or past the text (which the
 * contract does not allow) are clamped or skipped, never thrown on: a snippet always shows its text.
 */
export function snippetParts({ text, highlights }: SearchSnippet): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let at = 0;
  for (const { start, end } of highlights) {
    const from = Math.max(at, Math.min(start, text.length));
    const to = Math.min(end, text.length);
    if (to <= from) continue;
    if (from > at) parts.push({ text: text.slice(at, from), match: false });
    parts.push({ text: text.slice(from, to), match: true });
    at = to;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}

/** The snippet as text with its matches in <mark> (React text, never HTML). */
export function SnippetText({ snippet }: { snippet: SearchSnippet }) {
  return (
    <>
      {snippetParts(snippet).map((part, index) =>
        part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}

/**
 * The section of a hit as the table of contents numbers it: '2.3 Trees'; the title alone for a section the
 * book gives no number (never the id made for it, '4.properties').
 */
export function sectionLabel(hit: Pick<SearchHit, 'sectionId' | 'sectionTitle'>): string {
  const number = isPrintedNumber(hit.sectionId) ? hit.sectionId : '';
  if (!number || hit.sectionTitle.startsWith(number)) return hit.sectionTitle;
  return `${number} ${hit.sectionTitle}`;
}
