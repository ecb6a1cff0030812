/** A linguistics book's numbered examples, each one block (numbered-examples.ts tells whether a book numbers them). */
import { EXAMPLE_NUMBER } from '../../numbered-examples.ts';
import type { Block, BodyMetrics } from '../types.ts';

/**
 * A line opening a numbered example: its number, then a sub-item's label or a capitalised word ("(1) a.
 * teo taraf", "(7) German"). Never the end of the sentence before, not even over a page break.
 */
export const EXAMPLE_OPENING = /^\(\d{1,3}[a-z]?\)\s+(?:[a-z][.)]\s|\p{Lu})/u;

/**
 * A sub-item of an example ("a.", "b)"), the rest of an example over a page break. (A translation in quotes
 * is set in under its gloss; a paragraph may open with a quote: "‘By itself’ is not possible ...".)
 */
export const EXAMPLE_ITEM = /^[a-z][.)]\s/;

/**
 * A numbered example of a linguistics book as one block: its number in parentheses, its sub-items ("a.",
 * "b."), and each item's lines of words, glosses and the translation in quotes, which are set deeper
 * than the text's paragraph indent, over a page break too. Only in a book that numbers its examples:
 * elsewhere "(3)" opening a block is an item of a list.
 */
export function withExamplesWhole(blocks: Block[], body: BodyMetrics, examples: boolean): Block[] {
  if (!examples) return blocks;
  const deeper = body.indent + 0.5 * body.size;
  const out: Block[] = [];
  let example: Block | undefined;
  for (const block of blocks) {
    const part =
      block.kind === 'paragraph' &&
      block.blockKind === undefined &&
      ((block.inset ?? 0) > deeper || EXAMPLE_ITEM.test(block.text));
    if (example && part) {
      example.text = `${example.text} ${block.text}`;
      continue;
    }
    example =
      block.kind === 'paragraph' && block.blockKind === undefined && EXAMPLE_NUMBER.test(block.text)
        ? block
        : undefined;
    out.push(block);
  }
  return out;
}
