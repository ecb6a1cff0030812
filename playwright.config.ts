import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/support/chromium.ts';
import type { E2eDatabase } from './e2e/support/fixtures.ts';
import { compileCacheForChildren } from './packages/pipeline/src/threads.ts';

// Each worker's servers load the server and the pipeline afresh: with the cache of compiled modules, as
// the server's import processes have it (packages/pipeline/src/threads.ts).
compileCacheForChildren();

/**
 * The spec files run on PostgreSQL (accounts, sessions, each student's own rows, uploads); the others run
 * on SQLite, so both engines are driven through the browser without running the suite twice. With
 * E2E_DATABASE=postgres (`npm run test:e2e:postgres`) every spec runs on PostgreSQL.
 */
const POSTGRES_SPECS = [
  'account',
  'annotations',
  'bookmarks',
  'google',
  'onboarding',
  'reset-password',
  'uploads',
].map((name) => `**/${name}.spec.ts`);
const chromium = { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions };
const onPostgres = { ...chromium, database: 'postgres' as const };

/**
 * Browser tests: Debian's Chromium drives the built web app served by the real server. Each worker starts
 * its own SMTP sink, OpenID provider and server (see e2e/support/fixtures.ts), so tests never share a
 * database with another worker; a worker of the PostgreSQL project starts its own cluster.
 */
export default defineConfig<object, { database: E2eDatabase }>({
  testDir: 'e2e',
  outputDir: 'test-results',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // Two cores: one worker per core, each with its own server process.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    screenshot: 'only-on-failure',
    trace: 'on-first-retry',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
  },
  projects:
    process.env.E2E_DATABASE === 'postgres'
      ? [{ name: 'chromium-postgres', use: onPostgres }]
      : [
          { name: 'chromium', use: chromium, testIgnore: POSTGRES_SPECS },
          { name: 'chromium-postgres', use: onPostgres, testMatch: POSTGRES_SPECS },
        ],
});
