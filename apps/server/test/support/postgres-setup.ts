import type { TestProject } from 'vitest/node';
import { startPostgres } from '@threadbook/test-support';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The superuser's URL of the run's PostgreSQL cluster; unset where the tests run on SQLite. */
    postgresClusterUrl?: string;
  }
}

/**
 * Global setup of the 'server-pg' project: one PostgreSQL cluster for the whole run (support/database.ts
 * gives each installation a database of its own in it), stopped and removed at the end.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPostgres();
  project.provide('postgresClusterUrl', cluster.url);
  return () => cluster.stop();
}
