import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiFetch, describeError, type TokenSource } from './api.ts';

function tokens(...values: string[]) {
  let index = 0;
  const source: TokenSource & { calls: Array<{ forceRefresh?: boolean } | undefined> } = {
    calls: [],
    getIdToken: vi.fn(async (options?: { forceRefresh?: boolean }) => {
      source.calls.push(options);
      if (options?.forceRefresh) index += 1;
      return values[Math.min(index, values.length - 1)] ?? null;
    }),
  };
  return source;
}

function reply(status: number, statusText: string, body: unknown = {}) {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

const authHeader = (call: unknown[]) => new Headers((call[1] as RequestInit).headers).get('Authorization');

describe('apiFetch', () => {
  it('sends the ID token as a bearer header and JSON content type with a body', async () => {
    const fetchImpl = vi.fn(async () => reply(200, 'OK', { ok: true }));
    const apiFetch = createApiFetch(tokens('token-a'), fetchImpl);

    const response = await apiFetch('/api/things', { method: 'POST', body: JSON.stringify({ a: 1 }) });

    expect(await response.json()).toEqual({ ok: true });
    const [path, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/things');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-a');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('sends no content type without a body', async () => {
    const fetchImpl = vi.fn(async () => reply(200, 'OK'));
    await createApiFetch(tokens('token-a'), fetchImpl)('/api/me');
    const init = (fetchImpl.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
  });

  it('on a 401 force-refreshes the token and retries once', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(reply(401, 'Unauthorized'))
      .mockResolvedValueOnce(reply(200, 'OK', { id: 1 }));
    const source = tokens('stale', 'fresh');

    const response = await createApiFetch(source, fetchImpl)('/api/books/');

    expect(await response.json()).toEqual({ id: 1 });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(authHeader(fetchImpl.mock.calls[0]!)).toBe('Bearer stale');
    expect(authHeader(fetchImpl.mock.calls[1]!)).toBe('Bearer fresh');
    expect(source.calls[1]).toEqual({ forceRefresh: true });
  });

  it('throws the log-in-again error when the retry is also a 401', async () => {
    const fetchImpl = vi.fn(async () => reply(401, 'Unauthorized'));
    await expect(createApiFetch(tokens('a', 'b'), fetchImpl)('/api/me')).rejects.toThrow(
      'Authentication failed - please log in again',
    );
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('throws "Request failed: {status} {statusText}" for other failures, without retrying', async () => {
    const fetchImpl = vi.fn(async () => reply(500, 'Internal Server Error'));
    await expect(createApiFetch(tokens('a'), fetchImpl)('/api/me')).rejects.toThrow(
      'Request failed: 500 Internal Server Error',
    );
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('reports a failure of the retried request with its own status', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(reply(401, 'Unauthorized'))
      .mockResolvedValueOnce(reply(404, 'Not Found'));
    await expect(createApiFetch(tokens('a', 'b'), fetchImpl)('/api/books/9')).rejects.toThrow(
      'Request failed: 404 Not Found',
    );
  });

  it("keeps the message of the API's JSON error answer as the error's detail", async () => {
    const fetchImpl = vi.fn(async () =>
      reply(400, 'Bad Request', {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Title must not be empty',
      }),
    );
    const failure = await createApiFetch(tokens('a'), fetchImpl)('/api/books/1').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('Request failed: 400 Bad Request');
    expect((failure as ApiError).detail).toBe('Title must not be empty');
    expect(describeError(failure, 'fallback')).toBe('Title must not be empty');
    expect(describeError(new ApiError(500, 'Internal Server Error'), 'x')).toBe(
      'Request failed: 500 Internal Server Error',
    );
    expect(describeError(new Error(''), 'fallback')).toBe('fallback');
  });
});
