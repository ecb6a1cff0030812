import type { Kysely } from 'kysely';

/**
 * Bookmarks and reading positions, per user and book (DESIGN.md decision 4). Both hang off better-auth's
 * `user` table and off the book with ON DELETE CASCADE (foreign keys are on, see database.ts), so
 * deleting an account or a book leaves nothing behind. SQLite accepts the reference to `user` before
 * better-auth creates that table on a fresh database (it is checked when rows are written).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bookmark')
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('book_id', 'integer', (col) => col.notNull().references('book.id').onDelete('cascade'))
    .addColumn('page', 'integer', (col) => col.notNull())
    .addColumn('label', 'text')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    // Also the listing's order: a user's bookmarks of a book by page.
    .addPrimaryKeyConstraint('bookmark_pk', ['user_id', 'book_id', 'page'])
    .execute();
  // Deleting a book looks its bookmarks up by book.
  await db.schema.createIndex('bookmark_book_idx').on('bookmark').column('book_id').execute();

  await db.schema
    .createTable('reading_position')
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('book_id', 'integer', (col) => col.notNull().references('book.id').onDelete('cascade'))
    .addColumn('page', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('reading_position_pk', ['user_id', 'book_id'])
    .execute();
  await db.schema.createIndex('reading_position_book_idx').on('reading_position').column('book_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reading_position').execute();
  await db.schema.dropTable('bookmark').execute();
}
