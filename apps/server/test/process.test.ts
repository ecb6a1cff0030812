import { rmSync } from 'node:fs';
import { afterEach, expect, test } from 'vitest';
import { startServerProcess, type ServerProcess } from './support/process.ts';
import { makeTempDir } from './support/server.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The server in a process of its own, with `fault` loaded before it: code that breaks it on SIGUSR2, as a bug nothing handles would. */
async function startProcess(fault: string): Promise<ServerProcess> {
  const dataDir = makeTempDir();
  dirs.push(dataDir);
  return startServerProcess(dataDir, {
    nodeArgs: ['--import', `data:text/javascript,${encodeURIComponent(fault)}`],
  });
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
