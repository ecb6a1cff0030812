import { mkdirSync, mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { buildInputs, bundledWorkspaces, initialScripts, isBuildFresh, writeStamp } from './build-web.ts';

let root: string;
/** The time of the last write or build: each one a second after the one before. */
let clock: number;
const tick = () => new Date((clock += 1000));

/** Writes `text` to `relative` under the root, with its folders, at the next tick (or at `when`). */
function put(relative: string, text: string, when = tick()) {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  utimesSync(file, when, when);
}

/** Stamps a build of the files as they are, started at the next tick, as build-web.ts does. */
function built() {
  mkdirSync(path.join(root, 'apps/web/dist'), { recursive: true });
  writeStamp(root, buildInputs(root).signature, tick());
}

beforeEach(() => {
  clock = Date.now() - 3_600_000;
  root = mkdtempSync(path.join(tmpdir(), 'build-web-'));
  put('package.json', JSON.stringify({ workspaces: ['packages/*', 'apps/*'] }));
  put('apps/web/package.json', JSON.stringify({ dependencies: { '@x/contracts': '*', react: '^19' } }));
  put('apps/web/src/main.tsx', 'app');
  put('apps/server/package.json', JSON.stringify({ name: '@x/server' }));
  put('apps/server/src/main.ts', 'server');
  put(
    'packages/contracts/package.json',
    JSON.stringify({ name: '@x/contracts', dependencies: { '@x/book': '*' } }),
  );
  put('packages/contracts/src/index.ts', 'contracts');
  put('packages/book/package.json', JSON.stringify({ name: '@x/book' }));
  put('packages/book/src/index.ts', 'book');
  put('packages/pipeline/package.json', JSON.stringify({ name: '@x/pipeline' }));
  put('tsconfig.base.json', '{}');
  put('node_modules/.package-lock.json', '{"react":"19.0.0"}');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

test('the web build reads its own workspace and those it depends on, at any depth', () => {
  expect(bundledWorkspaces(root)).toEqual(['apps/web', 'packages/book', 'packages/contracts']);
});

test('without a stamp the build is stale; after one it is fresh until a file it reads changes', () => {
  expect(isBuildFresh(root)).toBe(false);
  built();
  expect(isBuildFresh(root)).toBe(true);
  put('packages/book/src/index.ts', 'book 2');
  expect(isBuildFresh(root)).toBe(false);
  built();
  put('apps/web/dist/assets/index.js', 'output');
  put('apps/web/node_modules/.vite/deps.json', '{}');
  put('apps/server/src/main.ts', 'server 2');
  put('packages/pipeline/src/index.ts', 'pipeline');
  expect(isBuildFresh(root)).toBe(true);
});

test('a file removed, or added with an old time, makes the build stale', () => {
  built();
  unlinkSync(path.join(root, 'packages/contracts/src/index.ts'));
  expect(isBuildFresh(root)).toBe(false);
  built();
  put('apps/web/src/extra.tsx', 'copied with its time', new Date(clock - 600_000));
  expect(isBuildFresh(root)).toBe(false);
});

test('installed dependencies count by content: npm install rewriting the same list changes nothing', () => {
  built();
  put('node_modules/.package-lock.json', '{"react":"19.0.0"}');
  expect(isBuildFresh(root)).toBe(true);
  put('node_modules/.package-lock.json', '{"react":"19.1.0"}');
  expect(isBuildFresh(root)).toBe(false);
});

test('the initial scripts are the entry and its modulepreloaded chunks, with their gzipped sizes', () => {
  const dist = path.join(root, 'apps/web/dist');
  put(
    'apps/web/dist/index.html',
    '<script type="module" crossorigin src="/assets/index-a.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/shared-b.js">' +
      '<link rel="stylesheet" href="/assets/index-c.css">',
  );
  put('apps/web/dist/assets/index-a.js', 'x'.repeat(10_000));
  put('apps/web/dist/assets/shared-b.js', 'y');
  put('apps/web/dist/assets/lazy-d.js', 'never loaded first');
  const scripts = initialScripts(dist);
  expect(scripts.map((script) => script.file)).toEqual(['assets/index-a.js', 'assets/shared-b.js']);
  // Ten thousand of one letter gzip to a few dozen bytes; one letter to about twenty.
  expect(scripts[0]!.gzip).toBeGreaterThan(20);
  expect(scripts[0]!.gzip).toBeLessThan(200);
});
