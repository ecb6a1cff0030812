import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port.ts';

const run = promisify(execFile);

/** Where Debian's postgresql packages put each major version's programs. */
const DEBIAN_POSTGRESQL = '/usr/lib/postgresql';
/** The superuser initdb makes, and the system user the programs run as when the tests run as root. */
const SUPERUSER = 'postgres';

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres: the superuser on the maintenance database. */
  url: string;
  /** Stops the server at once and removes its files. */
  stop(): Promise<void>;
}

/** The bin folder of the newest PostgreSQL installed the Debian way. */
function postgresBinDir(): string {
  const versions = existsSync(DEBIAN_POSTGRESQL)
    ? readdirSync(DEBIAN_POSTGRESQL)
        .filter((version) => existsSync(path.join(DEBIAN_POSTGRESQL, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0] === undefined) {
    throw new Error(`No PostgreSQL under ${DEBIAN_POSTGRESQL}: apt-get install postgresql`);
  }
  return path.join(DEBIAN_POSTGRESQL, versions[0], 'bin');
}

/** The uid and gid of a system user (Node has no getpwnam). */
async function idsOf(user: string): Promise<{ uid: number; gid: number }> {
  const id = async (flag: string) => Number((await run('id', [flag, user])).stdout.trim());
  return { uid: await id('-u'), gid: await id('-g') };
}

/**
 * A PostgreSQL server of the tests' own: initdb into a temporary folder, then a server on a free
 * loopback port with its socket in that folder, trusting local connections, without fsync (nothing in it
 * outlives the run). initdb and postgres refuse to run as root: as root they run as the `postgres` system
 * user (Debian's package creates it), who owns the folder.
 */
export async function startPostgres(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'threadbook-pg-'));
  const dataDir = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { uid, gid } = await idsOf(SUPERUSER);
    chownSync(dir, uid, gid);
  }
  const pgRun = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', SUPERUSER, '--', path.join(bin, program), ...args])
      : run(path.join(bin, program), args);

  const port = await freePort();
  try {
    await pgRun('initdb', [
      ...['-D', dataDir, '-U', SUPERUSER, '--auth=trust'],
      // Text sorted for people (ICU's en-US), as in most installations, not byte by byte: what depends
      // on the database's collation shows in the tests. C.UTF-8 (every Debian has it) for the rest.
      ...['--encoding=UTF8', '--locale=C.UTF-8', '--locale-provider=icu', '--icu-locale=en-US'],
      '--no-sync',
    ]);
    const settings = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      // Every test server holds a pool of connections, and test files run side by side.
      '-c max_connections=300',
    ];
    const log = path.join(dir, 'server.log');
    await pgRun('pg_ctl', [...['-D', dataDir, '-l', log], ...['-o', settings.join(' ')], '-w', 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        await pgRun('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** `url` with its database replaced by `database`. */
function databaseUrl(url: string, database: string): string {
  const named = new URL(url);
  named.pathname = `/${database}`;
  return named.toString();
}

async function asSuperuser<T>(clusterUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates database `name` in the cluster unless it is there; returns its URL. */
export async function createDatabase(clusterUrl: string, name: string): Promise<string> {
  await asSuperuser(clusterUrl, async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  });
  return databaseUrl(clusterUrl, name);
}

/** Drops database `name`, ending the connections still open to it. */
export async function dropDatabase(clusterUrl: string, name: string): Promise<void> {
  await asSuperuser(clusterUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`),
  );
}
