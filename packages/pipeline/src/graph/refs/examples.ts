/**
 * Numbered examples, as linguistics books number them: a display opening with its number in parentheses,
 * "(31)", numbered afresh in each chapter, and referred to by that number alone: "in (31)", "(32a)",
 * "(31)–(33)", "(2–4)", "(1) and (2)", "example (5b)". Only in a book whose blocks are numbered so
 * (numbered-examples.ts): elsewhere "(3)" is an item, a condition or an equation.
 */
import { exampleNumber, numbersExamples } from '../../numbered-examples.ts';
import type { GraphParagraph } from '../types.ts';
import type { ResolvedMention } from './resolved-mention.ts';

/**
 * A reference to examples: a number in parentheses, perhaps with parts ("(32a)", "(10b,c)") or a range
 * ("(2–4)"), or two such joined by a dash ("(31)–(33)").
 */
const REFERENCE =
  /\((\d{1,3})(?:[a-z](?:\s*[,–-]\s*[a-z])*)?(?:\s*[–-]\s*(\d{1,3})[a-z]?)?\)(?:\s*[–-]\s*\((\d{1,3})[a-z]?\))?/g;
/** Words before the number kept in the phrase ("in (31)", "example (5b)", "see (2)"). */
const LEAD = /(?:\b(?:see|in|of|from|to|like|as in|cf\.|examples?|sentences?)\s+)$/i;
/** A range longer than this is a span of pages or years, not of examples. */
const MAX_RANGE = 20;

export interface ExampleIndex {
  mentions(p: GraphParagraph): ResolvedMention[];
}

export function buildExampleIndex(paragraphs: GraphParagraph[]): ExampleIndex {
  // Each chapter's examples by number, in reading order (a number may come again in a chapter).
  const examples = new Map<string, GraphParagraph[]>();
  const numbers: number[] = [];
  for (const p of paragraphs) {
    const own = exampleNumber(p.text);
    if (own === undefined || p.kind !== undefined) continue;
    numbers.push(own);
    const key = `${p.chapterId}:${own}`;
    examples.set(key, [...(examples.get(key) ?? []), p]);
  }
  if (!numbersExamples(numbers)) return { mentions: () => [] };

  /** The example numbered `n` the paragraph `from` means: the last before it in its chapter, else the next. */
  const example = (from: GraphParagraph, n: number): GraphParagraph | undefined => {
    const places = examples.get(`${from.chapterId}:${n}`) ?? [];
    return places.filter((p) => p.order < from.order).at(-1) ?? places.find((p) => p.order > from.order);
  };

  return {
    mentions(p) {
      if (p.kind === 'code') return [];
      const out: ResolvedMention[] = [];
      for (const m of p.text.matchAll(REFERENCE)) {
        // An example's own number is no reference to it.
        if (m.index === 0 && exampleNumber(p.text) !== undefined) continue;
        const first = Number(m[1]);
        const last = Number(m[2] ?? m[3] ?? m[1]);
        if (last < first || last - first > MAX_RANGE) continue;
        const lead = LEAD.exec(p.text.slice(Math.max(0, m.index - 20), m.index))?.[0] ?? '';
        const start = m.index - lead.length;
        const end = m.index + m[0].length;
        for (let n = first; n <= last; n++) {
          const target = example(p, n);
          if (!target || target.id === p.id) continue;
          out.push({ kind: 'example', target, start, end, phrase: p.text.slice(start, end) });
        }
      }
      return out;
    },
  };
}
