import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql, type AliasedExpression, type Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { migrateIdentity } from '../features/auth/identity.ts';
import { paragraphWords } from '../features/search/postgres-index.ts';
import { placeOfRow } from '../features/search/sqlite-index.ts';
import { migrateToLatest, openDatabase, type Db } from './database.ts';

/** Any table, any column: the tables are read from the databases themselves. */
type Row = Record<string, unknown>;
type AnyDb = Kysely<Record<string, Row>>;

/** A table's rows in the SQLite database and in the PostgreSQL copy. */
export interface TableCount {
  table: string;
  source: number;
  target: number;
}

/** The target is not empty, or does not take the source's rows: nothing was written. */
export class CopyRefusedError extends Error {}

/** Bound values per INSERT, well below PostgreSQL's 65535. */
const MAX_VALUES = 30_000;
const MAX_BATCH_ROWS = 1_000;
/** Migrations keep their own books (each database gets its own by migrating). */
const MIGRATION_TABLES = ['threadbook_migration', 'threadbook_migration_lock'];

/**
 * Tables whose rows differ between the engines beyond column types. The search index (migration
 * 006-search) is an FTS5 table on SQLite, its book and paragraph in the rowid; on PostgreSQL a table keyed
 * by (book_id, ord) whose tsvector is computed from the text, as indexBook computes it.
 */
const RESHAPED: Record<string, { extra: AliasedExpression<unknown, string>[]; reshape(row: Row): Row }> = {
  search_block: {
    extra: [sql<number>`rowid`.as('rowid')],
    reshape: ({ rowid, ...row }) => {
      const { bookId, ord } = placeOfRow(Number(rowid));
      return { ...row, book_id: bookId, ord, words: paragraphWords(String(row.text)) };
    },
  },
};

/** The tables of the SQLite database to copy: not SQLite's own, not FTS5's shadow tables, not migrations'. */
async function sqliteTables(source: AnyDb): Promise<string[]> {
  const { rows } = await sql<{ name: string; type: string }>`
    SELECT name, type FROM pragma_table_list WHERE schema = 'main' ORDER BY name`.execute(source);
  return rows
    .filter(({ name, type }) => ['table', 'virtual'].includes(type) && !name.startsWith('sqlite_'))
    .map(({ name }) => name)
    .filter((name) => !MIGRATION_TABLES.includes(name));
}

/** Tables of `tables` that exist in the PostgreSQL database and hold a row. */
async function tablesWithRows(target: AnyDb, tables: string[]): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`.execute(target);
  const existing = new Set(rows.map((row) => row.table_name));
  const holding: string[] = [];
  for (const table of tables.filter((name) => existing.has(name))) {
    const { rows: found } = await sql`SELECT 1 FROM ${sql.table(table)} LIMIT 1`.execute(target);
    if (found.length > 0) holding.push(table);
  }
  return holding;
}

interface TargetColumn {
  name: string;
  /** information_schema's data_type: 'boolean', 'timestamp with time zone', 'bytea', ... */
  type: string;
  /** A column filled by a sequence (an identity or a serial). */
  sequenced: boolean;
}

/** The PostgreSQL columns of each table. */
async function targetColumns(target: AnyDb): Promise<Map<string, TargetColumn[]>> {
  const { rows } = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_identity: string;
    column_default: string | null;
  }>`
    SELECT table_name, column_name, data_type, is_identity, column_default FROM information_schema.columns
    WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`.execute(target);
  const tables = new Map<string, TargetColumn[]>();
  for (const row of rows) {
    const columns = tables.get(row.table_name) ?? [];
    columns.push({
      name: row.column_name,
      type: row.data_type,
      sequenced: row.is_identity === 'YES' || (row.column_default ?? '').startsWith('nextval('),
    });
    tables.set(row.table_name, columns);
  }
  return tables;
}

/** `tables` ordered so that every table comes after the tables its foreign keys point at. */
async function referencedFirst(target: AnyDb, tables: string[]): Promise<string[]> {
  const { rows } = await sql<{ from: string; to: string }>`
    SELECT c.relname AS "from", p.relname AS "to"
    FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
    WHERE k.contype = 'f' AND c.relnamespace = current_schema()::regnamespace`.execute(target);
  const ordered: string[] = [];
  let left = [...tables];
  while (left.length > 0) {
    const ready = left.filter((table) =>
      rows.every(
        (fk) => fk.from !== table || fk.to === table || ordered.includes(fk.to) || !tables.includes(fk.to),
      ),
    );
    if (ready.length === 0) throw new Error(`Foreign keys form a cycle among: ${left.join(', ')}`);
    ordered.push(...ready);
    left = left.filter((table) => !ready.includes(table));
  }
  return ordered;
}

/** SQLite's CURRENT_TIMESTAMP ('2025-01-31 12:00:00') is UTC but names no zone. */
const UTC_WITHOUT_ZONE = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d(\.\d+)?)?$/;

/** A SQLite value as the PostgreSQL column of `type` takes it. */
function converted(value: unknown, type: string, where: string): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') return Boolean(value);
  if (type.startsWith('timestamp') || type === 'date') {
    const date =
      typeof value === 'string' && UTC_WITHOUT_ZONE.test(value)
        ? new Date(`${value.replace(' ', 'T')}Z`)
        : new Date(value as string | number);
    if (Number.isNaN(date.getTime())) throw new Error(`${where}: "${String(value)}" is not a time`);
    return date;
  }
  if (type === 'bytea' && typeof value === 'string') return Buffer.from(value);
  return value;
}

/** Copies one table's rows, in batches, into the target transaction; returns how many. */
async function copyTable(
  source: AnyDb,
  target: AnyDb,
  table: string,
  columns: TargetColumn[],
): Promise<number> {
  const { rows: sourceColumns } = await sql<{ name: string }>`
    SELECT name FROM pragma_table_info(${table})`.execute(source);
  const typeOf = new Map(columns.map((column) => [column.name, column.type]));
  const lost = sourceColumns.filter(({ name }) => !typeOf.has(name));
  if (lost.length > 0) {
    throw new CopyRefusedError(
      `The target's table "${table}" has no column ${lost.map(({ name }) => `"${name}"`).join(', ')}: ` +
        'is the target migrated by an older version of Threadbook?',
    );
  }
  const reshaped = RESHAPED[table];
  const batchRows = Math.min(MAX_BATCH_ROWS, Math.floor(MAX_VALUES / columns.length));
  let batch: Row[] = [];
  let copied = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await target.insertInto(table).values(batch).execute();
    copied += batch.length;
    batch = [];
  };
  const query = source
    .selectFrom(table)
    .selectAll()
    .select(reshaped?.extra ?? []);
  for await (const read of query.stream(batchRows)) {
    const row = reshaped ? reshaped.reshape(read) : read;
    batch.push(
      Object.fromEntries(
        Object.entries(row).map(([column, value]) => [
          column,
          converted(value, typeOf.get(column) ?? '', `${table}.${column}`),
        ]),
      ),
    );
    if (batch.length >= batchRows) await flush();
  }
  await flush();
  return copied;
}

/**
 * Points each sequence of the target past the ids copied with their values, and past the ids SQLite's
 * AUTOINCREMENT handed out before (a deleted book's id is never given again).
 */
async function resetSequences(source: AnyDb, target: AnyDb, table: string, columns: TargetColumn[]) {
  for (const column of columns.filter((candidate) => candidate.sequenced)) {
    const { rows: used } = await sql<{ seq: number }>`
      SELECT seq FROM sqlite_sequence WHERE name = ${table}`
      .execute(source)
      .catch(() => ({ rows: [] }));
    const { rows: highest } = await sql<{ max: number | null }>`
      SELECT max(${sql.ref(column.name)}) AS max FROM ${sql.table(table)}`.execute(target);
    const next = Math.max(Number(highest[0]?.max ?? 0), Number(used[0]?.seq ?? 0)) + 1;
    await sql`SELECT setval(pg_get_serial_sequence(${`"${table}"`}, ${column.name}), ${next}, false)`.execute(
      target,
    );
  }
}

async function countRows(db: AnyDb, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The SQLite database the server keeps in DATA_DIR. */
export const sqliteFile = (dataDir: string) => path.join(dataDir, 'threadbook.sqlite');

/**
 * Copies the SQLite database of `config.dataDir` into the empty PostgreSQL database at `targetUrl`:
 * both are migrated as the server would migrate them (ours, then better-auth's), every table's rows are
 * copied in one transaction on the target, referenced tables first, converting the values where the
 * engines store them differently; then each table's rows are counted on both sides. A target holding
 * rows in any of the tables is refused before anything is written. The book files stay in DATA_DIR.
 */
export async function copySqliteToPostgres(config: Config, targetUrl: string): Promise<TableCount[]> {
  const file = sqliteFile(config.dataDir);
  if (!existsSync(file)) throw new CopyRefusedError(`There is no SQLite database at ${file}.`);
  const sourceDb = openDatabase({ dataDir: config.dataDir });
  const targetDb = openDatabase({ dataDir: config.dataDir, databaseUrl: targetUrl });
  try {
    const source = sourceDb.db as unknown as AnyDb;
    const target = targetDb.db as unknown as AnyDb;
    // Before anything is written, even the tables.
    const tables = await sqliteTables(source);
    await refuseRows(target, tables);
    // The source as the server would leave it at its start: both have the same version's schema.
    await migrateBoth(config, sourceDb.db);
    await migrateBoth(config, targetDb.db);
    const copiedTables = await sqliteTables(source);
    const columns = await targetColumns(target);
    const missing = copiedTables.filter((table) => !columns.has(table));
    if (missing.length > 0) {
      throw new CopyRefusedError(`The target has no table ${missing.map((t) => `"${t}"`).join(', ')}.`);
    }
    const ordered = await referencedFirst(target, copiedTables);
    const counts: TableCount[] = [];
    // One read transaction on SQLite: the rows copied are one moment's, even if a server still writes.
    await source.transaction().execute(async (from) => {
      await target.transaction().execute(async (to) => {
        await refuseRows(to, copiedTables);
        for (const table of ordered) {
          await copyTable(from, to, table, columns.get(table) ?? []);
          await resetSequences(from, to, table, columns.get(table) ?? []);
        }
      });
      for (const table of ordered) {
        counts.push({ table, source: await countRows(from, table), target: await countRows(target, table) });
      }
    });
    return counts;
  } finally {
    await Promise.all([sourceDb.close(), targetDb.close()]);
  }
}

async function migrateBoth(config: Config, db: Db): Promise<void> {
  await migrateToLatest(db);
  await migrateIdentity(config, db);
}

async function refuseRows(target: AnyDb, tables: string[]): Promise<void> {
  const holding = await tablesWithRows(target, tables);
  if (holding.length > 0) {
    throw new CopyRefusedError(
      `The target database is not empty (rows in ${holding.map((t) => `"${t}"`).join(', ')}). ` +
        'Nothing was copied: give an empty database.',
    );
  }
}
