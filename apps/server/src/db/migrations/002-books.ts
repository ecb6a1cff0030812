import { sql, type Kysely } from 'kysely';
import { databaseKind } from '../dialect.ts';

/**
 * Books and the server's settings. A book row is 'importing' while its files are moved into place and
 * 'ready' once they are all there; only ready books are listed or served (see features/books/storage.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = databaseKind(db) === 'postgres';
  await db.schema
    .createTable('book')
    // Ids are never reused, so a cached cover or a bookmark can never point at another book: SQLite's
    // AUTOINCREMENT, PostgreSQL's identity (its sequence never goes back).
    .addColumn('id', 'integer', (col) =>
      postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
    )
    // The library is listed by title. PostgreSQL compares text by the database's locale; "C" compares it
    // byte by byte, as SQLite does, so the list is in the same order on both.
    .addColumn('title', postgres ? sql`text collate "C"` : 'text', (col) => col.notNull())
    .addColumn('author', 'text', (col) => col.notNull())
    .addColumn('page_count', 'integer', (col) => col.notNull())
    .addColumn('sha256', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('source_name', 'text', (col) => col.notNull())
    /** "host pid" of the process importing the book, while status is 'importing'. */
    .addColumn('import_owner', 'varchar(300)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('book_status_idx').on('book').column('status').execute();

  await db.schema
    .createTable('setting')
    .addColumn('key', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('setting').execute();
  await db.schema.dropTable('book').execute();
}
