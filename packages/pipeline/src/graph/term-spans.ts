/**
 * Where a defined term is used on its page, for the reader's term cards on hover (docs/relationship-graph.md
 * "Defined terms on the page"): one box per use a paragraph builds on (build-graph.ts weighs which uses
 * those are), at the term's first place in the paragraph, pointing at the paragraph that defines it there.
 */
import { placesOf } from './discourse/terms.ts';
import { findWords, regionsOf, type BookPages } from './page-words.ts';
import type { GraphParagraph, TermSpan } from './types.ts';

/** A paragraph's use of a term defined before it. */
export interface TermUse {
  /** Normalised ("normal subgroup"). */
  term: string;
  /** As its definition writes it, for the card. */
  display: string;
  definitionId: string;
}

/**
 * Characters around a use that must read on the page as in the paragraph: fewer, and the words found may
 * be the same word in another line or column (the page's text and the paragraph's differ at hyphens).
 */
const MIN_AGREEMENT = 6;

/**
 * The spans of every paragraph's term uses, down each page. A use inside a longer term the paragraph also
 * uses ("subgroup" in "normal subgroup") is not underlined twice: the longer term takes those words.
 */
export async function findTermSpans(
  pages: BookPages,
  paragraphs: readonly GraphParagraph[],
  uses: ReadonlyMap<string, readonly TermUse[]>,
): Promise<TermSpan[]> {
  const next = new Map(paragraphs.map((p, i) => [p.id, paragraphs[i + 1]]));
  const spans: TermSpan[] = [];
  for (const paragraph of paragraphs) {
    const own = uses.get(paragraph.id);
    if (own === undefined || own.length === 0) continue;
    const taken: [number, number][] = [];
    const longestFirst = [...own].sort((a, b) => b.term.split(' ').length - a.term.split(' ').length);
    for (const use of longestFirst) {
      const places = placesOf(paragraph.text, use.term).filter(
        ({ index, written }) => !taken.some(([from, to]) => index < to && index + written.length > from),
      );
      for (const { index, written } of places) {
        const found = await findOnPages(pages, paragraph, next.get(paragraph.id), written, index);
        if (found === undefined) continue;
        taken.push([index, index + written.length]);
        for (const rect of found.rects) {
          spans.push({
            page: found.page,
            rect,
            term: use.display,
            sourceId: paragraph.id,
            definitionId: use.definitionId,
          });
        }
        break;
      }
    }
  }
  return spans.sort((a, b) => a.page - b.page || a.rect.y - b.rect.y || a.rect.x - b.rect.x);
}

/** The boxes of one place of the paragraph's text on its page or the next, if found with its context. */
async function findOnPages(
  pages: BookPages,
  paragraph: GraphParagraph,
  after: GraphParagraph | undefined,
  words: string,
  at: number,
): Promise<{ page: number; rects: TermSpan['rect'][] } | undefined> {
  for (const region of regionsOf(paragraph, after)) {
    const page = await pages.get(region.page);
    const found = page && findWords(page, { words, paragraph: paragraph.text, at }, region);
    if (found && found.agreement >= Math.min(MIN_AGREEMENT, found.context))
      return { page: region.page, rects: found.rects };
  }
  return undefined;
}
