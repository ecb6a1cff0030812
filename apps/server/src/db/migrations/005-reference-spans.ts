import type { Kysely } from 'kysely';

/**
 * Where each book's references sit on their pages (docs/design.md "Reference spans"), for the reader's previews
 * on hover; and the format of each stored graph, so that graphs stored before a format had everything it
 * holds (these spans) are built again in the background (features/imports/book-graph.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('graph_book')
    .addColumn('format', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('graph_reference_span')
    .addColumn('book_id', 'integer', (col) => col.notNull().references('book.id').onDelete('cascade'))
    .addColumn('page', 'integer', (col) => col.notNull())
    /** The box, as fractions of the page from its top left. */
    .addColumn('x', 'double precision', (col) => col.notNull())
    .addColumn('y', 'double precision', (col) => col.notNull())
    .addColumn('w', 'double precision', (col) => col.notNull())
    .addColumn('h', 'double precision', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('source', 'varchar(100)', (col) => col.notNull())
    .addColumn('target', 'varchar(100)', (col) => col.notNull())
    /** 'link' or 'text'. */
    .addColumn('evidence', 'varchar(8)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('graph_reference_span_page_idx')
    .on('graph_reference_span')
    .columns(['book_id', 'page'])
    .execute();
}
