import type { Kysely } from 'kysely';

/**
 * Books users add themselves (features/uploads). A book is 'shared' (the library every signed-in user
 * sees: the operator's imports) or 'private' (seen only by its owners). `book_owner` says who added it,
 * with the title and author they gave it: the same PDF added by two users is stored once and is private
 * to each, under each one's name for it. No foreign key to better-auth's `user` table (db/user-data.ts).
 * A job records who queued it (`owner_id`, null for the operator's), when it was last claimed (the pace of
 * its progress) and whether its failure was in the file or may pass when tried again (`error_kind`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('book')
    .addColumn('visibility', 'varchar(8)', (col) => col.notNull().defaultTo('shared'))
    .execute();
  await db.schema
    .createTable('book_owner')
    .addColumn('book_id', 'integer', (col) => col.notNull().references('book.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(255)', (col) => col.notNull())
    .addColumn('title', 'text')
    .addColumn('author', 'text')
    .addColumn('added_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('book_owner_pk', ['book_id', 'user_id'])
    .execute();
  await db.schema.createIndex('book_owner_user_idx').on('book_owner').column('user_id').execute();

  await db.schema.alterTable('job').addColumn('owner_id', 'varchar(255)').execute();
  await db.schema.alterTable('job').addColumn('started_at', 'bigint').execute();
  await db.schema.alterTable('job').addColumn('error_kind', 'varchar(16)').execute();
  await db.schema.createIndex('job_owner_idx').on('job').columns(['owner_id', 'kind', 'state']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('job_owner_idx').execute();
  await db.schema.alterTable('job').dropColumn('error_kind').execute();
  await db.schema.alterTable('job').dropColumn('started_at').execute();
  await db.schema.alterTable('job').dropColumn('owner_id').execute();
  await db.schema.dropTable('book_owner').execute();
  await db.schema.alterTable('book').dropColumn('visibility').execute();
}
