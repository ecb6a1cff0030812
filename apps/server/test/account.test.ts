import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signedUp, TestClient, uniqueEmail } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const signUp = () => signedUp(server.baseUrl, { email: uniqueEmail('account') });

/** Pretends the user's sessions began `minutes` ago (the recent-sign-in rule reads the session's createdAt). */
async function ageSessions(userId: string, minutes: number) {
  const createdAt = new Date(Date.now() - minutes * 60_000).toISOString();
  const { numUpdatedRows } = await server.db
    .updateTable('session')
    .set({ createdAt })
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  expect(numUpdatedRows).toBeGreaterThan(0n);
}

const rows = async (table: 'user' | 'session' | 'account', userId: string) =>
  (
    await server.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(sql.ref(table === 'user' ? 'id' : 'userId'), '=', userId)
      .executeTakeFirstOrThrow()
  ).n;

const signInStatus = async (email: string, password: string) =>
  (await new TestClient(server.baseUrl).signIn(email, password)).status;

describe('POST /api/auth/account/password (new password only)', () => {
  const change = (client: TestClient, newPassword: unknown) =>
    client.json('/api/auth/account/password', { body: { newPassword } });

  test('right after sign-in it changes the password: the new one signs in, the old one does not', async () => {
    const { client, email } = await signUp();
    const { status, body } = await change(client, 'brand-new-1');
    expect(status).toBe(200);
    expect(body).toEqual({ status: true });
    expect(await signInStatus(email, 'brand-new-1')).toBe(200);
    expect(await signInStatus(email, 'secret1')).toBe(401);
  });

  test('also works a little under 5 minutes after sign-in', async () => {
    const { client, email, userId } = await signUp();
    await ageSessions(userId, 4.5);
    expect((await change(client, 'brand-new-2')).status).toBe(200);
    expect(await signInStatus(email, 'brand-new-2')).toBe(200);
  });

  test('a sign-in older than 5 minutes is 403 REQUIRES_RECENT_LOGIN and the password stays', async () => {
    const { client, email, userId } = await signUp();
    await ageSessions(userId, 10);
    const { status, body } = await change(client, 'brand-new-3');
    expect(status).toBe(403);
    expect(body).toEqual({
      code: 'REQUIRES_RECENT_LOGIN',
      message: 'Please sign in again before making this change.',
    });
    expect(await signInStatus(email, 'brand-new-3')).toBe(401);
    // Signing in again makes it possible.
    expect((await client.signIn(email, 'secret1')).status).toBe(200);
    expect((await change(client, 'brand-new-3')).status).toBe(200);
    expect(await signInStatus(email, 'brand-new-3')).toBe(200);
  });

  test('a blank password is 400 "Please enter a new password"', async () => {
    const { client, email } = await signUp();
    for (const blank of ['   ', '', '\t \n']) {
      const { status, body } = await change(client, blank);
      expect(status, JSON.stringify(blank)).toBe(400);
      expect(body.message).toBe('Please enter a new password');
    }
    expect(await signInStatus(email, 'secret1')).toBe(200);
  });

  test('a password under 6 characters is 400 PASSWORD_TOO_SHORT', async () => {
    const { client, email } = await signUp();
    for (const short of ['abc', '12345']) {
      const { status, body } = await change(client, short);
      expect(status, short).toBe(400);
      expect(body.code).toBe('PASSWORD_TOO_SHORT');
      expect(body.message).toBe('Password should be at least 6 characters long.');
    }
    expect(await signInStatus(email, 'secret1')).toBe(200);
  });

  test('a missing or non-string newPassword is 400', async () => {
    const { client } = await signUp();
    expect((await client.json('/api/auth/account/password', { body: {} })).status).toBe(400);
    expect((await change(client, 123456)).status).toBe(400);
  });

  test('without a session it is 401', async () => {
    const { status } = await change(new TestClient(server.baseUrl), 'brand-new-4');
    expect(status).toBe(401);
  });

  test('a request from another origin is refused and changes nothing', async () => {
    const { client, email } = await signUp();
    const { status } = await client.json('/api/auth/account/password', {
      body: { newPassword: 'brand-new-5' },
      headers: { origin: 'https://evil.example' },
    });
    expect(status).toBe(403);
    expect(await signInStatus(email, 'brand-new-5')).toBe(401);
    expect(await signInStatus(email, 'secret1')).toBe(200);
  });

  test('the web dev server’s origin (http://localhost:5173) is trusted in development only', async () => {
    const fromDevServer = (client: TestClient, newPassword: string) =>
      client.json('/api/auth/account/password', {
        body: { newPassword },
        headers: { origin: 'http://localhost:5173' },
      });
    const { client, email } = await signUp();
    expect((await fromDevServer(client, 'brand-new-6')).status).toBe(403);
    expect(await signInStatus(email, 'brand-new-6')).toBe(401);

    const development = await startTestServer({ NODE_ENV: 'development' });
    try {
      const developer = new TestClient(development.baseUrl);
      expect((await developer.signUp(uniqueEmail('developer'), 'secret1')).status).toBe(200);
      expect((await fromDevServer(developer, 'brand-new-7')).status).toBe(200);
    } finally {
      await development.close();
    }
  });
});

describe('POST /api/auth/delete-user', () => {
  test('right after sign-in it deletes the account, its sessions and sign-in methods', async () => {
    const { client, email, userId } = await signUp();
    const token = await client.getIdToken();
    expect((await client.me(token)).status).toBe(200);
    expect(await rows('account', userId)).toBe(1);

    const { status, body } = await client.json('/api/auth/delete-user', { body: {} });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true });

    expect(await rows('user', userId)).toBe(0);
    expect(await rows('session', userId)).toBe(0);
    expect(await rows('account', userId)).toBe(0);
    expect((await client.me(token)).status).toBe(401);
    expect(client.cookies.has('better-auth.session_token')).toBe(false);
    expect(await signInStatus(email, 'secret1')).toBe(401);
  });

  test('the address can sign up afresh afterwards', async () => {
    const { client, email } = await signUp();
    expect((await client.json('/api/auth/delete-user', { body: {} })).status).toBe(200);
    expect((await new TestClient(server.baseUrl).signUp(email, 'another1')).status).toBe(200);
  });

  test('a sign-in older than 5 minutes is 400 SESSION_EXPIRED and nothing is deleted', async () => {
    const { client, userId } = await signUp();
    await ageSessions(userId, 10);
    const { status, body } = await client.json('/api/auth/delete-user', { body: {} });
    expect(status).toBe(400);
    expect(body.code).toBe('SESSION_EXPIRED');
    expect(await rows('user', userId)).toBe(1);
    expect(await rows('account', userId)).toBe(1);
  });

  test('without a session it is 401', async () => {
    const { status } = await new TestClient(server.baseUrl).json('/api/auth/delete-user', { body: {} });
    expect(status).toBe(401);
  });

  test('a request from another origin is refused and deletes nothing', async () => {
    const { client, userId } = await signUp();
    const { status } = await client.json('/api/auth/delete-user', {
      body: {},
      headers: { origin: 'https://evil.example' },
    });
    expect(status).toBe(403);
    expect(await rows('user', userId)).toBe(1);
  });
});
