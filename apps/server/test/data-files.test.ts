import { chmodSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, test, vi } from 'vitest';
import { TestClient, uniqueEmail } from './support/client.ts';
import { testEngine } from './support/database.ts';
import { makeTempDir, startTestServer } from './support/server.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
/** A DATA_DIR the server has to create (a temporary folder is already private when made). */
const freshDataDir = () => {
  const parent = makeTempDir('threadbook-data-');
  dirs.push(parent);
  return path.join(parent, 'data');
};
const mode = (file: string) => statSync(file).mode & 0o777;

test('DATA_DIR is made private (0700), the database and its -wal/-shm files and the mail outbox readable by the server only', async () => {
  const dataDir = freshDataDir();
  const server = await startTestServer({ DATA_DIR: dataDir });
  try {
    const email = uniqueEmail('private');
    expect((await new TestClient(server.baseUrl).signUp(email, 'secret1')).status).toBe(200);
    const reset = await new TestClient(server.baseUrl).json('/api/auth/request-password-reset', {
      body: { email, redirectTo: '/reset-password' },
    });
    expect(reset.status).toBe(200);
    const outbox = path.join(dataDir, 'outbox');
    const mails = await vi.waitFor(() => {
      const names = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
      expect(names).toHaveLength(1);
      return names;
    });

    expect(mode(dataDir)).toBe(0o700);
    const database = path.join(dataDir, 'threadbook.sqlite');
    // PostgreSQL keeps nothing in DATA_DIR.
    const databaseFiles = testEngine === 'sqlite' ? [database, `${database}-wal`, `${database}-shm`] : [];
    for (const file of databaseFiles) {
      expect(existsSync(file), file).toBe(true);
      expect(mode(file), file).toBe(0o600);
    }
    expect(mode(outbox)).toBe(0o700);
    expect(mode(path.join(outbox, mails[0] ?? ''))).toBe(0o600);
  } finally {
    await server.close();
  }
});

test.skipIf(testEngine !== 'sqlite')(
  'a database an older version left world-readable is made private at start (SQLite: a file in DATA_DIR)',
  async () => {
    const dataDir = freshDataDir();
    const database = path.join(dataDir, 'threadbook.sqlite');
    await (await startTestServer({ DATA_DIR: dataDir })).close();
    chmodSync(database, 0o644);
    const server = await startTestServer({ DATA_DIR: dataDir });
    try {
      expect(mode(database)).toBe(0o600);
    } finally {
      await server.close();
    }
  },
);
