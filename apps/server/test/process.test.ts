import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { databaseEnv } from './support/database.ts';
import { freePort, makeTempDir } from './support/server.ts';

const main = path.resolve(import.meta.dirname, '../src/main.ts');

interface Run {
  exitCode: Promise<number | null>;
  output: () => string;
  kill: (signal: NodeJS.Signals) => void;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * The server as an operator runs it (`node src/main.ts`), in a process of its own. `fault` is code
 * loaded before it (`--import`) that breaks it on SIGUSR2, as a bug nothing handles would.
 */
async function startProcess(fault: string): Promise<Run & { baseUrl: string }> {
  const dataDir = makeTempDir();
  dirs.push(dataDir);
  const web = path.join(dataDir, 'no-web-app');
  mkdirSync(web);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(fault)}`, main],
    {
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
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
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
    if (tries > 200 || child.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseUrl, exitCode, output: () => output, kill: (signal) => child.kill(signal) };
}

const fatalLine = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string } })
    .find((entry) => entry.level === 60);

test('an uncaught exception is logged as fatal with its cause and the process exits 1', async () => {
  const server = await startProcess(
    "process.on('SIGUSR2', () => setImmediate(() => { throw new Error('injected fault'); }));",
  );
  server.kill('SIGUSR2');
  expect(await server.exitCode).toBe(1);
  expect(fatalLine(server.output())).toMatchObject({
    msg: 'fatal error, exiting',
    err: { message: 'injected fault' },
  });
  await expect(fetch(`${server.baseUrl}/api/health`)).rejects.toThrow();
}, 30_000);

test('an unhandled rejection is fatal too', async () => {
  const server = await startProcess(
    "process.on('SIGUSR2', () => { Promise.reject(new Error('rejected for nobody')); });",
  );
  server.kill('SIGUSR2');
  expect(await server.exitCode).toBe(1);
  expect(fatalLine(server.output())?.err?.message).toBe('rejected for nobody');
}, 30_000);

test('SIGTERM closes the server and exits 0', async () => {
  const server = await startProcess('');
  server.kill('SIGTERM');
  expect(await server.exitCode).toBe(0);
  expect(server.output()).toContain('SIGTERM: shutting down');
  expect(fatalLine(server.output())).toBeUndefined();
}, 30_000);
