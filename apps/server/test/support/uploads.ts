import { expect } from 'vitest';
import { errorResponseSchema } from '@threadbook/contracts';
import { eventually } from '../books-fixtures.ts';
import { TestClient, uniqueEmail } from './client.ts';
import type { TestServer } from './server.ts';

/** The uploads API as a user's client calls it (features/uploads): users, uploads and their jobs. */

/** A signed-up user of `server`: their client (cookies) and a bearer token. */
export async function newUser(server: TestServer): Promise<{ client: TestClient; token: string }> {
  const client = new TestClient(server.baseUrl);
  const { status } = await client.signUp(uniqueEmail('uploader'), 'secret1');
  expect(status).toBe(200);
  return { client, token: await client.getIdToken() };
}

export const call = (server: TestServer, token: string, route: string, init: RequestInit = {}) =>
  fetch(`${server.baseUrl}${route}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...init.headers },
  });

/** POST /api/uploads with `bytes` as the body. */
export function upload(
  server: TestServer,
  token: string,
  bytes: Uint8Array,
  fileName: string,
  title?: string,
) {
  const query = new URLSearchParams({ fileName, ...(title === undefined ? {} : { title }) });
  return call(server, token, `/api/uploads?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/pdf' },
    body: bytes,
  });
}

export async function message(response: Response): Promise<string> {
  return errorResponseSchema.parse(await response.json()).message;
}

/** Waits until upload `id` is no longer queued or running, and answers its job. */
export async function settled(server: TestServer, token: string, id: number) {
  return eventually(async () => {
    const job = (await (await call(server, token, `/api/jobs/${id}`)).json()) as {
      state: string;
      bookId: number | null;
      error: string | null;
    };
    return job.state === 'done' || job.state === 'failed' ? job : undefined;
  }, 90_000);
}
