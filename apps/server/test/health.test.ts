import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { healthResponseSchema } from '@threadbook/contracts';
import { testEngine } from './support/database.ts';
import { makeTempDir, startTestServer, type TestServer } from './support/server.ts';

const packageVersion = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

describe('API only (no built web app)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  test('GET /api/health answers ok with the version and the database kind', async () => {
    const response = await fetch(`${server.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await response.json();
    expect(body).toEqual({ status: 'ok', version: packageVersion, database: testEngine });
    expect(healthResponseSchema.parse(body)).toEqual(body);
  });

  test('an unknown /api path is a JSON 404, for any method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/api'],
      ['POST', '/api/books/1/nothing'],
      ['DELETE', '/api/health'],
    ] as const) {
      const response = await fetch(`${server.baseUrl}${url}`, { method });
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
  });

  test('without a built web app, other paths are 404 too', async () => {
    const response = await fetch(`${server.baseUrl}/library/x`);
    expect(response.status).toBe(404);
  });

  test('every answer carries the security headers', async () => {
    for (const url of ['/api/health', '/api/nothing-here', '/api/auth/app-config']) {
      const response = await fetch(`${server.baseUrl}${url}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("worker-src 'self' blob:");
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), url).toBe('SAMEORIGIN');
      expect(response.headers.get('referrer-policy'), url).toBe('no-referrer');
    }
  });
});

test('browsers are told to upgrade requests to https only when the public address is https', async () => {
  const plain = await startTestServer();
  const secure = await startTestServer({ PUBLIC_URL: 'https://threadbook.example.edu' });
  try {
    const plainCsp =
      (await fetch(`${plain.baseUrl}/api/health`)).headers.get('content-security-policy') ?? '';
    const secureCsp =
      (await fetch(`${secure.baseUrl}/api/health`)).headers.get('content-security-policy') ?? '';
    expect(plainCsp).toContain("default-src 'self'");
    expect(plainCsp).not.toContain('upgrade-insecure-requests');
    expect(secureCsp).toContain("default-src 'self'");
    expect(secureCsp).toContain('upgrade-insecure-requests');
  } finally {
    await plain.close();
    await secure.close();
  }
});

describe('with a built web app', () => {
  let server: TestServer;
  let webDir: string;
  const indexHtml = '<!doctype html><html><body><div id="root">threadbook-test-index</div></body></html>';
  const asset = 'console.log("threadbook-test-asset");';
  const bigScript = `/* big */ ${'console.log("threadbook");\n'.repeat(200)}`;

  beforeAll(async () => {
    webDir = makeTempDir('threadbook-web-');
    writeFileSync(path.join(webDir, 'index.html'), indexHtml);
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), asset);
    writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // The build's compressed copies, each of a text of its own, to tell which file went out.
    writeFileSync(path.join(webDir, 'assets', 'big-abc123.js'), bigScript);
    writeFileSync(path.join(webDir, 'assets', 'big-abc123.js.br'), brotliCompressSync('/* the .br copy */'));
    writeFileSync(path.join(webDir, 'assets', 'big-abc123.js.gz'), gzipSync('/* the .gz copy */'));
    server = await startTestServer({ WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  test('an unknown page path gets index.html (the client router decides), never cached', async () => {
    for (const url of ['/library/x', '/reader/12?page=3', '/account']) {
      const response = await fetch(`${server.baseUrl}${url}`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control'), url).toBe('no-cache');
      expect(await response.text(), url).toBe(indexHtml);
    }
  });

  test('a POST to an unknown path is a 404, not the app', async () => {
    const response = await fetch(`${server.baseUrl}/library/x`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ statusCode: 404 });
  });

  test('unknown /api paths stay JSON 404s', async () => {
    const response = await fetch(`${server.baseUrl}/api/library/x`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  test('built files are served; hashed assets are cached for good, others revalidated', async () => {
    const script = await fetch(`${server.baseUrl}/assets/index-abc123.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toBe(asset);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const icon = await fetch(`${server.baseUrl}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  test("the build's .br or .gz copy of a file goes out as it is, by the client's Accept-Encoding", async () => {
    const url = `${server.baseUrl}/assets/big-abc123.js`;
    const asked = async (acceptEncoding: string) => {
      const response = await fetch(url, { headers: { 'accept-encoding': acceptEncoding } });
      return {
        encoding: response.headers.get('content-encoding'),
        vary: response.headers.get('vary'),
        text: await response.text(),
      };
    };
    expect(await asked('br, gzip')).toMatchObject({ encoding: 'br', text: '/* the .br copy */' });
    expect(await asked('gzip')).toMatchObject({ encoding: 'gzip', text: '/* the .gz copy */' });
    const plain = await asked('identity');
    expect(plain.encoding).toBeNull();
    expect(plain.text).toBe(bigScript);
    expect(plain.vary).toMatch(/accept-encoding/i);
  });

  test('the page carries the content security policy', async () => {
    const response = await fetch(`${server.baseUrl}/library`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});
