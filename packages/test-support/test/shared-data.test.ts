import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sharedData } from '../src/shared-data.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
let folder: string;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'threadbook-shared-'));
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

describe('sharedData', () => {
  const open = (dir: string, required = false) => {
    const said: string[] = [];
    const data = sharedData({
      name: 'the textbook corpus',
      dir,
      shown: '../shared/books',
      required,
      say: (line) => said.push(line),
    });
    return { data, said };
  };

  it('skips, saying so once in one line, when the folder is not there', () => {
    const { data, said } = open(path.join(folder, 'books'));
    expect(data.has('aata/aata-20220728.pdf')).toBe(false);
    expect(data.has('dmoi/discretebook.pdf')).toBe(false);
    expect(data.has()).toBe(false);
    expect(said).toEqual(['skipped: the textbook corpus ../shared/books is not here']);
  });

  it('names the file when the folder is there without it, and runs when every file is there', () => {
    fs.mkdirSync(path.join(folder, 'aata'));
    fs.writeFileSync(path.join(folder, 'aata/aata.pdf'), '%PDF-1.5');
    const { data, said } = open(folder);
    expect(data.has('aata/aata.pdf')).toBe(true);
    expect(data.has()).toBe(true);
    expect(data.path('aata/aata.pdf')).toBe(path.join(folder, 'aata/aata.pdf'));
    expect(said).toEqual([]);
    expect(data.has('aata/aata.pdf', 'dmoi/dmoi.pdf')).toBe(false);
    expect(said).toEqual([
      `skipped: ${path.join('dmoi', 'dmoi.pdf')} is not in the textbook corpus ../shared/books`,
    ]);
  });

  it('stops with an error instead when the data is required (CI beside ../shared)', () => {
    const { data, said } = open(path.join(folder, 'books'), true);
    expect(() => data.has('aata/aata-20220728.pdf')).toThrow(
      /the textbook corpus \.\.\/shared\/books is not here, and THREADBOOK_REQUIRE_SHARED=1/,
    );
    expect(said).toEqual([]);
  });
});

describe('the suites without ../shared', () => {
  /** What `corpus` and `gumErst` answer in a fresh process with this environment. */
  function detect(env: Record<string, string>) {
    const script = [
      "import { corpus, gumErst } from './packages/test-support/src/shared-data.ts';",
      "console.log(JSON.stringify([corpus.has('aata/aata-20220728.pdf'), gumErst.has('disrpt')]));",
    ].join('\n');
    const { THREADBOOK_REQUIRE_SHARED: _, ...outer } = process.env;
    return spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: repoRoot,
      env: { ...outer, ...env },
      encoding: 'utf8',
    });
  }

  it('skip their corpus parts against an empty folder, with one line each', () => {
    const run = detect({ THREADBOOK_SHARED_DIR: folder });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([false, false]);
    expect(run.stderr.trim().split('\n')).toEqual([
      `skipped: the textbook corpus ${path.join(folder, 'books')} is not here`,
      `skipped: the GUM eRST data set ${path.join(folder, 'datasets/gum-erst')} is not here`,
    ]);
  });

  it('fail against an empty folder when the run must read the corpus', () => {
    const run = detect({ THREADBOOK_SHARED_DIR: folder, THREADBOOK_REQUIRE_SHARED: '1' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('THREADBOOK_REQUIRE_SHARED=1');
  });

  it('read ../shared only through this module', () => {
    // Every suite, eval and bench finds the corpus here, so one policy covers them all.
    const files = execFileSync('git', ['ls-files', '*.ts', '*.js', '*.cjs'], {
      cwd: repoRoot,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => file !== '' && !file.startsWith('packages/test-support/'));
    const readers = files.filter((file) =>
      /['"`](?:\.\.\/)+shared\b/.test(fs.readFileSync(path.join(repoRoot, file), 'utf8')),
    );
    expect(readers).toEqual([]);
  });
});
