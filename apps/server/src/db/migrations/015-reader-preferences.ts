import type { Kysely } from 'kysely';

/**
 * A user's reader preferences (features/preferences): the page colours, defined terms on hover, and
 * whether the dark page was suggested. One row a user, made on the first change; none means the defaults.
 * It goes with the account through db/user-data.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reader_preference')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('page_colours', 'varchar(16)', (col) => col.notNull())
    .addColumn('defined_terms', 'integer', (col) => col.notNull())
    .addColumn('dark_page_suggested', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reader_preference').execute();
}
