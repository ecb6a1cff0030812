import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startOidcProvider, type OidcProvider } from '@threadbook/test-support';
import { TestClient } from './support/client.ts';
import { googlePopupSignIn } from './support/google.ts';
import { makeTempDir, startTestServer, type TestServer } from './support/server.ts';

let oidc: OidcProvider;
beforeAll(async () => {
  oidc = await startOidcProvider();
});
afterAll(() => oidc.close());

const googleEnv = () => ({
  GOOGLE_CLIENT_ID: oidc.clientId,
  GOOGLE_CLIENT_SECRET: oidc.clientSecret,
  GOOGLE_ISSUER: oidc.issuer,
});

const userRows = (server: TestServer, email: string) =>
  server.db.selectFrom('user').select('id').where('email', '=', email).execute();

const sessionCount = async (server: TestServer, userId: string) =>
  (
    await server.db
      .selectFrom('session')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow()
  ).n;

const accountsOf = (server: TestServer, userId = '') =>
  server.db.selectFrom('account').where('userId', '=', userId);

const countOf = async (server: TestServer, table: 'user' | 'session') =>
  (
    await server.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('Google configured, with an allow-list', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      ...googleEnv(),
      ALLOWED_EMAILS: 'student@example.com,both@example.com',
    });
  });
  afterAll(() => server.close());

  test('app-config says Google is enabled', async () => {
    const { status, body } = await new TestClient(server.baseUrl).json('/api/auth/app-config');
    expect(status).toBe(200);
    expect(body).toMatchObject({ productName: 'Threadbook', googleEnabled: true });
  });

  test('an allowed new address signs in: a session, a Google user, an ID token that says so', async () => {
    oidc.setUser({ sub: 'google-student', email: 'student@example.com', name: 'Test Student' });
    const client = new TestClient(server.baseUrl);
    const { outcome, contentSecurityPolicy, visited } = await googlePopupSignIn(client, 'nonce-1');

    expect(outcome.error).toBeUndefined();
    expect(outcome.token).toEqual(expect.any(String));
    expect(outcome.nonce).toBe('nonce-1');
    expect(outcome.targetOrigin).toBe(server.baseUrl);
    // The popup really went to the provider and came back to our callback.
    expect(visited.some((url) => url.startsWith(`${new URL(oidc.issuer).origin}/`))).toBe(true);
    expect(visited.at(-1)).toMatch(new RegExp(`^${server.baseUrl}/api/auth/callback/google\\?`));
    // The completion page's inline script must be allowed, or the popup never reports back.
    expect(contentSecurityPolicy).toMatch(/script-src 'sha256-[^']+'/);

    const token = await client.getIdToken();
    const me = await client.me(token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: 'student@example.com',
      displayName: 'Test Student',
      isGoogleUser: true,
    });
    const [user] = await userRows(server, 'student@example.com');
    expect(me.body.uid).toBe(user?.id);
    expect(await accountsOf(server, user?.id).select(['providerId', 'accountId']).execute()).toEqual([
      { providerId: 'google', accountId: 'google-student' },
    ]);
  });

  test('signing in again with Google reuses the account', async () => {
    oidc.setUser({ sub: 'google-student', email: 'student@example.com', name: 'Test Student' });
    const client = new TestClient(server.baseUrl);
    expect((await googlePopupSignIn(client)).outcome.token).toEqual(expect.any(String));
    expect(await userRows(server, 'student@example.com')).toHaveLength(1);
    expect((await client.me(await client.getIdToken())).body.isGoogleUser).toBe(true);
  });

  test('a Google user cannot set a password: 403 ACCOUNT_MANAGED_BY_GOOGLE', async () => {
    oidc.setUser({ sub: 'google-student', email: 'student@example.com', name: 'Test Student' });
    const client = new TestClient(server.baseUrl);
    expect((await googlePopupSignIn(client)).outcome.token).toEqual(expect.any(String));
    const { status, body } = await client.json('/api/auth/account/password', {
      body: { newPassword: 'secret99' },
    });
    expect(status).toBe(403);
    expect(body.code).toBe('ACCOUNT_MANAGED_BY_GOOGLE');
    expect((await new TestClient(server.baseUrl).signIn('student@example.com', 'secret99')).status).toBe(401);
  });

  // Current behaviour, not a rule of docs/product.md: better-auth 1.7 links a Google login to an existing account only when
  // that account's address is verified (requireLocalEmailVerified), and password sign-ups never are.
  test('Google with the address of a password account is refused (account_not_linked), the account untouched', async () => {
    const signUp = await new TestClient(server.baseUrl).signUp('both@example.com', 'secret1');
    expect(signUp.status).toBe(200);
    oidc.setUser({ sub: 'google-both', email: 'both@example.com', name: 'Both Ways' });
    const client = new TestClient(server.baseUrl);
    const { outcome } = await googlePopupSignIn(client);
    expect(outcome.token).toBeUndefined();
    expect(outcome.error?.code).toBe('account_not_linked');
    expect((await client.json('/api/auth/token')).status).toBe(401);
    const [user] = await userRows(server, 'both@example.com');
    expect(await userRows(server, 'both@example.com')).toHaveLength(1);
    expect(await accountsOf(server, user?.id).select('providerId').execute()).toEqual([
      { providerId: 'credential' },
    ]);
    expect((await new TestClient(server.baseUrl).signIn('both@example.com', 'secret1')).status).toBe(200);
  });

  test('a refused new address: NOT_ALLOW_LISTED, no account, no session', async () => {
    oidc.setUser({ sub: 'google-outsider', email: 'outsider@example.com', name: 'Outsider' });
    const client = new TestClient(server.baseUrl);
    const { outcome } = await googlePopupSignIn(client, 'nonce-2');
    expect(outcome.token).toBeUndefined();
    expect(outcome.nonce).toBe('nonce-2');
    expect(outcome.error?.code).toBe('NOT_ALLOW_LISTED');
    expect(await userRows(server, 'outsider@example.com')).toEqual([]);
    expect(
      await server.db
        .selectFrom('account')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('accountId', '=', 'google-outsider')
        .executeTakeFirst(),
    ).toEqual({ n: 0 });
    expect((await client.json('/api/auth/token')).status).toBe(401);
  });

  test('the popup start refuses an opener origin that is not ours', async () => {
    const client = new TestClient(server.baseUrl);
    const response = await client.fetch(
      `/api/auth/oauth-popup/start?provider=google&popupOrigin=${encodeURIComponent('https://evil.example')}&popupNonce=x`,
    );
    expect(response.status).toBe(403);
    expect(response.headers.get('location')).toBeNull();
  });
});

test('a refused existing Google account (removed from the list since): NOT_ALLOW_LISTED and no new session', async () => {
  const dataDir = makeTempDir();
  try {
    oidc.setUser({ sub: 'google-former', email: 'former@example.com', name: 'Former Student' });
    const allowed = await startTestServer(
      { ...googleEnv(), ALLOWED_EMAILS: 'former@example.com' },
      { dataDir },
    );
    let userId: string;
    try {
      expect((await googlePopupSignIn(new TestClient(allowed.baseUrl))).outcome.token).toEqual(
        expect.any(String),
      );
      const rows = await userRows(allowed, 'former@example.com');
      expect(rows).toHaveLength(1);
      userId = rows[0]?.id ?? '';
    } finally {
      await allowed.close();
    }

    const refused = await startTestServer(
      { ...googleEnv(), ALLOWED_EMAILS: 'someone-else@example.com' },
      { dataDir },
    );
    try {
      const sessionsBefore = await sessionCount(refused, userId);
      const client = new TestClient(refused.baseUrl);
      const { outcome } = await googlePopupSignIn(client);
      expect(outcome.token).toBeUndefined();
      expect(outcome.error?.code).toBe('NOT_ALLOW_LISTED');
      expect(await sessionCount(refused, userId)).toBe(sessionsBefore);
      expect((await client.json('/api/auth/token')).status).toBe(401);
      // The account itself is kept: putting the address back on the list restores access.
      expect(await userRows(refused, 'former@example.com')).toHaveLength(1);
    } finally {
      await refused.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

describe('Google not configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  test('app-config says Google is off, with the default footer and no links', async () => {
    const { status, body } = await new TestClient(server.baseUrl).json('/api/auth/app-config');
    expect(status).toBe(200);
    expect(body).toEqual({
      productName: 'Threadbook',
      googleEnabled: false,
      footerText: 'MCDS Capstone Project · Fall 2025',
      team: [],
      mentors: [],
    });
  });

  test('the popup start signs nobody in and sends nobody to a provider', async () => {
    oidc.setUser({ sub: 'google-student', email: 'student@example.com', name: 'Test Student' });
    const client = new TestClient(server.baseUrl);
    const response = await client.fetch(
      `/api/auth/oauth-popup/start?provider=google&popupOrigin=${encodeURIComponent(server.baseUrl)}&popupNonce=n1`,
    );
    expect(response.status).toBe(404);
    expect(response.headers.get('location')).toBeNull();
    expect(client.cookies.has('better-auth.session_token')).toBe(false);
    expect((await client.json('/api/auth/token')).status).toBe(401);
    expect(await countOf(server, 'user')).toBe(0);
  });

  test('the callback does not sign anyone in either', async () => {
    const client = new TestClient(server.baseUrl);
    const response = await client.fetch('/api/auth/callback/google?code=abc&state=def');
    expect(
      response.headers
        .getSetCookie()
        .some((cookie) => cookie.startsWith('better-auth.session_token=') && !cookie.includes('Max-Age=0')),
    ).toBe(false);
    expect(await countOf(server, 'session')).toBe(0);
  });
});

test('app-config carries the configured footer and links', async () => {
  const server = await startTestServer({
    FOOTER_TEXT: 'Our course',
    TEAM_LINKS: 'Ada|https://ada.example',
    MENTOR_LINKS: 'Grace|https://grace.example',
  });
  try {
    const { body } = await new TestClient(server.baseUrl).json('/api/auth/app-config');
    expect(body).toMatchObject({
      footerText: 'Our course',
      team: [{ name: 'Ada', url: 'https://ada.example' }],
      mentors: [{ name: 'Grace', url: 'https://grace.example' }],
    });
  } finally {
    await server.close();
  }
});
