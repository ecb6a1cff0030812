import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migrateToLatest, type OpenedDatabase } from '../src/db/database.ts';
import { countInWindow, deleteEndedWindows } from '../src/db/window-counter.ts';
import { dropTestDatabase, openTestDatabase } from './support/database.ts';
import { makeTempDir } from './support/server.ts';

let dataDir: string;
let database: OpenedDatabase;

beforeAll(async () => {
  dataDir = makeTempDir('threadbook-rate-limit-');
  database = await openTestDatabase(dataDir);
  await migrateToLatest(database.db);
});
afterAll(async () => {
  await database.close();
  await dropTestDatabase(dataDir);
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

test("ended windows of a prefix's keys are removed; live ones and other prefixes stay", async () => {
  const count = (key: string, now: number) =>
    countInWindow(database.db, 'rate_limit_counter', key, 60_000, now);
  await count('POST /a 1.2.3.4', 100_000);
  await count('POST /a 5.6.7.8', 150_000);
  await count('POST /b 1.2.3.4', 100_000);
  expect(await deleteEndedWindows(database.db, 'rate_limit_counter', 'POST /a ', 60_000, 170_000)).toBe(1);
  const keys = await database.db
    .selectFrom('rate_limit_counter')
    .select('key')
    .where('key', 'like', 'POST %')
    .orderBy('key')
    .execute();
  expect(keys.map((row) => row.key)).toEqual(['POST /a 5.6.7.8', 'POST /b 1.2.3.4']);
});
