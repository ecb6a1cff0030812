import { ConfigError, loadConfig, type Config } from '../config.ts';
import { loadDotEnv } from '../dotenv.ts';
import { migrateToLatest, openDatabase, type Db } from '../db/database.ts';
import { BookImportError } from '../features/books/errors.ts';

/**
 * What the commands (`npm run users | books | import | db:copy`) share: the installation opened as the
 * server opens it, and one way to end. Each command's main answers its exit code: 0 done, 1 failed, 2 a
 * usage error.
 */

/** The configuration of DATA_DIR's .env and the environment, as the server reads it. */
export function installationConfig(): Config {
  loadDotEnv();
  return loadConfig();
}

/** Runs `work` on the installation's database, migrated as a server start would, and closes it. */
export async function withInstallation<T>(work: (config: Config, db: Db) => Promise<T>): Promise<T> {
  const config = installationConfig();
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db);
    return await work(config, database.db);
  } finally {
    await database.close();
  }
}

/**
 * Runs a command's main on the process's arguments and exits with its code. An expected failure (a bad
 * setting, a refused book, `expected`) prints its message; anything else, a fault, its stack as well.
 */
export function runCommand(
  main: (argv: string[]) => Promise<number>,
  { expected = () => false }: { expected?: (error: unknown) => boolean } = {},
): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      const known = error instanceof ConfigError || error instanceof BookImportError || expected(error);
      console.error(known ? `Error: ${(error as Error).message}` : error);
      process.exit(1);
    },
  );
}
