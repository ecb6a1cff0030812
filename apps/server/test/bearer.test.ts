import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { SignJWT, decodeJwt, decodeProtectedHeader, generateKeyPair } from 'jose';
import { authUserSchema } from '@threadbook/contracts';
import { createUserAdmin } from '../src/features/auth/user-admin.ts';
import { openBookStorage } from '../src/features/books/storage.ts';
import { signedUp, TestClient } from './support/client.ts';
import { openTestDatabase } from './support/database.ts';
import { makeTempDir, startTestServer, type TestServer } from './support/server.ts';

/** A signed-up user with a session cookie and a fresh ID token. */

describe('ID tokens on GET /api/me', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ID_TOKEN_TTL_SECONDS: '60' });
  });
  afterAll(() => server.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  test('a valid token answers the signed-in user', async () => {
    const { client, email, token } = await signedUp(server.baseUrl, { name: 'Ada Lovelace' });
    const { status, body } = await client.me(token);
    expect(status).toBe(200);
    const { id: userId } = await server.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(body).toEqual({ uid: userId, email, displayName: 'Ada Lovelace', isGoogleUser: false });
    expect(authUserSchema.parse(body)).toEqual(body);
  });

  test('a user without a name has displayName null', async () => {
    const { client, token } = await signedUp(server.baseUrl);
    expect((await client.me(token)).body.displayName).toBeNull();
  });

  test('the token is issued by and for this server and lives ID_TOKEN_TTL_SECONDS', async () => {
    const { token } = await signedUp(server.baseUrl);
    const claims = decodeJwt(token);
    expect(claims.iss).toBe(server.baseUrl);
    expect(claims.aud).toBe(server.baseUrl);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(60);
    expect(decodeProtectedHeader(token).alg).toBe('EdDSA');
  });

  test('no Authorization header is 401 with WWW-Authenticate: Bearer', async () => {
    const { status, headers, body } = await new TestClient(server.baseUrl).me(undefined);
    expect(status).toBe(401);
    expect(headers.get('www-authenticate')).toBe('Bearer');
    expect(body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  test('malformed headers are 401', async () => {
    const { token } = await signedUp(server.baseUrl);
    const client = new TestClient(server.baseUrl);
    for (const authorization of [
      'Bearer abc',
      'Basic x',
      'Bearer',
      `bearer${token}`,
      `Token ${token}`,
      `Bearer ${token} x`,
    ]) {
      expect((await client.me(undefined, authorization)).status, authorization).toBe(401);
    }
    // The same token, well formed, passes: the refusals above are about the header.
    expect((await client.me(token)).status).toBe(200);
  });

  test('the scheme is case-insensitive (RFC 9110 §11.1): bearer and BEARER pass', async () => {
    const { client, token } = await signedUp(server.baseUrl);
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      expect((await client.me(undefined, `${scheme} ${token}`)).status, scheme).toBe(200);
    }
  });

  test('the session cookie alone does not authorise API calls', async () => {
    const { client } = await signedUp(server.baseUrl);
    const response = await client.fetch('/api/me');
    expect(response.status).toBe(401);
  });

  test('a token signed by another key, even claiming our key id, is 401', async () => {
    const { client, token } = await signedUp(server.baseUrl);
    const claims = decodeJwt(token);
    const { kid } = decodeProtectedHeader(token);
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'EdDSA', ...(kid ? { kid } : {}) })
      .sign(privateKey);
    expect((await client.me(forged)).status).toBe(401);
    const unknownKid = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'another-key' })
      .sign(privateKey);
    expect((await client.me(unknownKid)).status).toBe(401);
  });

  test('a token whose claims were edited after signing is 401', async () => {
    const { client, token } = await signedUp(server.baseUrl);
    const other = await signedUp(server.baseUrl);
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ ...decodeJwt(token), sub: decodeJwt(other.token).sub }),
    ).toString('base64url');
    expect((await client.me(`${header}.${payload}.${signature}`)).status).toBe(401);
  });

  test('an unsigned token ("alg": "none") is 401', async () => {
    const { client, token } = await signedUp(server.baseUrl);
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = token.split('.')[1];
    expect((await client.me(`${header}.${payload}.`)).status).toBe(401);
  });

  test('a token signed with our key for another issuer or audience, or already expired, is 401', async () => {
    const { client, token } = await signedUp(server.baseUrl);
    const claims = decodeJwt(token);
    const sign = async (payload: Record<string, unknown>) =>
      (await server.identity.api.signJWT({ body: { payload } })).token;
    const now = Math.floor(Date.now() / 1000);
    // Control: our key with the right claims passes, so what fails below fails for its claim.
    expect((await client.me(await sign({ ...claims }))).status).toBe(200);
    expect((await client.me(await sign({ ...claims, iss: 'https://elsewhere.example' }))).status).toBe(401);
    expect((await client.me(await sign({ ...claims, aud: 'https://elsewhere.example' }))).status).toBe(401);
    expect((await client.me(await sign({ ...claims, iat: now - 120, exp: now - 60 }))).status).toBe(401);
  });

  test('an issued token stops working once its lifetime has passed', async () => {
    const { client, token } = await signedUp(server.baseUrl);
    const exp = Number(decodeJwt(token).exp) * 1000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(exp - 5_000);
    expect((await client.me(token)).status).toBe(200);
    vi.setSystemTime(exp + 1_000);
    const expired = await client.me(token);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Invalid or expired token');
    vi.useRealTimers();
    // The session itself is still good: a fresh token works.
    expect((await client.me(await client.getIdToken())).status).toBe(200);
  });

  test('after sign-out, a token issued before is 401 at once', async () => {
    const { client, token } = await signedUp(server.baseUrl);
    expect((await client.me(token)).status).toBe(200);
    const out = await client.signOut();
    expect(out.status).toBe(200);
    const after = await client.me(token);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Session ended');
    await expect(client.getIdToken()).rejects.toThrow(/401/);
  });

  test('signing out one session leaves the same user’s other sessions working', async () => {
    const first = await signedUp(server.baseUrl);
    const second = new TestClient(server.baseUrl);
    expect((await second.signIn(first.email, 'secret1')).status).toBe(200);
    const secondToken = await second.getIdToken();
    await first.client.signOut();
    expect((await second.me(first.token)).status).toBe(401);
    expect((await second.me(secondToken)).status).toBe(200);
  });

  test('disabling the account (flag only, sessions kept) stops its tokens at once', async () => {
    const { client, email, token } = await signedUp(server.baseUrl);
    expect((await client.me(token)).status).toBe(200);
    await server.db.updateTable('user').set({ disabled: 1 }).where('email', '=', email).execute();
    const refused = await client.me(token);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('This account has been disabled.');
    await server.db.updateTable('user').set({ disabled: 0 }).where('email', '=', email).execute();
    expect((await client.me(token)).status).toBe(200);
  });

  test('disabling through the operator command ends its sessions and tokens at once', async () => {
    const { client, email, token } = await signedUp(server.baseUrl);
    const database = await openTestDatabase(server.dataDir);
    try {
      await createUserAdmin(database.db, openBookStorage({ dataDir: server.dataDir })).setDisabled(
        email.toUpperCase(),
        true,
      );
    } finally {
      await database.close();
    }
    expect((await client.me(token)).status).toBe(401);
    await expect(client.getIdToken()).rejects.toThrow(/401/);
    const again = await new TestClient(server.baseUrl).signIn(email, 'secret1');
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('ACCOUNT_DISABLED');
  });
});

test('removing an address from ALLOWED_EMAILS cuts its existing tokens at once', async () => {
  const dataDir = makeTempDir();
  try {
    const before = await startTestServer(
      { ALLOWED_EMAILS: 'kept@example.com,removed@example.com' },
      { dataDir },
    );
    const port = Number(new URL(before.baseUrl).port);
    let kept, removed;
    try {
      kept = await signedUp(before.baseUrl, { email: 'kept@example.com' });
      removed = await signedUp(before.baseUrl, { email: 'removed@example.com' });
      expect((await removed.client.me(removed.token)).status).toBe(200);
    } finally {
      await before.close();
    }
    // The same installation (data and address) restarted with a shorter list.
    const after = await startTestServer({ ALLOWED_EMAILS: 'kept@example.com' }, { dataDir, port });
    try {
      expect((await kept.client.me(kept.token)).status).toBe(200);
      const refused = await removed.client.me(removed.token);
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe('You are not authorized to access this application.');
      // Its session mints no new ID token: it is signed out.
      const token = await removed.client.json<{ code?: string }>('/api/auth/token');
      expect(token.status).toBe(403);
      expect(token.body.code).toBe('NOT_ALLOW_LISTED');
      const sessions = await after.db
        .selectFrom('session as s')
        .innerJoin('user as u', 'u.id', 's.userId')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('u.email', '=', 'removed@example.com')
        .executeTakeFirstOrThrow();
      expect(sessions.n).toBe(0);
    } finally {
      await after.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
