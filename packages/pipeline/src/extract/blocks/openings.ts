/**
 * What a line opens with, which starts a paragraph or a list item: a list label ("1.", "(b)", "•"), a
 * theorem-like lead-in ("Theorem 3.4", "Proof."), an item's number alone, a description label ("Step 2:"),
 * a run-in title in bold ("The forward difference.").
 */
import { isBlank } from '../lines.ts';
import { HEADING_RATIO } from '../metrics.ts';
import type { Block, BodyMetrics, Line } from '../types.ts';

// A centred dot is a bullet only when not the first of a math ellipsis ("· · · + n" at a line start).
export const LIST_LABEL = /^(?:[•◦▪▸‣∙–—*]|·(?!\s·)|\(?(?:\d{1,3}|[a-z]|[ivx]{1,4})[.)]|\d+(?:\.\d+)+\.)\s/;

/** The words that open a theorem-like block. */
const LEAD_IN_WORDS =
  '(?:Theorem|Lemma|Proposition|Corollary|Definition|Example|Exercise|Problem|Remark|Note|Proof|Solution|Hint|Answer|Algorithm|Conjecture|Claim|Fact|Observation|Activity|Question|Investigate|Historical Note|Sage|Notation|Assumption|Axiom|Property|Postulate|Principle|Statement)';

// The label may be a number ("Theorem 3.2"), letters with a number ("Definition V1:", "Theorem A.") or nothing.
const LEAD_IN = new RegExp(
  `^${LEAD_IN_WORDS}\\b\\s*(?:\\d+(?:\\.\\d+)*|\\p{Lu}{1,2}\\d{0,2}[.:]|[.:!(])`,
  'u',
);

/** A theorem-like label and nothing else ("Exercise 4", "Theorem 3.2."). */
export const LABEL_ALONE = new RegExp(`^${LEAD_IN_WORDS}\\s+\\d+(?:\\.\\d+)*\\.?$`, 'u');

/** An item's number of several levels, as aata sets each answer's label on a line above its hint: "8.6.3.". */
const ITEM_NUMBER = /^\d+(?:\.\d+)+\.$/;

/** Whether a line's (or block's) whole text is an item's number ("8.6.3."). */
export function isItemNumber(text: string): boolean {
  return ITEM_NUMBER.test(text);
}

/** A description item's label: a few words, perhaps numbered, closed by a colon ("Third step:", "Spread:", "Step 2:"). */
const DESCRIPTION_LABEL = /^\p{Lu}[\p{L}’' -]{0,30}(?: \d{1,2})?:\s/u;

export function startsParagraph(text: string, afterSentence = true): boolean {
  return (LIST_LABEL.test(text) && (afterSentence || !isWeakLabel(text))) || LEAD_IN.test(text);
}

/**
 * Whether a line's lead-in word is set in a heading face: a font other than the body font, or larger. A
 * theorem-like lead-in is typeset as a heading ("**Example 2.3**", "*Proof.*"); "Example:" in the body
 * font is running text (a remark inside a box), not the start of a new block.
 */
export function leadInSetOff(line: Line, body: BodyMetrics): boolean {
  const first = line.runs.find((r) => !isBlank(r.str));
  return !!first && (first.font !== body.font || first.size >= HEADING_RATIO * body.size);
}

/** A line opening with a capitalised word in a face of its own (a description item's bold label), not with math. */
export function opensWithWordSetOff(line: Line, body: BodyMetrics): boolean {
  const first = line.runs.find((r) => !isBlank(r.str));
  return !!first && !first.mono && first.font !== body.font && /^\p{Lu}\p{Ll}+/u.test(first.str.trim());
}

/** A run-in title: a few words closed by a period ("Locating test functions.", "The forward difference."). */
const RUN_IN_TITLE = /^\p{Lu}[\p{L}\p{N}’'(),\- ]{0,48}\.$/u;

/**
 * A line that opens with a run-in title set in a face of its own (bold, as LaTeX's \paragraph sets it),
 * with the paragraph's text after it in the body face.
 */
function opensWithRunInTitle(line: Line, body: BodyMetrics): boolean {
  const first = line.runs.find((r) => !isBlank(r.str));
  if (!first || first.mono || first.font === body.font) return false;
  let title = '';
  for (const r of line.runs) {
    if (!isBlank(r.str) && r.font !== first.font) break;
    title += r.str;
  }
  title = title.trim();
  return RUN_IN_TITLE.test(title) && line.text.length > title.length + 2;
}

/**
 * startsParagraph for a laid-out line: a lead-in counts in a heading face, or in the body font when the line
 * starts at the paragraph indent (an indented "Note: ..." is a paragraph's first line).
 */
export function lineStartsParagraph(
  line: Line,
  body: BodyMetrics,
  afterSentence = true,
  left = Number.NaN,
): boolean {
  // A dash at the text's margin mid-sentence is the sentence's own ("in passing / – see Sections 1.3"): a
  // list sets its dashes in.
  const dashAtMargin = /^[–—]\s/.test(line.text) && line.x0 - left < 0.5 * body.size;
  if (LIST_LABEL.test(line.text) && (afterSentence || (!isWeakLabel(line.text) && !dashAtMargin)))
    return true;
  if (isItemNumber(line.text)) return true;
  // A description item: its label set off in bold and closed by a colon ("Third step: The sample ...").
  if (afterSentence && DESCRIPTION_LABEL.test(line.text) && leadInSetOff(line, body)) return true;
  if (afterSentence && opensWithRunInTitle(line, body)) return true;
  const atIndent = body.indent > 0.5 * body.size && Math.abs(line.x0 - left - body.indent) < 0.3 * body.size;
  return LEAD_IN.test(line.text) && (atIndent || leadInSetOff(line, body));
}

/** For a line starting with a list label, the x where the item's text starts (its hanging indent). */
export function hangingIndent(line: Line): number | null {
  const m = LIST_LABEL.exec(line.text);
  if (!m) return null;
  const labelChars = m[0].replace(/\s/g, '').length;
  let seen = 0;
  for (const r of line.runs) {
    const chars = r.str.replace(/\s/g, '').length;
    if (chars === 0) continue;
    if (seen === labelChars) return r.x;
    if (seen > labelChars) return null; // the label shares a run with the text: its end is unknown
    seen += chars;
  }
  return null;
}

const ORDINAL_LABEL = /^\(?(\d{1,3}|[a-z])[.)]\s/;

/** Whether `next` opens with the label after the one `previous` opens with ("2." after "1.", "(c)" after "(b)"). */
export function isNextLabel(previous: string, next: string): boolean {
  const a = ORDINAL_LABEL.exec(previous)?.[1];
  const b = ORDINAL_LABEL.exec(next)?.[1];
  if (a === undefined || b === undefined) return false;
  if (/\d/.test(a)) return Number(b) === Number(a) + 1;
  return b.charCodeAt(0) === a.charCodeAt(0) + 1;
}

/** A list label that is a bare number or letter ("3.", "b)"), which can also be a wrapped sentence's end. */
function isWeakLabel(text: string): boolean {
  return LIST_LABEL.test(text) && !/^[•◦▪▸‣∙·–—*]/.test(text);
}

/**
 * An item's number alone ("8.6.3.") opens the block after it, where its text is ("Hint. (a) 2; (c) 2."):
 * one paragraph, at the number's place, so a link on the number leaves from the item it numbers.
 */
export function withItemNumbersOnTheirText(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (const [i, block] of blocks.entries()) {
    const label = out.at(-1);
    if (
      label !== undefined &&
      block.kind === 'paragraph' &&
      label.kind === 'paragraph' &&
      label.blockKind === undefined &&
      isItemNumber(label.text) &&
      blocks[i - 1] === label
    ) {
      label.text = `${label.text} ${block.text}`;
      if (block.blockKind !== undefined) label.blockKind = block.blockKind;
      continue;
    }
    out.push(block);
  }
  return out;
}
