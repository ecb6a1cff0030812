import type { Kysely } from 'kysely';

/**
 * Bookmarks and reading positions, per user and book (docs/design.md decision 4). They go with the book by
 * ON DELETE CASCADE, and with the account through db/user-data.ts (no foreign key to better-auth's
 * `user` table, which may not exist yet where these migrations run).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bookmark')
    .addColumn('user_id', 'text', (col) => col.notNull())
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
    .addColumn('user_id', 'text', (col) => col.notNull())
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
