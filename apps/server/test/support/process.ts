import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { databaseEnv } from './database.ts';
import { freePort } from './server.ts';

/** The processes this one (a test's in-process server) has started and that are running, from Linux's /proc. */
export const childProcesses = (): number[] =>
  readdirSync('/proc/self/task').flatMap((task) =>
    readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );

const main = path.resolve(import.meta.dirname, '../../src/main.ts');
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** A server in a process of its own, as an operator runs it (`node src/main.ts`). */
export interface ServerProcess {
  baseUrl: string;
  pid: number;
  exitCode: Promise<number | null>;
  /** What it printed so far, stdout and stderr. */
  output: () => string;
  kill: (signal: NodeJS.Signals) => void;
}

/**
 * Starts the server over `dataDir` (and its database: support/database.ts) on a free port and waits until
 * it answers /api/health. `nodeArgs` go before the script (an `--import` of code that breaks it, say).
 */
export async function startServerProcess(
  dataDir: string,
  { env = {}, nodeArgs = [] }: { env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  const web = path.join(dataDir, 'no-web-app');
  mkdirSync(web, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, main], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      WEB_DIST_DIR: web,
      SAMPLE_BOOK: 'false',
      LOG_LEVEL: 'info',
      ...(await databaseEnv(dataDir)),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exitCode = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let tries = 0; ; tries++) {
    const up = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (tries > 300 || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseUrl, pid: child.pid!, exitCode, output: () => output, kill: (signal) => child.kill(signal) };
}

/** What a command printed and how it ended. */
export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Starts `node apps/server/src/cli/<command>.ts ...args` over `dataDir` and its database, as `npm run
 * <command>` does. `env` adds variables; one set to undefined is left out (DATABASE_URL, say).
 */
export async function startCommand(
  command: string,
  dataDir: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<ChildProcess> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  // The tests' own limits never leak into a command from the environment that runs them.
  delete childEnv.MAX_BOOK_MB;
  for (const [name, value] of Object.entries({ ...(await databaseEnv(dataDir)), ...env })) {
    if (value === undefined) delete childEnv[name];
    else childEnv[name] = value;
  }
  return spawn(process.execPath, [`apps/server/src/cli/${command}.ts`, ...args], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs a command to its end (startCommand). */
export async function runCommand(
  command: string,
  dataDir: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<CommandRun> {
  const child = await startCommand(command, dataDir, args, env);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
