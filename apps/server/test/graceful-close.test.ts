import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { closeConnectionsWhenIdle } from '../src/graceful-close.ts';
import { makeTempDir, startTestServer } from './support/server.ts';

test('a stopping server lets a response in progress finish, then closes its connection at once', async () => {
  const webDir = makeTempDir('threadbook-web-');
  const size = 32 * 1024 * 1024;
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>x</title>');
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'assets', 'big-abc123.bin'), Buffer.alloc(size, 7));
  const server = await startTestServer({ WEB_DIST_DIR: webDir });
  try {
    // The body is still flowing (the client has not read it) when the server is told to stop.
    const response = await fetch(`${server.baseUrl}/assets/big-abc123.bin`);
    const closed = server.close().then(() => Date.now());
    const body = await response.arrayBuffer();
    const bodyReadAt = Date.now();
    expect(body.byteLength).toBe(size);
    // Without closing it, the kept-alive connection would hold the server open for Fastify's 72 s timeout.
    expect((await closed) - bodyReadAt).toBeLessThan(2_000);
  } finally {
    rmSync(webDir, { recursive: true, force: true });
  }
}, 20_000);

test('a response that never ends is cut after the grace period', async () => {
  const app = Fastify({ logger: false });
  closeConnectionsWhenIdle(app, 200);
  app.get('/endless', (_request, reply) => {
    const endless = new PassThrough();
    endless.write('the first of many lines\n');
    return reply.send(endless);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const response = await fetch(`http://127.0.0.1:${port}/endless`);
  const started = Date.now();
  const bodyFailed = response.arrayBuffer().then(
    () => false,
    () => true,
  );
  await app.close();
  const elapsed = Date.now() - started;
  expect(elapsed).toBeGreaterThanOrEqual(150);
  expect(elapsed).toBeLessThan(2_000);
  expect(await bodyFailed).toBe(true);
});
