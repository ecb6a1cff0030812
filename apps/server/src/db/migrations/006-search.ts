import { sql, type Kysely } from 'kysely';

/**
 * The full-text index of the books' paragraphs (DESIGN.md "Search"), in SQLite FTS5: one row per
 * paragraph, its text tokenized so that case and diacritics fold ('Café' = 'cafe'), and what a hit shows
 * stored beside it, unindexed. A row's rowid is `book_id * 2^24 + ord` (ord: the paragraph's place in
 * reading order, graph_node.ord), so one book's rows are one rowid range, which FTS5 seeks to directly
 * and returns in reading order (features/search/sqlite-index.ts). A virtual table takes no foreign key:
 * the trigger removes a deleted book's rows. search_book says which books are indexed, and the version
 * of each one's index, new with every indexing (cached answers name it). Books already in the library
 * are indexed at the next start (features/search/backfill.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE VIRTUAL TABLE search_block USING fts5(
      text,
      paragraph_id UNINDEXED,
      section_id UNINDEXED,
      section_title UNINDEXED,
      page UNINDEXED,
      y_start UNINDEXED,
      tokenize = "unicode61 remove_diacritics 2"
    )`.execute(db);
  await sql`
    CREATE TRIGGER search_block_book_deleted AFTER DELETE ON book BEGIN
      DELETE FROM search_block WHERE rowid BETWEEN old.id * 16777216 AND old.id * 16777216 + 16777215;
    END`.execute(db);
  await db.schema
    .createTable('search_book')
    .addColumn('book_id', 'integer', (col) => col.primaryKey().references('book.id').onDelete('cascade'))
    .addColumn('version', 'varchar(64)', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_book').execute();
  await sql`DROP TRIGGER search_block_book_deleted`.execute(db);
  await sql`DROP TABLE search_block`.execute(db);
}
