/**
 * The data that sits beside the repository in our own workspace, never inside it: the textbook corpus
 * (../shared/books) and the GUM eRST discourse labels (../shared/datasets/gum-erst). A clone on its own has
 * neither, so every suite (unit, API, e2e) and every eval asks here, with one policy:
 *
 * - present: the suite runs;
 * - missing: the suite is skipped, and the process says so once, in one line
 *   ("skipped: the textbook corpus ../shared/books is not here");
 * - missing while THREADBOOK_REQUIRE_SHARED=1 (set by .ci/run when ../shared is there): an error, so a run
 *   that should read the corpus cannot silently lose it.
 *
 * THREADBOOK_SHARED_DIR stands for ../shared (a test of this policy points it at an empty folder).
 */
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export interface SharedData {
  /** What a person calls it ("the textbook corpus"). */
  readonly name: string;
  /** Its folder. */
  readonly dir: string;
  /** The absolute path of a file in it ("aata/aata-20220728.pdf"). */
  path(relative: string): string;
  /**
   * Whether every file named (relative to `dir`; none: the folder itself) is there. When one is not, says
   * once why the suite is skipped and answers false, or throws when the data is required.
   */
  has(...relative: string[]): boolean;
}

export interface SharedDataOptions {
  name: string;
  dir: string;
  /** How the folder is shown in the skip line ("../shared/books"). */
  shown: string;
  /** Missing data is an error, not a skip. */
  required: boolean;
  /** Where the skip line goes (stderr by default). */
  say?: (line: string) => void;
}

export function sharedData({
  name,
  dir,
  shown,
  required,
  say = console.warn,
}: SharedDataOptions): SharedData {
  const said = new Set<string>();
  return {
    name,
    dir,
    path: (relative) => path.join(dir, relative),
    has(...relative) {
      const missing = [dir, ...relative.map((r) => path.join(dir, r))].find((file) => !fs.existsSync(file));
      if (missing === undefined) return true;
      const what =
        missing === dir
          ? `${name} ${shown} is not here`
          : `${path.relative(dir, missing)} is not in ${name} ${shown}`;
      if (required)
        throw new Error(`${what}, and THREADBOOK_REQUIRE_SHARED=1 says the suites that read it must run`);
      if (!said.has(what)) {
        said.add(what);
        say(`skipped: ${what}`);
      }
      return false;
    },
  };
}

const override = process.env.THREADBOOK_SHARED_DIR;
const sharedDir = override ? path.resolve(override) : path.resolve(repoRoot, '../shared');
const required = process.env.THREADBOOK_REQUIRE_SHARED === '1';
const shown = (relative: string) => (override ? path.join(sharedDir, relative) : `../shared/${relative}`);

/** The textbooks of ../shared/books, one folder each (a PDF, and its source where there is one). */
export const corpus = sharedData({
  name: 'the textbook corpus',
  dir: path.join(sharedDir, 'books'),
  shown: shown('books'),
  required,
});

/** GUM eRST's human discourse-relation labels (../shared/datasets/gum-erst). */
export const gumErst = sharedData({
  name: 'the GUM eRST data set',
  dir: path.join(sharedDir, 'datasets/gum-erst'),
  shown: shown('datasets/gum-erst'),
  required,
});
