import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The built web app the server serves: WEB_DIST_DIR when set (e.g. a private build), else apps/web/dist. */
export const webDistDir = path.resolve(repoRoot, process.env.WEB_DIST_DIR || 'apps/web/dist');

/** Every variable the server reads (apps/server/src/config.ts): none leaks in from the outer environment. */
const SERVER_VARIABLES = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'PUBLIC_URL',
  'ALLOWED_EMAILS',
  'AUTH_SECRET',
  'SMTP_URL',
  'MAIL_FROM',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'GOOGLE_ISSUER',
  'LIBRARY_DIR',
  'MAX_BOOK_MB',
  'UPLOADS',
  'MAX_BOOKS_PER_USER',
  'UPLOADS_PER_HOUR',
  'IMPORT_MEMORY_MB',
  'IMPORT_TIME_LIMIT_MINUTES',
  'SAMPLE_BOOK',
  'LLM_BASE_URL',
  'LLM_API_KEY',
  'LLM_MODEL',
  'SIGN_UP_RATE_LIMIT',
  'EMBEDDINGS_BASE_URL',
  'EMBEDDINGS_MODEL',
  'FOOTER_TEXT',
  'TEAM_LINKS',
  'MENTOR_LINKS',
  'ID_TOKEN_TTL_SECONDS',
  'LOG_LEVEL',
  'WEB_DIST_DIR',
];

export interface ServerOptions {
  /** Reuse a data directory (another server's database); by default a fresh temporary one. */
  dataDir?: string;
  /** Whether stopping the server removes its data directory: by default, when the server made it. */
  ownsDataDir?: boolean;
  /** Extra environment for the server (ALLOWED_EMAILS, SMTP_URL, GOOGLE_*...). */
  env?: Record<string, string | undefined>;
}

export interface RunningServer {
  /** http://localhost:PORT, also the server's PUBLIC_URL (cookies are per host, so always use this). */
  baseURL: string;
  dataDir: string;
  /** PostgreSQL's address when the server runs on it (DATABASE_URL); else SQLite in its DATA_DIR. */
  databaseUrl?: string;
  /** What the server printed so far, for failure messages. */
  output(): string;
  /** Stops the process; removes the data directory if this server created it (unless keepData). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The environment of a server or command of ours: none of the outer environment's settings, then `settings`. */
function serverEnvironment(settings: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVER_VARIABLES) delete env[name];
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/**
 * Runs one of the server's commands (apps/server/src/cli/`command`.ts) with `settings`: `done` resolves
 * when it has succeeded and rejects with its output when it fails or is stopped.
 */
export function runServerCommand(
  command: string,
  args: string[],
  settings: Record<string, string>,
): { done: Promise<void>; stop(): void } {
  const { child, output } = spawnScript(
    [`apps/server/src/cli/${command}.ts`, ...args],
    serverEnvironment({ LOG_LEVEL: 'warn', ...settings }),
  );
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} ended with ${signal ?? code}:\n${output()}`));
    });
  });
  return { done, stop: () => child.kill('SIGTERM') };
}

/** Runs a script of the repository with Node; `output` is the end of what it printed so far. */
function spawnScript(args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; output(): string } {
  const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { child, output: () => output };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts the real server (`node apps/server/src/main.ts`) on a free loopback port and waits for /api/health. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const ownsDataDir = options.ownsDataDir ?? options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'threadbook-e2e-'));
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;

  const env = serverEnvironment({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseURL,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: webDistDir,
    ...options.env,
  });

  const { child, output } = spawnScript(['apps/server/src/main.ts'], env);

  const stop = async ({ keepData = false } = {}) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited(child);
      clearTimeout(killer);
    }
    if (ownsDataDir && !keepData) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with code ${child.exitCode} before it was ready:\n${output()}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /api/health within 30 s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    baseURL,
    dataDir,
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    output,
    stop,
  };
}
