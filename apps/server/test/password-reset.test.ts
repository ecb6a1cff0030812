import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { simpleParser } from 'mailparser';
import { startSmtpSink, type SmtpSink } from '@threadbook/test-support';
import { TestClient, uniqueEmail } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const requestReset = (server: TestServer, email: string) =>
  new TestClient(server.baseUrl).json('/api/auth/request-password-reset', {
    body: { email, redirectTo: '/reset-password' },
  });

/** The reset link in a mail's text: our own /api/auth/reset-password/<token> address. */
function resetLink(server: TestServer, text: string): string {
  const match = /(https?:\/\/\S+\/api\/auth\/reset-password\/\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  const link = new URL(match[1]);
  expect(link.origin).toBe(server.baseUrl);
  return link.toString();
}

/** Opens the mail's link as the browser would, without following its redirect: the token it hands the web app. */
async function tokenFromLink(link: string): Promise<string> {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '', link);
  expect(location.pathname).toBe('/reset-password');
  const token = location.searchParams.get('token');
  expect(token).toMatch(/^\S{10,}$/);
  return token ?? '';
}

const resetPassword = (server: TestServer, token: string, newPassword: string) =>
  new TestClient(server.baseUrl).json('/api/auth/reset-password', { body: { newPassword, token } });

const signInStatus = async (server: TestServer, email: string, password: string) =>
  (await new TestClient(server.baseUrl).signIn(email, password)).status;

describe('through SMTP', () => {
  let sink: SmtpSink;
  let server: TestServer;
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ SMTP_URL: sink.url, MAIL_FROM: 'Threadbook <reset@threadbook.test>' });
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  /** Asks for a reset of `email` and opens the mailed link: the link and the token it hands the web app. */
  async function mailedReset(email: string) {
    const since = sink.messages.length;
    expect((await requestReset(server, email)).status).toBe(200);
    const link = resetLink(server, (await sink.waitForMail(email, { since })).text);
    return { link, token: await tokenFromLink(link) };
  }

  /** The link and its token are both refused, as for an expired link, and the password is unchanged. */
  async function expectEnded(
    { link, token }: { link: string; token: string },
    email: string,
    password: string,
  ) {
    const reopened = await fetch(link, { redirect: 'manual' });
    expect(new URL(reopened.headers.get('location') ?? '', link).searchParams.get('error')).toBe(
      'INVALID_TOKEN',
    );
    const used = await resetPassword(server, token, 'too-late-1');
    expect(used.status).toBe(400);
    expect(used.body.code).toBe('INVALID_TOKEN');
    expect(await signInStatus(server, email, 'too-late-1')).toBe(401);
    expect(await signInStatus(server, email, password)).toBe(200);
  }

  test('a registered address gets a working link, an unknown one the same answer and no mail', async () => {
    const email = uniqueEmail('forgetful');
    const unknown = uniqueEmail('nobody');
    const holder = new TestClient(server.baseUrl);
    expect((await holder.signUp(email, 'secret1')).status).toBe(200);
    const oldIdToken = await holder.getIdToken();

    const since = sink.messages.length;
    const forUnknown = await requestReset(server, unknown);
    const forRegistered = await requestReset(server, email);
    expect(forRegistered.status).toBe(200);
    expect(forUnknown.status).toBe(forRegistered.status);
    expect(forUnknown.body).toEqual(forRegistered.body);

    const mail = await sink.waitForMail(email, { since });
    expect(mail.subject).toBe('Reset your Threadbook password');
    const link = resetLink(server, mail.text);
    expect(mail.html).toContain('Choose a new password');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.messages.slice(since).filter((message) => message.to.includes(unknown))).toEqual([]);
    expect(sink.messages.slice(since)).toHaveLength(1);

    const token = await tokenFromLink(link);
    const reset = await resetPassword(server, token, 'renewed-1');
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ status: true });

    expect(await signInStatus(server, email, 'renewed-1')).toBe(200);
    expect(await signInStatus(server, email, 'secret1')).toBe(401);
    // Sessions from before the reset are ended, and with them their ID tokens.
    expect((await holder.me(oldIdToken)).status).toBe(401);

    // The token works once.
    const again = await resetPassword(server, token, 'renewed-2');
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_TOKEN');
    expect(await signInStatus(server, email, 'renewed-2')).toBe(401);
    const reopened = await fetch(link, { redirect: 'manual' });
    expect(new URL(reopened.headers.get('location') ?? '', link).searchParams.get('error')).toBe(
      'INVALID_TOKEN',
    );
  });

  test('a page of another site cannot have a reset mail sent, with or without a cookie; a script can', async () => {
    const email = uniqueEmail('targeted');
    const holder = new TestClient(server.baseUrl);
    expect((await holder.signUp(email, 'secret1')).status).toBe(200);
    const since = sink.messages.length;
    // The dev server is trusted only when the server runs in development; this one does not.
    for (const origin of ['http://localhost:5173', 'null', 'https://attacker.example']) {
      for (const client of [new TestClient(server.baseUrl, { origin }), holder]) {
        const refused = await client.fetch('/api/auth/request-password-reset', {
          headers: { origin },
          body: { email, redirectTo: '/reset-password' },
        });
        expect(refused.status, origin).toBe(403);
        expect(await refused.json()).toEqual({ code: 'INVALID_ORIGIN', message: 'Invalid origin' });
      }
    }
    // Other state-changing calls from there are refused the same way.
    const signIn = await new TestClient(server.baseUrl, { origin: 'https://attacker.example' }).signIn(
      email,
      'secret1',
    );
    expect(signIn.status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages.slice(since)).toEqual([]);

    // Without an Origin (a script, a command), the call reaches better-auth, whose own checks and rate
    // limit apply; from the server's own origin, as the web app sends it, it works.
    const scripted = await fetch(`${server.baseUrl}/api/auth/request-password-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, redirectTo: '/reset-password' }),
    });
    expect(scripted.status).toBe(200);
    await sink.waitForMail(email, { since });
    expect((await requestReset(server, email)).status).toBe(200);
  });

  test('the new password must be at least 6 characters; a refused one does not use up the token', async () => {
    const email = uniqueEmail('short-reset');
    expect((await new TestClient(server.baseUrl).signUp(email, 'secret1')).status).toBe(200);
    const { token } = await mailedReset(email);
    const short = await resetPassword(server, token, 'abc');
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('PASSWORD_TOO_SHORT');
    expect((await resetPassword(server, token, 'long-enough')).status).toBe(200);
    expect(await signInStatus(server, email, 'long-enough')).toBe(200);
  });

  test('one reset ends every other link still outstanding for the account, and no other account’s', async () => {
    const email = uniqueEmail('two-links');
    const other = uniqueEmail('bystander');
    for (const address of [email, other]) {
      expect((await new TestClient(server.baseUrl).signUp(address, 'secret1')).status).toBe(200);
    }
    const first = await mailedReset(email);
    const second = await mailedReset(email);
    const others = await mailedReset(other);
    expect((await resetPassword(server, second.token, 'renewed-3')).status).toBe(200);
    await expectEnded(first, email, 'renewed-3');
    expect((await resetPassword(server, others.token, 'renewed-4')).status).toBe(200);
  });

  test('a password change ends the outstanding reset links: the new-password form and better-auth’s own', async () => {
    const email = uniqueEmail('changer');
    const client = new TestClient(server.baseUrl);
    expect((await client.signUp(email, 'secret1')).status).toBe(200);

    const beforeNewPassword = await mailedReset(email);
    const changed = await client.json('/api/auth/account/password', { body: { newPassword: 'changed-1' } });
    expect(changed.status).toBe(200);
    await expectEnded(beforeNewPassword, email, 'changed-1');

    const beforeChange = await mailedReset(email);
    const own = await client.json('/api/auth/change-password', {
      body: { currentPassword: 'changed-1', newPassword: 'changed-2' },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    await expectEnded(beforeChange, email, 'changed-2');
  });

  test('a made-up token is refused', async () => {
    const { status, body } = await resetPassword(server, 'made-up-token-1234567890', 'whatever-1');
    expect(status).toBe(400);
    expect(body.code).toBe('INVALID_TOKEN');
  });
});

test('the answer does not wait for the mail server (its delay would tell registered addresses apart)', async () => {
  // An SMTP server that accepts connections and never says a word.
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as AddressInfo;
  const server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  try {
    const email = uniqueEmail('slow-mail');
    expect((await new TestClient(server.baseUrl).signUp(email, 'secret1')).status).toBe(200);
    const started = Date.now();
    const { status } = await requestReset(server, email);
    expect(status).toBe(200);
    expect(Date.now() - started).toBeLessThan(10_000);
    await vi.waitFor(() => expect(sockets.size).toBe(1)); // the mail was on its way
  } finally {
    await server.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  }
});

describe('without SMTP_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  test('the mail is written to DATA_DIR/outbox as .eml, with a link that works', async () => {
    const email = uniqueEmail('offline');
    expect((await new TestClient(server.baseUrl).signUp(email, 'secret1')).status).toBe(200);
    const outbox = path.join(server.dataDir, 'outbox');
    expect((await requestReset(server, uniqueEmail('nobody'))).status).toBe(200);
    expect((await requestReset(server, email)).status).toBe(200);

    let files: string[] = [];
    for (let waited = 0; waited < 5000 && files.length === 0; waited += 50) {
      try {
        files = readdirSync(outbox).filter((file) => file.endsWith('.eml'));
      } catch {
        // The outbox is made with the first mail.
      }
      if (files.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(readFileSync(path.join(outbox, files[0] ?? '')));
    expect(parsed.subject).toBe('Reset your Threadbook password');
    const to = Array.isArray(parsed.to) ? parsed.to : [parsed.to];
    expect(to.flatMap((address) => address?.value.map((entry) => entry.address))).toEqual([email]);

    const token = await tokenFromLink(resetLink(server, parsed.text ?? ''));
    expect((await resetPassword(server, token, 'from-outbox')).status).toBe(200);
    expect(await signInStatus(server, email, 'from-outbox')).toBe(200);
  });
});
