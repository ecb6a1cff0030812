import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import { createSessionLookup } from '../src/features/auth/session-lookup.ts';

let sqlite: SQLite.Database;
let db: Kysely<Database>;
let queries: string[];

beforeEach(() => {
  sqlite = new SQLite(':memory:');
  sqlite.exec(`
    create table user (id text primary key, email text not null, disabled integer);
    create table session (id text primary key, userId text not null, expiresAt text not null);
  `);
  const insertUser = sqlite.prepare('insert into user values (?, ?, 0)');
  const insertSession = sqlite.prepare('insert into session values (?, ?, ?)');
  for (let i = 0; i < 30; i++) {
    insertUser.run(`u${i}`, `user${i}@example.com`);
    insertSession.run(`s${i}`, `u${i}`, '2999-01-01T00:00:00.000Z');
  }
  queries = [];
  db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => {
      queries.push(event.query.sql);
    },
  });
});
afterEach(() => db.destroy());

test('calls of the same turn share one query, and each gets its own session', async () => {
  const sessionOf = createSessionLookup(db);
  const ids = ['s3', 's1', 'missing', 's3', 's29'];
  const states = await Promise.all(ids.map((id) => sessionOf(id)));
  expect(states.map((state) => state?.email)).toEqual([
    'user3@example.com',
    'user1@example.com',
    undefined,
    'user3@example.com',
    'user29@example.com',
  ]);
  expect(queries).toHaveLength(1);
});

test('nothing is remembered: the next turn sees a session ended or an account disabled meanwhile', async () => {
  const sessionOf = createSessionLookup(db);
  expect(await sessionOf('s1')).toMatchObject({ userId: 'u1', disabled: 0 });
  sqlite.prepare('delete from session where id = ?').run('s1');
  sqlite.prepare('update user set disabled = 1 where id = ?').run('u2');
  expect(await sessionOf('s1')).toBeUndefined();
  expect(await sessionOf('s2')).toMatchObject({ disabled: 1 });
  expect(queries).toHaveLength(3);
});

test('more calls than a batch holds take more queries, all answered', async () => {
  const sessionOf = createSessionLookup(db);
  const ids = Array.from({ length: 100 }, (_, i) => `s${i % 30}`);
  const states = await Promise.all(ids.map((id) => sessionOf(id)));
  expect(states.every((state, i) => state?.userId === `u${i % 30}`)).toBe(true);
  expect(queries.length).toBe(2);
});
