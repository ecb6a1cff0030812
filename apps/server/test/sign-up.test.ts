import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { TestClient, uniqueEmail } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const notAllowListed = {
  code: 'NOT_ALLOW_LISTED',
  message: 'You are not authorized to access this application.',
};

const userCount = async (server: TestServer, email: string) =>
  (
    await server.db
      .selectFrom('user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)])))
      .executeTakeFirstOrThrow()
  ).n;

describe('with an allow-list', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ALLOWED_EMAILS: 'Student@Example.com, second@example.com' });
  });
  afterAll(() => server.close());

  test('a listed address signs up, gets a session and can get an ID token', async () => {
    const client = new TestClient(server.baseUrl);
    const { status, body } = await client.signUp('second@example.com', 'secret1', 'Second Student');
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ email: 'second@example.com', name: 'Second Student' });
    expect(await userCount(server, 'second@example.com')).toBe(1);
    const me = await client.me(await client.getIdToken());
    expect(me.body).toMatchObject({
      email: 'second@example.com',
      displayName: 'Second Student',
      isGoogleUser: false,
    });
  });

  test('the list compares case-insensitively', async () => {
    const { status, body } = await new TestClient(server.baseUrl).signUp('student@EXAMPLE.com', 'secret1');
    expect(status).toBe(200);
    expect(String((body.user as { email: string }).email).toLowerCase()).toBe('student@example.com');
  });

  test('an address not on the list is refused with 403 NOT_ALLOW_LISTED and no account is made', async () => {
    const client = new TestClient(server.baseUrl);
    const { status, body } = await client.signUp('outsider@example.com', 'secret1');
    expect(status).toBe(403);
    expect(body).toMatchObject(notAllowListed);
    expect(await userCount(server, 'outsider@example.com')).toBe(0);
    expect(client.cookies.size).toBe(0);
  });

  test('a listed address as a suffix or prefix of another is still refused', async () => {
    for (const email of ['xstudent@example.com', 'student@example.com.evil.test', 'second@example.co']) {
      const { status, body } = await new TestClient(server.baseUrl).signUp(email, 'secret1');
      expect(status, email).toBe(403);
      expect(body).toMatchObject(notAllowListed);
    }
  });
});

describe('with an allow-list, a malformed address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ALLOWED_EMAILS: 'student@example.com' });
  });
  afterAll(() => server.close());

  test('is INVALID_EMAIL (the address is checked before the list)', async () => {
    const { status, body } = await new TestClient(server.baseUrl).signUp('student@', 'secret1');
    expect(status).toBe(400);
    expect(body.code).toBe('INVALID_EMAIL');
  });
});

describe('without an allow-list (everyone allowed)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  test('any address signs up', async () => {
    const email = uniqueEmail('anyone');
    expect((await new TestClient(server.baseUrl).signUp(email, 'secret1')).status).toBe(200);
    expect(await userCount(server, email)).toBe(1);
  });

  test('an address already in use is refused with better-auth USER_ALREADY_EXISTS*', async () => {
    const email = uniqueEmail('twice');
    expect((await new TestClient(server.baseUrl).signUp(email, 'secret1')).status).toBe(200);
    for (const again of [email, email.toUpperCase()]) {
      const { status, body } = await new TestClient(server.baseUrl).signUp(again, 'another1');
      expect(status, again).toBe(422);
      expect(body.code).toMatch(/^USER_ALREADY_EXISTS/);
    }
    expect(await userCount(server, email)).toBe(1);
  });

  test('a password of 5 characters is PASSWORD_TOO_SHORT; 6 is enough', async () => {
    const email = uniqueEmail('short');
    const short = await new TestClient(server.baseUrl).signUp(email, '12345');
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('PASSWORD_TOO_SHORT');
    expect(await userCount(server, email)).toBe(0);
    expect((await new TestClient(server.baseUrl).signUp(email, '123456')).status).toBe(200);
  });

  test('a malformed address is INVALID_EMAIL', async () => {
    for (const email of ['not-an-email', 'a@', '@example.com']) {
      const { status, body } = await new TestClient(server.baseUrl).signUp(email, 'secret1');
      expect(status, email).toBe(400);
      expect(body.code, email).toBe('INVALID_EMAIL');
    }
    expect(
      await server.db
        .selectFrom('user')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('email', 'not like', '%@%.%')
        .executeTakeFirst(),
    ).toEqual({ n: 0 });
  });

  test('password sign-in with a malformed address is INVALID_EMAIL too', async () => {
    const { status, body } = await new TestClient(server.baseUrl).signIn('not-an-email', 'secret1');
    expect(status).toBe(400);
    expect(body.code).toBe('INVALID_EMAIL');
  });
});

describe('SIGN_UP_RATE_LIMIT', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SIGN_UP_RATE_LIMIT: '2' });
  });
  afterAll(() => server.close());

  test('sign-ups from one address beyond the limit in a minute are refused with 429 and make no account', async () => {
    for (let i = 0; i < 2; i++) {
      const { status } = await new TestClient(server.baseUrl).signUp(uniqueEmail(), 'secret1');
      expect(status).toBe(200);
    }
    const refused = uniqueEmail();
    const { status } = await new TestClient(server.baseUrl).signUp(refused, 'secret1');
    expect(status).toBe(429);
    expect(await userCount(server, refused)).toBe(0);
  });

  test('the limit counts in fixed minutes: sign-ups that never pause for a minute are not refused for good', async () => {
    const signUpAt = async (msLater: number) => {
      vi.setSystemTime(start + msLater);
      return (await new TestClient(server.baseUrl).signUp(uniqueEmail(), 'secret1')).status;
    };
    // Past the window of the test before; only Date is faked, so the server's own timers run.
    const start = Date.now() + 10 * 60_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect(await signUpAt(0)).toBe(200);
      expect(await signUpAt(40_000)).toBe(200);
      // 40 s after the last one, but in a new minute: counted afresh.
      expect(await signUpAt(80_000)).toBe(200);
      expect(await signUpAt(85_000)).toBe(200);
      expect(await signUpAt(90_000)).toBe(429);
    } finally {
      vi.useRealTimers();
    }
  });
});
