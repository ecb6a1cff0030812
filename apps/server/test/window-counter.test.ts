import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migrateToLatest, openDatabase, type OpenedDatabase } from '../src/db/database.ts';
import { countInWindow } from '../src/db/window-counter.ts';
import { makeTempDir } from './support/server.ts';

let dataDir: string;
let database: OpenedDatabase;

beforeAll(async () => {
  dataDir = makeTempDir('threadbook-rate-limit-');
  database = openDatabase({ dataDir });
  await migrateToLatest(database.db);
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('counts per key in a fixed window, and starts a new window once it has passed', async () => {
  const count = (key: string, now: number) =>
    countInWindow(database.db, 'rate_limit_counter', key, 60_000, now);
  expect(await count('k', 1_000)).toEqual({ current: 1, ttl: 60_000 });
  expect(await count('k', 11_000)).toEqual({ current: 2, ttl: 50_000 });
  expect(await count('other', 11_000)).toEqual({ current: 1, ttl: 60_000 });
  expect(await count('k', 60_999)).toEqual({ current: 3, ttl: 1 });
  expect(await count('k', 61_000)).toEqual({ current: 1, ttl: 60_000 });
});

test('requests at once are each counted once', async () => {
  const results = await Promise.all(
    Array.from({ length: 20 }, () =>
      countInWindow(database.db, 'rate_limit_counter', 'burst', 60_000, 5_000),
    ),
  );
  expect(results.map((result) => result.current).sort((x, y) => x - y)).toEqual(
    Array.from({ length: 20 }, (_, i) => i + 1),
  );
});
