import { readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { TestClient, uniqueEmail } from './support/client.ts';
import { makeTempDir, startTestServer } from './support/server.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = makeTempDir('threadbook-config-');
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** loadConfig over a temporary DATA_DIR (never ./data of the repo). */
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDir(), ...env });

function configError(env: Record<string, string>): ConfigError {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  test.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['SMTP_URL', { SMTP_URL: 'notaurl' }],
    ['SMTP_URL', { SMTP_URL: 'https://mail.example.com' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'localhost:3000' }],
    ['AUTH_SECRET', { AUTH_SECRET: 'too-short' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db' }],
    ['ID_TOKEN_TTL_SECONDS', { ID_TOKEN_TTL_SECONDS: '5' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['TEAM_LINKS', { TEAM_LINKS: 'Alice' }],
    ['TEAM_LINKS', { TEAM_LINKS: 'Alice|https://a.example, Bob|ftp://b.example' }],
    ['MENTOR_LINKS', { MENTOR_LINKS: '|https://a.example' }],
    ['SIGN_UP_RATE_LIMIT', { SIGN_UP_RATE_LIMIT: '0' }],
    ['SIGN_UP_RATE_LIMIT', { SIGN_UP_RATE_LIMIT: 'many' }],
  ])('a bad %s stops start-up with a message naming it (%j)', (variable, env) => {
    const error = configError(env);
    expect(error.message).toMatch(/^Invalid configuration:/);
    expect(error.message).toContain(`  ${variable}: `);
  });

  test('GOOGLE_CLIENT_ID without GOOGLE_CLIENT_SECRET (or the reverse) is refused, naming both', () => {
    const halves: Record<string, string>[] = [{ GOOGLE_CLIENT_ID: 'id' }, { GOOGLE_CLIENT_SECRET: 'secret' }];
    for (const env of halves) {
      const error = configError(env);
      expect(error.message).toContain('GOOGLE_CLIENT_ID');
      expect(error.message).toContain('GOOGLE_CLIENT_SECRET');
    }
    expect(load({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
    });
  });

  test('several bad values are all named at once', () => {
    const error = configError({ PORT: 'abc', SMTP_URL: 'notaurl' });
    expect(error.message).toContain('  PORT: ');
    expect(error.message).toContain('  SMTP_URL: ');
  });

  test('defaults: port 3000, PUBLIC_URL from it, the specification footer, no Google, 15-minute ID tokens', () => {
    const config = load({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.footerText).toBe('MCDS Capstone Project · Fall 2025');
    expect(config.allowedEmails).toEqual([]);
    expect(config.google).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.idTokenTtlSeconds).toBe(900);
    expect(config.team).toEqual([]);
    expect(config.mentors).toEqual([]);
    expect(config.logLevel).toBe('info');
    expect(config.signUpRateLimit).toBe(30);
    expect(config.development).toBe(false);
  });

  test('empty values count as unset, as with "NAME=" in a .env file', () => {
    const config = load({ PORT: '', SMTP_URL: '', FOOTER_TEXT: '', GOOGLE_CLIENT_ID: '' });
    expect(config.port).toBe(3000);
    expect(config.smtpUrl).toBeUndefined();
    expect(config.footerText).toBe('MCDS Capstone Project · Fall 2025');
    expect(config.google).toBeUndefined();
  });

  test('good values are read: ALLOWED_EMAILS trimmed and lower-cased, links parsed, PUBLIC_URL without its slash', () => {
    const config = load({
      PORT: '8080',
      PUBLIC_URL: 'https://threadbook.example.edu/',
      ALLOWED_EMAILS: ' Student@Example.com ,second@example.com,, ',
      TEAM_LINKS: 'Ada Lovelace|https://ada.example, Alan Turing | http://alan.example/page',
      FOOTER_TEXT: 'Our footer',
      ID_TOKEN_TTL_SECONDS: '60',
      NODE_ENV: 'development',
    });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('https://threadbook.example.edu');
    expect(config.allowedEmails).toEqual(['student@example.com', 'second@example.com']);
    expect(config.team).toEqual([
      { name: 'Ada Lovelace', url: 'https://ada.example' },
      { name: 'Alan Turing', url: 'http://alan.example/page' },
    ]);
    expect(config.footerText).toBe('Our footer');
    expect(config.idTokenTtlSeconds).toBe(60);
    expect(config.development).toBe(true);
  });

  test('without AUTH_SECRET a secret is generated once into DATA_DIR, kept private and reused', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'auth-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: tempDir() }).authSecret).not.toBe(first);
    const given = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: given }).authSecret).toBe(given);
  });

  test('a relative DATA_DIR is created', () => {
    const base = tempDir();
    const config = loadConfig({ DATA_DIR: 'nested/data', INIT_CWD: base });
    expect(config.dataDir).toBe(path.join(base, 'nested/data'));
    expect(statSync(config.dataDir).isDirectory()).toBe(true);
  });
});

test('sessions survive a restart because the generated secret is reused', async () => {
  const dataDir = tempDir();
  const first = await startTestServer({}, { dataDir });
  const client = new TestClient(first.baseUrl);
  const email = uniqueEmail();
  try {
    expect((await client.signUp(email, 'secret1')).status).toBe(200);
  } finally {
    await first.close();
  }
  const second = await startTestServer({}, { dataDir, port: Number(new URL(first.baseUrl).port) });
  try {
    const token = await client.getIdToken();
    const me = await client.me(token);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
  } finally {
    await second.close();
  }
});
