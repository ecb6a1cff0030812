import path from 'node:path';
import { parseArgs } from 'node:util';
import { installationConfig, runCommand } from './command.ts';
import { copySqliteToPostgres, CopyRefusedError, sqliteFile } from '../db/copy.ts';

const usage = `Usage: npm run db:copy -- --to postgres://user:password@host:5432/database

  Copies the SQLite database of DATA_DIR (default ./data) into an empty PostgreSQL database: accounts,
  sessions, books, graphs, bookmarks, reading positions, the search index, every table. A target that
  already holds rows in any of the server's tables is refused and nothing is written. Both databases are
  first brought up to date as a server start would (the same migrations). Stop the server before
  copying. Prints each table's row count in both databases and exits 0 only if they all match.

  Only the database moves: the book files, the generated secret and the outbox stay in DATA_DIR, which
  the server keeps using with DATABASE_URL set to the copy.`;

/** The URL without its password, for messages. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { to: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  const { values } = parsed;
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const to = values.to;
  if (!to) {
    console.error(usage);
    return 2;
  }
  if (!/^postgres(ql)?:\/\//.test(to)) {
    console.error(`Error: --to takes a postgres:// URL, not "${shown(to)}".`);
    return 2;
  }
  const config = installationConfig();
  console.log(`Copying ${sqliteFile(config.dataDir)} to ${shown(to)}...`);
  let counts;
  try {
    counts = await copySqliteToPostgres(config, to);
  } catch (error) {
    if (error instanceof CopyRefusedError) {
      console.error(`Error: ${error.message}`);
      return 1;
    }
    // Connection failures (refused, unknown host, authentication) and PostgreSQL's own errors.
    console.error(`Error: the copy to ${shown(to)} failed: ${(error as Error).message}`);
    return 1;
  }
  const width = Math.max(...counts.map(({ table }) => table.length), 'table'.length);
  console.log(`${'table'.padEnd(width)}  ${'SQLite'.padStart(10)}  ${'PostgreSQL'.padStart(10)}`);
  for (const { table, source, target } of counts) {
    const mark = source === target ? '' : '  MISMATCH';
    console.log(
      `${table.padEnd(width)}  ${String(source).padStart(10)}  ${String(target).padStart(10)}${mark}`,
    );
  }
  const mismatched = counts.filter(({ source, target }) => source !== target);
  if (mismatched.length > 0) {
    console.error(`Error: the row counts of ${mismatched.length} table(s) differ; do not use the copy.`);
    return 1;
  }
  const rows = counts.reduce((sum, { target }) => sum + target, 0);
  console.log(`Copied ${rows} rows in ${counts.length} tables; every count matches.`);
  console.log(
    `Only the database moved: the book files stay in ${path.join(config.dataDir, 'books')}. Start the ` +
      'server with the same DATA_DIR and DATABASE_URL set to the copy.',
  );
  return 0;
}

runCommand(main);
