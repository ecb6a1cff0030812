import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrateToLatest, ourMigrator } from '../src/db/database.ts';
import { defaultSignInFailureLimits } from '../src/features/auth/sign-in-failures.ts';
import { TestClient, uniqueEmail } from './support/client.ts';
import { withScratchDatabase } from './support/database.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const tooMany = {
  code: 'TOO_MANY_FAILED_ATTEMPTS',
  message: 'Too many failed attempts. Please try again later.',
};
const wrongPassword = { code: 'INVALID_EMAIL_OR_PASSWORD' };

/** Signs `email` up with `password` on a client of its own (so the caller's jar stays empty). */
async function register(server: TestServer, email: string, password = 'secret1') {
  const { status, body } = await new TestClient(server.baseUrl).signUp(email, password);
  expect(status, JSON.stringify(body)).toBe(200);
}

const sessionCount = async (server: TestServer, email: string) =>
  (
    await server.db
      .selectFrom('session as s')
      .innerJoin('user as u', 'u.id', 's.userId')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('u.email', '=', email)
      .executeTakeFirstOrThrow()
  ).n;

describe('password sign-in with an allow-list', () => {
  const listed = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace'].map(
    (name) => `${name}@example.com`,
  );
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ALLOWED_EMAILS: listed.join(',') });
  });
  afterAll(() => server.close());

  test('the right password signs in: a session cookie that yields an ID token for this user', async () => {
    await register(server, 'alice@example.com');
    const client = new TestClient(server.baseUrl);
    const { status, body } = await client.signIn('ALICE@example.com', 'secret1');
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ email: 'alice@example.com' });
    expect([...client.cookies.keys()]).toContain('better-auth.session_token');
    const me = await client.me(await client.getIdToken());
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('alice@example.com');
  });

  test('a wrong password is 401 INVALID_EMAIL_OR_PASSWORD and sets no cookie', async () => {
    const client = new TestClient(server.baseUrl);
    const { status, body } = await client.signIn('alice@example.com', 'wrong-password');
    expect(status).toBe(401);
    expect(body).toMatchObject(wrongPassword);
    expect(client.cookies.size).toBe(0);
  });

  test('a listed address without an account is the same 401', async () => {
    const { status, body } = await new TestClient(server.baseUrl).signIn('grace@example.com', 'secret1');
    expect(status).toBe(401);
    expect(body).toMatchObject(wrongPassword);
  });

  test('an address not on the list is 403 NOT_ALLOW_LISTED', async () => {
    const { status, body } = await new TestClient(server.baseUrl).signIn('mallory@example.com', 'secret1');
    expect(status).toBe(403);
    expect(body).toEqual({
      code: 'NOT_ALLOW_LISTED',
      message: 'You are not authorized to access this application.',
    });
  });

  test('after 5 failures on an account from one client, its next attempt is 429 even with the right password', async () => {
    await register(server, 'bob@example.com');
    await register(server, 'carol@example.com');
    const client = new TestClient(server.baseUrl);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const { status, body } = await client.signIn('bob@example.com', `wrong-${attempt}`);
      expect(status, `attempt ${attempt}`).toBe(401);
      expect(body).toMatchObject(wrongPassword);
    }
    for (const email of ['bob@example.com', 'Bob@Example.COM']) {
      const blocked = await client.signIn(email, 'secret1');
      expect(blocked.status, email).toBe(429);
      expect(blocked.body).toEqual(tooMany);
    }
    expect(client.cookies.size).toBe(0);
    expect(await sessionCount(server, 'bob@example.com')).toBe(1); // only the one from sign-up

    // The limit is per address: another account from the same client still signs in.
    expect((await new TestClient(server.baseUrl).signIn('carol@example.com', 'secret1')).status).toBe(200);
  });

  test('four failures are still allowed, and a success forgives earlier failures', async () => {
    await register(server, 'dave@example.com');
    const client = new TestClient(server.baseUrl);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await client.signIn('dave@example.com', 'wrong')).status).toBe(401);
    }
    expect((await client.signIn('dave@example.com', 'secret1')).status).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(
        (await client.signIn('dave@example.com', 'wrong')).status,
        `attempt ${attempt} after success`,
      ).toBe(401);
    }
    expect((await client.signIn('dave@example.com', 'secret1')).status).toBe(200);
  });

  test('a disabled account: the right password is 403 ACCOUNT_DISABLED and no session is made', async () => {
    await register(server, 'erin@example.com');
    await server.db
      .updateTable('user')
      .set({ disabled: 1 })
      .where('email', '=', 'erin@example.com')
      .execute();
    const before = await sessionCount(server, 'erin@example.com');
    const client = new TestClient(server.baseUrl);
    const { status, body } = await client.signIn('erin@example.com', 'secret1');
    expect(status).toBe(403);
    expect(body).toEqual({ code: 'ACCOUNT_DISABLED', message: 'This account has been disabled.' });
    expect(client.cookies.size).toBe(0);
    expect(await sessionCount(server, 'erin@example.com')).toBe(before);
    // A wrong password is still just a wrong password (nothing tells a guesser the account is disabled).
    expect((await client.signIn('erin@example.com', 'wrong')).status).toBe(401);

    await server.db
      .updateTable('user')
      .set({ disabled: 0 })
      .where('email', '=', 'erin@example.com')
      .execute();
    expect((await client.signIn('erin@example.com', 'secret1')).status).toBe(200);
  });

  test('the request limit lets normal use through: 10 sign-ins in a row, each with a token', async () => {
    await register(server, 'frank@example.com');
    for (let round = 1; round <= 10; round++) {
      const client = new TestClient(server.baseUrl);
      const { status, body } = await client.signIn('frank@example.com', 'secret1');
      expect(status, `sign-in ${round}: ${JSON.stringify(body)}`).toBe(200);
      expect((await client.me(await client.getIdToken())).status).toBe(200);
    }
  });

  test('the calls every screen makes first (the ID token, the public settings) are not counted by it: no write each time', async () => {
    await register(server, 'grace@example.com');
    /** The request limit's counters of identity calls (features/auth/request-limits.ts), by key. */
    const counters = async () =>
      Object.fromEntries(
        (
          await server.db
            .selectFrom('rate_limit_counter')
            .select(['key', 'count'])
            .where('key', 'like', '%/api/auth/%')
            .execute()
        ).map(({ key, count }) => [key, Number(count)]),
      );
    const before = await counters();
    const client = new TestClient(server.baseUrl);
    expect((await client.signIn('grace@example.com', 'secret1')).status).toBe(200);
    const signedIn = await counters();
    // The sign-in itself is counted, once.
    const signInKey = Object.keys(signedIn).find((key) => key.includes(' sign-in '));
    expect(signInKey).toBeDefined();
    expect(signedIn[signInKey!]).toBe((before[signInKey!] ?? 0) + 1);
    for (let i = 0; i < 3; i++) {
      await client.getIdToken();
      expect((await client.fetch('/api/auth/app-config')).status).toBe(200);
    }
    expect(await counters()).toEqual(signedIn);
  });
});

describe('failed sign-ins per client address (each client below connects from its own 127.0.0.x)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  const from = (localAddress: string) => new TestClient(server.baseUrl, { localAddress });

  test('failures from one client lock the account for that client only: its owner signs in from another', async () => {
    const email = uniqueEmail('owner');
    await register(server, email);
    const guesser = from('127.0.0.2');
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await guesser.signIn(email, `wrong-${attempt}`)).status, `attempt ${attempt}`).toBe(401);
    }
    const owner = from('127.0.0.3');
    const signedIn = await owner.signIn(email, 'secret1');
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect((await owner.me(await owner.getIdToken())).status).toBe(200);

    // The guesser stays locked out of that account, even with the right password.
    const blocked = await guesser.signIn(email, 'secret1');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(tooMany);
  });

  test('failures sent at once are each counted: after 5 of them the account is locked for that client', async () => {
    const email = uniqueEmail('rushed');
    await register(server, email);
    const guesser = '127.0.0.7';
    const attempts = await Promise.all(
      Array.from({ length: 5 }, (_, attempt) => from(guesser).signIn(email, `wrong-${attempt}`)),
    );
    expect(attempts.map((attempt) => attempt.status)).toEqual([401, 401, 401, 401, 401]);
    const blocked = await from(guesser).signIn(email, 'secret1');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(tooMany);
  });

  test('a class behind one school address: each student signs in with their own password after a few mistakes', async () => {
    const students = Array.from({ length: 10 }, () => uniqueEmail('student'));
    await Promise.all(students.map((email) => register(server, email)));
    const school = '127.0.0.4';
    for (const email of students) {
      for (let mistake = 1; mistake <= 3; mistake++) {
        expect((await from(school).signIn(email, 'secret2')).status, `${email} #${mistake}`).toBe(401);
      }
      const { status, body } = await from(school).signIn(email, 'secret1');
      expect(status, `${email}: ${JSON.stringify(body)}`).toBe(200);
    }
  }, 60_000);

  test(`a brute force from one address is stopped after ${defaultSignInFailureLimits.perClient} failures, whatever accounts and headers it tries`, async () => {
    const { perClient } = defaultSignInFailureLimits;
    const email = uniqueEmail('victim');
    await register(server, email);
    const attacker = '127.0.0.5';
    // The guesser's first failures, counted as the server counts them: sending them for real would take
    // minutes under better-auth's own per-minute rate limit on sign-ins.
    await server.db
      .insertInto('sign_in_failure')
      .values({ key: `ip:${attacker}`, count: perClient - 5, window_started_at: Date.now() })
      .execute();
    for (let guess = 1; guess <= 4; guess++) {
      expect((await from(attacker).signIn(uniqueEmail('guess'), 'wrong')).status, `guess ${guess}`).toBe(401);
    }
    // One failure short of the limit: a sign-in still goes through, and does not forgive the address.
    expect((await from(attacker).signIn(email, 'secret1')).status).toBe(200);
    expect((await from(attacker).signIn(uniqueEmail('guess'), 'wrong')).status).toBe(401);

    const blocked = await from(attacker).signIn(email, 'secret1');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(tooMany);

    // The client's address is the socket's: headers cannot choose another one.
    const spoofs: Record<string, string>[] = [
      { 'x-threadbook-client-ip': '203.0.113.7' },
      { 'x-forwarded-for': '203.0.113.8' },
      { 'x-real-ip': '203.0.113.9' },
    ];
    for (const headers of spoofs) {
      const spoofed = await from(attacker).json('/api/auth/sign-in/email', {
        body: { email, password: 'secret1' },
        headers,
      });
      expect(spoofed.status, JSON.stringify(headers)).toBe(429);
    }
    // Other addresses are not affected.
    expect((await from('127.0.0.6').signIn(email, 'secret1')).status).toBe(200);
  });
});

test("an installation from before loses better-auth's table of counts, which nothing reads now (migration 012)", async () => {
  await withScratchDatabase('threadbook-identity-limits-', async ({ db }) => {
    await ourMigrator(db).migrateTo('011-owner-names');
    await sql`CREATE TABLE "rateLimit" ("id" text primary key, "key" text, "count" integer, "lastRequest" bigint)`.execute(
      db,
    );
    const tables = async () => (await db.introspection.getTables()).map((table) => table.name);
    expect(await tables()).toContain('rateLimit');
    await migrateToLatest(db);
    expect(await tables()).not.toContain('rateLimit');
    expect(await tables()).toContain('rate_limit_counter');
  });
});
