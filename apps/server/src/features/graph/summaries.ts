import type { Db } from '../../db/database.ts';
import type { Explainer } from './explainers.ts';
import type { RelationshipToExplain } from './prompt.ts';

/**
 * The summary of a relationship, from the cache (per book, source, related paragraph, type and provider)
 * or written by `explainer` and cached. A re-import of the book empties its cache (store.ts).
 */
export async function cachedSummary(
  db: Db,
  explainer: Explainer,
  bookId: number,
  input: RelationshipToExplain,
): Promise<string> {
  const key = {
    book_id: bookId,
    source: input.source.id,
    target: input.related.id,
    type: input.type,
    provider: explainer.provider,
  };
  const cached = await db
    .selectFrom('graph_summary')
    .select('summary')
    .where('book_id', '=', key.book_id)
    .where('source', '=', key.source)
    .where('target', '=', key.target)
    .where('type', '=', key.type)
    .where('provider', '=', key.provider)
    .executeTakeFirst();
  if (cached) return cached.summary;

  const summary = await explainer.explain(input);
  // Two readers asking at once both write; the first one's summary stays.
  await db
    .insertInto('graph_summary')
    .values({ ...key, summary, created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  return summary;
}
