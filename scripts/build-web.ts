/**
 * Builds the web app into apps/web/dist and leaves a stamp there: what the build read (its files, and a
 * digest of the installed dependencies), with the time it started as its modification time.
 *
 *   node scripts/build-web.ts              # always builds (npm run build)
 *   node scripts/build-web.ts --if-stale   # builds unless the stamp says dist is up to date (npm start)
 *
 * dist is up to date when the same files are read, none changed since the build started, and the same
 * dependencies are installed. A build made another way (vite build) empties dist, stamp included, so the
 * next --if-stale builds again.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = 'apps/web';
export const STAMP = `${WEB}/dist/.build-inputs`;
/** Read by the build besides the workspaces' files; their changes are seen by modification time. */
const SHARED_FILES = ['tsconfig.base.json', 'patches'];
/** npm rewrites it on every install, so the installed dependencies are compared by content. */
const INSTALLED = 'node_modules/.package-lock.json';
/** Never read by the build: its output, and installed packages (INSTALLED stands for them). */
const SKIPPED = new Set(['dist', 'node_modules']);

interface PackageJson {
  name?: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const readJson = (file: string): PackageJson => JSON.parse(readFileSync(file, 'utf8')) as PackageJson;

/** The workspaces (folders, from the root) whose sources the web build bundles: itself and its own. */
export function bundledWorkspaces(root: string): string[] {
  const byName = new Map<string, string>();
  for (const pattern of readJson(path.join(root, 'package.json')).workspaces ?? []) {
    const parent = pattern.replace(/\/\*$/, '');
    for (const entry of readdirSync(path.join(root, parent), { withFileTypes: true })) {
      const dir = `${parent}/${entry.name}`;
      const manifest = path.join(root, dir, 'package.json');
      if (entry.isDirectory() && existsSync(manifest)) byName.set(readJson(manifest).name ?? dir, dir);
    }
  }
  const found = [WEB];
  for (const dir of found) {
    const { dependencies = {}, devDependencies = {} } = readJson(path.join(root, dir, 'package.json'));
    for (const name of Object.keys({ ...dependencies, ...devDependencies })) {
      const workspace = byName.get(name);
      if (workspace && !found.includes(workspace)) found.push(workspace);
    }
  }
  return found.sort();
}

/** The files under `relative` (a file or a folder), from the root, passing over SKIPPED folders. */
function filesUnder(root: string, relative: string): string[] {
  const stat = statSync(path.join(root, relative), { throwIfNoEntry: false });
  if (!stat?.isDirectory()) return stat ? [relative] : [];
  return readdirSync(path.join(root, relative), { withFileTypes: true }).flatMap((entry) =>
    SKIPPED.has(entry.name) && entry.isDirectory() ? [] : filesUnder(root, `${relative}/${entry.name}`),
  );
}

/** What a build reads now: its signature (the stamp's text) and when any of it last changed. */
export function buildInputs(root: string): { signature: string; newestMs: number } {
  const files = [...bundledWorkspaces(root), ...SHARED_FILES].flatMap((dir) => filesUnder(root, dir)).sort();
  const installed = existsSync(path.join(root, INSTALLED)) ? readFileSync(path.join(root, INSTALLED)) : '';
  const digest = createHash('sha256').update(installed).digest('hex');
  const newestMs = Math.max(0, ...files.map((file) => statSync(path.join(root, file)).mtimeMs));
  return { signature: [`installed ${digest}`, ...files].join('\n'), newestMs };
}

/** Whether dist holds a build of what the build would read now. */
export function isBuildFresh(root: string): boolean {
  const stamp = statSync(path.join(root, STAMP), { throwIfNoEntry: false });
  if (!stamp) return false;
  const { signature, newestMs } = buildInputs(root);
  return newestMs < stamp.mtimeMs && readFileSync(path.join(root, STAMP), 'utf8') === signature;
}

/** Records a build of `signature` that started at `started`. */
export function writeStamp(root: string, signature: string, started: Date): void {
  const stamp = path.join(root, STAMP);
  writeFileSync(stamp, signature);
  utimesSync(stamp, started, started);
}

/** What the first screen loads before it can run (issue 34): at most this, gzipped. */
export const INITIAL_JS_BUDGET_KB = 150;

/**
 * The scripts index.html loads at once: the entry and the chunks it is modulepreloaded with (what it
 * imports statically), each with its gzipped size in bytes.
 */
export function initialScripts(distDir: string): { file: string; gzip: number }[] {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"|<link rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
  ].map((match) => match[1] ?? match[2]!);
  return files.map((file) => ({ file, gzip: gzipSync(readFileSync(path.join(distDir, file))).length }));
}

/** Prints the first screen's JavaScript, entry and all, against its budget. */
function printInitialScripts(root: string): void {
  const scripts = initialScripts(path.join(root, WEB, 'dist'));
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
  console.log(`\nInitial JavaScript (gzip), what the first screen loads before it runs:`);
  for (const { file, gzip } of scripts) console.log(`  ${kb(gzip).padStart(9)}  ${file}`);
  const verdict = total <= INITIAL_JS_BUDGET_KB * 1024 ? 'within' : 'OVER';
  console.log(`  ${kb(total).padStart(9)}  in all, ${verdict} the budget of ${INITIAL_JS_BUDGET_KB} kB`);
}

function build(root: string): void {
  // Read before the build: a file changed while it runs is newer than the stamp, so the next start builds.
  const started = new Date();
  const { signature } = buildInputs(root);
  const result = spawnSync('npm', ['run', 'build', '-w', WEB], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeStamp(root, signature, started);
  printInitialScripts(root);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  if (process.argv.includes('--if-stale') && isBuildFresh(root)) {
    console.log(`${WEB}/dist is up to date with its sources: not built again.`);
  } else {
    build(root);
  }
}
