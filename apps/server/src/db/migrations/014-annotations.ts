import type { Kysely } from 'kysely';

/**
 * Highlights and notes, per user and book (features/annotations), anchored as the W3C Web Annotation
 * model anchors text: the quote with its context, its place in the page's text, and the page's
 * rectangles (JSON). They go with the book by ON DELETE CASCADE, and with the account through
 * db/user-data.ts, as bookmarks do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('annotation')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('book_id', 'integer', (col) => col.notNull().references('book.id').onDelete('cascade'))
    .addColumn('page', 'integer', (col) => col.notNull())
    .addColumn('page_label', 'text')
    .addColumn('paragraph_id', 'text')
    .addColumn('quote_exact', 'text', (col) => col.notNull())
    .addColumn('quote_prefix', 'text', (col) => col.notNull())
    .addColumn('quote_suffix', 'text', (col) => col.notNull())
    .addColumn('position_start', 'integer', (col) => col.notNull())
    .addColumn('position_end', 'integer', (col) => col.notNull())
    .addColumn('rects', 'text', (col) => col.notNull())
    .addColumn('colour', 'varchar(16)', (col) => col.notNull())
    .addColumn('note', 'text')
    // 1 while the book's text holds the quote where it is anchored; 0 once a new import lost it.
    .addColumn('placed', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  // A user's highlights of a book in book order, the listing's query.
  await db.schema
    .createIndex('annotation_user_book_idx')
    .on('annotation')
    .columns(['user_id', 'book_id', 'page', 'position_start'])
    .execute();
  // Deleting a book looks its highlights up by book.
  await db.schema.createIndex('annotation_book_idx').on('annotation').column('book_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('annotation').execute();
}
