import { randomUUID } from 'node:crypto';
import {
  ANNOTATION_LIMITS,
  type Annotation,
  type AnnotationTarget,
  type HighlightColour,
  type PageRect,
} from '@threadbook/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { holdUntilCommit } from '../../db/locks.ts';
import type { Database } from '../../db/schema.ts';
import type { Shelf } from '../books/index.ts';

type Row = Selectable<Database['annotation']>;

/** A stored row as the API answers it. */
function annotationOf(row: Row): Annotation {
  return {
    id: row.id,
    colour: row.colour as HighlightColour,
    note: row.note,
    target: {
      page: row.page,
      pageLabel: row.page_label,
      paragraphId: row.paragraph_id,
      quote: { exact: row.quote_exact, prefix: row.quote_prefix, suffix: row.quote_suffix },
      position: { start: row.position_start, end: row.position_end },
      rects: JSON.parse(row.rects) as PageRect[],
    },
    placed: row.placed !== 0,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The user's highlights of the book in book order: by page, then by place in the page's text. */
export async function listAnnotations(db: Db, { userId, bookId }: Shelf): Promise<Annotation[]> {
  const rows = await db
    .selectFrom('annotation')
    .selectAll()
    .where('user_id', '=', userId)
    .where('book_id', '=', bookId)
    .orderBy('page')
    .orderBy('position_start')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(annotationOf);
}

export type CreateOutcome = { status: 'created'; annotation: Annotation } | { status: 'full' };

/**
 * Adds a highlight; one beyond ANNOTATION_LIMITS.perBook is refused. One transaction holding the user's
 * shelf, so concurrent calls cannot both take the last free place.
 */
export function createAnnotation(
  db: Db,
  { userId, bookId }: Shelf,
  request: { colour: HighlightColour; note: string | null; target: AnnotationTarget },
): Promise<CreateOutcome> {
  return db.transaction().execute(async (trx) => {
    await holdUntilCommit(trx, `annotations ${userId} ${bookId}`);
    const { count } = await trx
      .selectFrom('annotation')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('book_id', '=', bookId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= ANNOTATION_LIMITS.perBook) return { status: 'full' };
    const { target } = request;
    const now = new Date().toISOString();
    const row = await trx
      .insertInto('annotation')
      .values({
        id: randomUUID(),
        user_id: userId,
        book_id: bookId,
        page: target.page,
        page_label: target.pageLabel,
        paragraph_id: target.paragraphId,
        quote_exact: target.quote.exact,
        quote_prefix: target.quote.prefix,
        quote_suffix: target.quote.suffix,
        position_start: target.position.start,
        position_end: target.position.end,
        rects: JSON.stringify(target.rects),
        colour: request.colour,
        note: request.note,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { status: 'created', annotation: annotationOf(row) };
  });
}

/** Changes a highlight's colour or note; undefined when the user has no such highlight in the book. */
export async function updateAnnotation(
  db: Db,
  { userId, bookId }: Shelf,
  id: string,
  patch: { colour?: HighlightColour | undefined; note?: string | null | undefined },
): Promise<Annotation | undefined> {
  const row = await db
    .updateTable('annotation')
    .set({
      ...(patch.colour !== undefined ? { colour: patch.colour } : {}),
      ...(patch.note !== undefined ? { note: patch.note } : {}),
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('book_id', '=', bookId)
    .returningAll()
    .executeTakeFirst();
  return row && annotationOf(row);
}

/** Removes a highlight; false when the user had no such highlight in the book. */
export async function deleteAnnotation(db: Db, { userId, bookId }: Shelf, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('annotation')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('book_id', '=', bookId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
