import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { compileCacheForChildren } from './packages/pipeline/src/threads.ts';

// The servers and commands the tests start load the pipeline and the server afresh each time: with the
// cache of compiled modules, as the server's import processes have it, a start takes a third less.
compileCacheForChildren();

// One runner for unit and API tests; each workspace is a project with its own environment.
export default defineConfig({
  test: {
    // Vitest's default leaves a core free, which on two cores runs one file at a time; most server tests
    // wait on sockets, databases and child processes, so two at a time halve the run (14 -> 8 minutes).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          // A worker's test files share one module graph: importing the server afresh for each file took
          // two of the eight minutes of the two server projects. Each test builds its own app, and no
          // server test mocks a module or leaves a global behind (fake timers are put back in the test).
          isolate: false,
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
      // The same server tests on PostgreSQL: a cluster of their own for the run (test/support/database.ts).
      {
        test: {
          name: 'server-pg',
          root: 'apps/server',
          environment: 'node',
          isolate: false,
          testTimeout: 20000,
          hookTimeout: 30000,
          globalSetup: ['test/support/postgres-setup.ts'],
        },
      },
      'apps/web/vite.config.ts',
      { test: { name: 'book', root: 'packages/book', environment: 'node' } },
      {
        test: {
          name: 'pipeline',
          root: 'packages/pipeline',
          environment: 'node',
          // As the server's: a worker's files share one module graph (the pipeline's models and word lists
          // loaded once, not once per file: 57 -> 35 s); no pipeline test mocks a module.
          isolate: false,
          testTimeout: 60000,
          hookTimeout: 120000,
        },
      },
      { test: { name: 'samples', root: 'samples', environment: 'node', testTimeout: 60000 } },
      { test: { name: 'scripts', root: 'scripts', environment: 'node' } },
      { test: { name: 'test-support', root: 'packages/test-support', environment: 'node' } },
    ],
  },
});
