/** Entries of a definition list, option list or command reference: a term alone on its line, its description set in under it. */
import type { Block, BodyMetrics } from '../types.ts';
import { PROGRAM_SIGNS } from './code.ts';
import { LIST_LABEL } from './openings.ts';

/** A term of a definition list, glossary or option list: a few words on a line, no sentence. */
const TERM = /^[^.!?;:]{1,60}$/;

/** Words a term has at most. */
const TERM_WORDS = 6;

/**
 * Whether a block is set in under a term as its description: every line of it, and, when it has one line
 * only in a book that starts its paragraphs with an indent, by other than that indent (a paragraph after a displayed command, "dpkg -l" /
 * "Note that ...", starts by that indent and goes back to the margin).
 */
function setIn(block: Block, term: Block, body: BodyMetrics): boolean {
  const from = (term.inset ?? 0) + 0.5 * body.size;
  const inset = block.inset ?? 0;
  if (inset <= from) return false;
  if (block.lastInset !== undefined) return block.lastInset > from;
  return (
    body.paragraphsSpaced === true ||
    body.indent === 0 ||
    Math.abs(inset - (term.inset ?? 0) - body.indent) > 0.2 * body.size
  );
}

/**
 * An entry of a definition list, option list or command reference as one block that starts with its
 * term: a term alone on its line (often in bold or a typewriter face) and its description set in under it
 * ("--ignore-uuid" / "Do not check ..."). Without it, a description is read without what it describes.
 */
export function withTermsOnDescriptions(blocks: Block[], body: BodyMetrics): Block[] {
  const out: Block[] = [];
  for (const block of blocks) {
    const term = out.at(-1);
    const describes =
      term !== undefined &&
      term.kind === 'paragraph' &&
      // A line of a program ("> iqrs <- replicate(...)") is no term, nor a list's item or its title.
      (term.blockKind === undefined || (term.blockKind === 'code' && !PROGRAM_SIGNS.test(term.text))) &&
      TERM.test(term.text) &&
      term.text.split(' ').length <= TERM_WORDS &&
      !LIST_LABEL.test(term.text) &&
      block.kind === 'paragraph' &&
      block.blockKind === undefined &&
      !LIST_LABEL.test(block.text) &&
      block.page === term.page &&
      block.top > term.top &&
      block.top - term.top < 2.2 * body.lineSpacing &&
      setIn(block, term, body);
    if (describes) {
      // The entry is prose, its term in a typewriter face or not.
      const { blockKind: _, ...entry } = term;
      out[out.length - 1] = { ...entry, text: `${term.text} ${block.text}` };
      continue;
    }
    out.push(block);
  }
  return out;
}
