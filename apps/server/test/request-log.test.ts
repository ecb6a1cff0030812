import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { freePort, makeTempDir } from './support/server.ts';

type LogLine = Record<string, unknown>;

/**
 * Runs `requests` against the real server at `level`, then stops it (so every response has been logged)
 * and gives what it logged, line by line. startTestServer keeps the log silent, hence this server of its own.
 */
async function logOf(level: string, requests: (baseUrl: string) => Promise<void>): Promise<LogLine[]> {
  const dataDir = makeTempDir();
  const port = await freePort();
  const raw: string[] = [];
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: level,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
    SAMPLE_BOOK: 'false',
  });
  const { app } = await buildApp(config, { logStream: { write: (line) => raw.push(line) } });
  try {
    await app.listen({ port, host: '127.0.0.1' });
    await requests(`http://127.0.0.1:${port}`);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return raw.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((line) => JSON.parse(line) as LogLine);
}

const call = async (url: string, headers: Record<string, string> = {}) => {
  await (
    await fetch(url, { headers: { connection: 'close', ...headers }, redirect: 'manual' })
  ).arrayBuffer();
};

test('each request is one log line: method, path without the query, status, response time, request id', async () => {
  const lines = await logOf('info', async (baseUrl) => {
    await call(`${baseUrl}/api/health?token=query-secret`);
    await call(`${baseUrl}/api/me?code=another-secret`, { authorization: 'Bearer header-secret' });
    await call(`${baseUrl}/api/nothing-here`, { cookie: 'session=cookie-secret' });
    await call(`${baseUrl}/api/auth/reset-password/reset-secret?callbackURL=%2Freset`);
  });
  // Lines of requests carry their id: four requests, four ids, four lines.
  const requests = lines.filter((line) => line.reqId !== undefined);
  expect(new Set(requests.map((line) => line.reqId)).size).toBe(4);
  expect(requests).toHaveLength(4);
  expect(requests.map(({ method, url }) => ({ method, url }))).toEqual([
    { method: 'GET', url: '/api/health' },
    { method: 'GET', url: '/api/me' },
    { method: 'GET', url: '/api/nothing-here' },
    // A reset link's token is a password for the account: never in the log.
    { method: 'GET', url: '/api/auth/reset-password/[token]' },
  ]);
  expect(requests.slice(0, 3).map((line) => line.statusCode)).toEqual([200, 401, 404]);
  for (const line of requests) {
    expect(line.level).toBe(30);
    expect(line.responseTime).toEqual(expect.any(Number));
    // Nothing of the request beyond those fields: no headers, no client address.
    expect(Object.keys(line).sort()).toEqual(
      [
        'hostname',
        'level',
        'method',
        'msg',
        'pid',
        'reqId',
        'responseTime',
        'statusCode',
        'time',
        'url',
      ].sort(),
    );
  }
  expect(JSON.stringify(lines)).not.toMatch(/secret/);
});

test('below the chosen level (LOG_LEVEL=warn) requests are not logged at all', async () => {
  const lines = await logOf('warn', async (baseUrl) => {
    await call(`${baseUrl}/api/health`);
    await call(`${baseUrl}/api/me`);
  });
  expect(lines.filter((line) => line.reqId !== undefined)).toEqual([]);
});
