import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_READER_PREFERENCES, readerPreferencesSchema } from '@threadbook/contracts';
import { withServerDb } from './graph-fixtures.ts';
import { bearerCall, signedUp, uniqueEmail } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'error' });
});
afterAll(() => server.close());

const PATH = '/api/me/preferences';
const signUp = () => signedUp(server.baseUrl, { email: uniqueEmail('preferences') });
const call = (method: string, token: string | undefined, body?: unknown) =>
  bearerCall(server.baseUrl, method, PATH, token, body);

describe('reader preferences', () => {
  test('are the defaults until changed, then what was changed, per user', async () => {
    const [ada, bob] = await Promise.all([signUp(), signUp()]);
    expect((await call('GET', ada.token)).body).toEqual(DEFAULT_READER_PREFERENCES);

    const changed = await call('PATCH', ada.token, { pageColours: 'dark' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toEqual({ ...DEFAULT_READER_PREFERENCES, pageColours: 'dark' });
    const again = await call('PATCH', ada.token, { definedTerms: false, darkPageSuggested: true });
    expect(again.body).toEqual({ pageColours: 'dark', definedTerms: false, darkPageSuggested: true });
    expect(readerPreferencesSchema.parse((await call('GET', ada.token)).body)).toEqual(again.body);
    // Another user's are their own.
    expect((await call('GET', bob.token)).body).toEqual(DEFAULT_READER_PREFERENCES);
  });

  test('refuse what is no preference, an unknown colour, an empty change, and no sign-in', async () => {
    const ada = await signUp();
    for (const [body, message] of [
      [{ pageColours: 'purple' }, 'pageColours: must be one of normal, sepia, dark'],
      [{ definedTerms: 'yes' }, 'definedTerms: must be true or false'],
      [{}, 'must change at least one preference'],
      [{ fontSize: 12 }, 'fontSize'],
    ] as const) {
      const answer = await call('PATCH', ada.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(String(answer.body.message)).toContain(message);
    }
    expect((await call('GET', ada.token)).body).toEqual(DEFAULT_READER_PREFERENCES);
    expect((await call('GET', undefined)).status).toBe(401);
    expect((await call('PATCH', undefined, { pageColours: 'dark' })).status).toBe(401);
  });

  test('go with the account', async () => {
    const ada = await signUp();
    await call('PATCH', ada.token, { pageColours: 'sepia' });
    const rows = () =>
      withServerDb(server, (db) =>
        db.selectFrom('reader_preference').selectAll().where('user_id', '=', ada.userId).execute(),
      );
    expect(await rows()).toHaveLength(1);
    const removed = await ada.client.json('/api/auth/delete-user', { method: 'POST', body: {} });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await rows()).toHaveLength(0);
  });
});
