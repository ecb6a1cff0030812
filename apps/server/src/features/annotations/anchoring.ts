import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A paragraph of a book's new graph, as re-anchoring reads it. */
export interface AnchorParagraph {
  paragraph_id: string;
  page: number;
  text: string;
}

/** How many pages before a highlight's its paragraph may start (a paragraph runs on over a page break). */
const PAGES_BEFORE = 2;

/**
 * Text compared without what extraction and the page's text layer write differently: spaces and line
 * breaks, soft and broken-line hyphens, case.
 */
const squashed = (text: string) => text.replace(/[\s\u00ad-]+/g, '').toLowerCase();

/**
 * Places a book's highlights in the paragraphs of its new graph, by their quote (W3C TextQuoteSelector):
 * a new import or a rebuilt graph gives the paragraphs new ids. The paragraph starting on the highlight's
 * page, or a page or two before, that holds the quoted words takes it (the one that holds them with their
 * prefix or suffix, when several do). A highlight whose words no such paragraph holds any more is kept,
 * marked not placed and without a paragraph, never removed. Runs in the transaction that replaces the graph.
 */
export async function reanchorAnnotations(
  db: Kysely<Database>,
  bookId: number,
  paragraphs: readonly AnchorParagraph[],
): Promise<void> {
  const annotations = await db
    .selectFrom('annotation')
    .select(['id', 'page', 'paragraph_id', 'placed', 'quote_exact', 'quote_prefix', 'quote_suffix'])
    .where('book_id', '=', bookId)
    .execute();
  if (annotations.length === 0) return;
  const byPage = new Map<number, { id: string; text: string }[]>();
  for (const paragraph of paragraphs) {
    const list = byPage.get(paragraph.page) ?? [];
    list.push({ id: paragraph.paragraph_id, text: squashed(paragraph.text) });
    byPage.set(paragraph.page, list);
  }
  for (const annotation of annotations) {
    const exact = squashed(annotation.quote_exact);
    const holding = Array.from({ length: PAGES_BEFORE + 1 }, (_, i) => annotation.page - PAGES_BEFORE + i)
      .flatMap((page) => byPage.get(page) ?? [])
      .filter((paragraph) => paragraph.text.includes(exact));
    const inContext =
      holding.find((p) => p.text.includes(squashed(annotation.quote_prefix) + exact)) ??
      holding.find((p) => p.text.includes(exact + squashed(annotation.quote_suffix)));
    const found = inContext ?? holding.at(-1);
    const anchor = { paragraph_id: found?.id ?? null, placed: found === undefined ? 0 : 1 };
    if (anchor.paragraph_id === annotation.paragraph_id && anchor.placed === annotation.placed) continue;
    await db.updateTable('annotation').set(anchor).where('id', '=', annotation.id).execute();
  }
}
