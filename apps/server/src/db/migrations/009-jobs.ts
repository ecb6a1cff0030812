import { sql, type Kysely } from 'kysely';
import { databaseKind } from '../dialect.ts';

/**
 * Background jobs (imports and graph builds), durable in the database (features/jobs/queue.ts): a runner
 * claims a queued job, or a running one whose lease expired, and holds it by renewing its lease.
 * `payload` is the job's input as JSON text; `book_id` its result; `previous_owner` who held the lease
 * before the last claim (whose unfinished import the claimer removes). Times are milliseconds since the epoch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = databaseKind(db) === 'postgres';
  await db.schema
    .createTable('job')
    .addColumn('id', 'integer', (col) =>
      postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
    )
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('stage', 'varchar(32)')
    .addColumn('pages_done', 'integer')
    .addColumn('pages_total', 'integer')
    .addColumn('error', 'text')
    .addColumn('book_id', 'integer')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('lease_owner', 'varchar(255)')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('previous_owner', 'varchar(255)')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('job_state').on('job').columns(['state', 'id']).execute();
  // A job is queued once: servers starting at once, or the import command run twice, get the same job.
  await db.schema
    .createIndex('job_pending_once')
    .on('job')
    .columns(['kind', 'payload'])
    .unique()
    .where(sql.ref('state'), 'in', [sql.lit('queued'), sql.lit('running')])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job').execute();
}
