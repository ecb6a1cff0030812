import type { Kysely } from 'kysely';

/**
 * Where each book's defined terms are used on their pages (docs/relationship-graph.md "Defined terms on
 * the page"), for the reader's term cards on hover: the box of the use, the term as its definition writes
 * it, and the paragraph that defines it. Graphs stored before have none; their format (store.ts
 * GRAPH_FORMAT) has them built again in the background.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('graph_term_span')
    .addColumn('book_id', 'integer', (col) => col.notNull().references('book.id').onDelete('cascade'))
    .addColumn('page', 'integer', (col) => col.notNull())
    /** The box, as fractions of the page from its top left. */
    .addColumn('x', 'double precision', (col) => col.notNull())
    .addColumn('y', 'double precision', (col) => col.notNull())
    .addColumn('w', 'double precision', (col) => col.notNull())
    .addColumn('h', 'double precision', (col) => col.notNull())
    .addColumn('term', 'text', (col) => col.notNull())
    /** The paragraph the use is in. */
    .addColumn('source', 'varchar(100)', (col) => col.notNull())
    /** The paragraph that defines the term for this use. */
    .addColumn('definition', 'varchar(100)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('graph_term_span_page_idx')
    .on('graph_term_span')
    .columns(['book_id', 'page'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('graph_term_span').execute();
}
