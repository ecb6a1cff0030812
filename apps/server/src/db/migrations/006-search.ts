import { sql, type Kysely } from 'kysely';
import { databaseKind } from '../dialect.ts';

/**
 * The full-text index of the books' paragraphs (docs/design.md "Search"), in SQLite FTS5: one row per
 * paragraph, its text tokenized so that case and diacritics fold ('Café' = 'cafe'), and what a hit shows
 * stored beside it, unindexed. A row's rowid is `book_id * 2^24 + ord` (ord: the paragraph's place in
 * reading order, graph_node.ord), so one book's rows are one rowid range, which FTS5 seeks to directly
 * and returns in reading order (features/search/sqlite-index.ts). A virtual table takes no foreign key:
 * the trigger removes a deleted book's rows. search_book says which books are indexed, and the version
 * of each one's index, new with every indexing (cached answers name it). Books already in the library
 * are indexed at the next start (features/search/backfill.ts).
 *
 * On PostgreSQL the index is a table of its own (features/search/postgres-index.ts): each paragraph's
 * words as a tsvector under a GIN index, keyed by book and ord, its rows going with the book by foreign key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (databaseKind(db) === 'postgres') {
    await createPostgresIndex(db);
  } else {
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
  }
  await db.schema
    .createTable('search_book')
    .addColumn('book_id', 'integer', (col) => col.primaryKey().references('book.id').onDelete('cascade'))
    .addColumn('version', 'varchar(64)', (col) => col.notNull())
    .execute();
}

/**
 * The text search configuration threadbook_search splits text with PostgreSQL's parser and folds each
 * word's diacritics (unaccent) and case (simple), as FTS5's unicode61 remove_diacritics 2 does; like it,
 * it neither stems nor drops stop words. unaccent is a trusted extension: the database's owner may create it.
 */
async function createPostgresIndex(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
  await sql`CREATE TEXT SEARCH CONFIGURATION threadbook_search (COPY = simple)`.execute(db);
  await sql`
    ALTER TEXT SEARCH CONFIGURATION threadbook_search
      ALTER MAPPING FOR asciiword, word, numword, asciihword, hword, numhword, hword_asciipart, hword_part,
        hword_numpart
      WITH unaccent, simple`.execute(db);
  await db.schema
    .createTable('search_block')
    .addColumn('book_id', 'integer', (col) => col.notNull().references('book.id').onDelete('cascade'))
    .addColumn('ord', 'integer', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('paragraph_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('section_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('section_title', 'text', (col) => col.notNull())
    .addColumn('page', 'integer', (col) => col.notNull())
    .addColumn('y_start', 'double precision', (col) => col.notNull())
    .addColumn('words', sql`tsvector`, (col) => col.notNull())
    .addPrimaryKeyConstraint('search_block_pk', ['book_id', 'ord'])
    .execute();
  await db.schema
    .createIndex('search_block_words_idx')
    .on('search_block')
    .using('gin')
    .column('words')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_book').execute();
  if (databaseKind(db) === 'postgres') {
    // unaccent stays: the database's administrator may have created it, and others may use it.
    await db.schema.dropTable('search_block').execute();
    await sql`DROP TEXT SEARCH CONFIGURATION threadbook_search`.execute(db);
    return;
  }
  await sql`DROP TRIGGER search_block_book_deleted`.execute(db);
  await sql`DROP TABLE search_block`.execute(db);
}
