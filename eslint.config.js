import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

/** The folders directly under `dir` (relative to the repository root). */
const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const FEATURES = './apps/web/src/features';
const SERVER_FEATURES = './apps/server/src/features';
const READER = `${FEATURES}/reader`;

/**
 * `folder/X` may use `folder/Y` (Y other than X) only through `folder/Y/index.ts`, or the files
 * `byName['X>Y']` lists.
 */
const throughIndex = (folder, name, byName = {}) =>
  foldersOf(folder).flatMap((target) =>
    foldersOf(folder)
      .filter((other) => other !== target)
      .map((other) => ({
        target: `${folder}/${target}`,
        from: `${folder}/${other}`,
        except: ['./index.ts', ...(byName[`${target}>${other}`] ?? [])],
        message: `${name}/${target} may use ${name}/${other} only through ${name}/${other}/index.ts.`,
      })),
  );

/**
 * The web app's boundaries, as drawn. A feature (features/X) is used by another only through its index.ts.
 * Inside the reader, each part (features/reader/X, model/ and state/ included) is used by another part only
 * through its index.ts, and no part uses the reader's own top-level files (ReaderPage, prefetch.ts, ...):
 * those put the parts together and hand them what they need. They may import a part's file by name, and
 * the light entry (route.tsx, early.ts, prefetch.ts, the loading and error screens) must: a part's
 * index.ts may pull in pdf.js, which stays out of the app's first script.
 */
const readerParts = foldersOf(READER);
const boundaryZones = [
  ...throughIndex(FEATURES, 'features'),
  // pdf/layout.ts is in the light entry too (opening-place.ts): it takes the one model file it needs by
  // name, and the model's index stays out of the app's first script.
  ...throughIndex(READER, 'reader', { 'pdf>model': ['./zoom.ts'] }),
  ...readerParts.map((part) => ({
    target: `${READER}/${part}`,
    from: READER,
    except: readerParts.map((other) => `./${other}`),
    message: `reader/${part} is a part of the reader: it does not use the reader's top-level files, which put the parts together (take what it needs as an argument).`,
  })),
];

/**
 * The server's boundaries: a feature (features/X) is used by another only through its index.ts, which
 * says what it offers the others. app.ts, the commands and the tests put features together and may use
 * their files by name.
 */
const serverZones = throughIndex(SERVER_FEATURES, 'features');

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // No import cycles in the apps' and packages' sources, at any depth (a depth limit saves nothing here:
    // the cost is reading the files once). Imports name their files (`./x.ts`), so Node's resolution finds
    // them.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // Which files no-cycle reads for their imports, and with which parser.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Third-party code is not read: no cycle of ours goes through it, and reading it is slow.
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
    },
  },
  {
    // The web, server and pipeline tests share a worker's module graph (`isolate: false` in
    // vitest.config.ts and apps/web/vite.config.ts): a module mock would reach only the test files that
    // import the module first.
    files: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/server/test/**/*.ts', 'packages/pipeline/test/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock'].map((property) => ({
          object: 'vi',
          property,
          message: 'Stub fetch or vi.spyOn the export: the test files of a worker share their modules.',
        })),
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
    },
  },
);
