import { afterEach, describe, expect, test, vi } from 'vitest';

afterEach(() => {
  delete window.threadbookFirstToken;
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A fresh copy of the module (its first token is per page load) over a server giving tokens in turn. */
async function freshModule(answers: Response[]) {
  const fetchMock = vi.fn(async () => answers.shift() ?? new Response(null, { status: 500 }));
  vi.stubGlobal('fetch', fetchMock);
  return { module: await import('./session-token.ts'), fetchMock };
}
const token = (value: string) => Response.json({ token: value });

describe('the session token', () => {
  test('the app start’s is asked once, shared by the head start and the auth service; later ones anew', async () => {
    const { module, fetchMock } = await freshModule([token('first'), token('second')]);
    await expect(module.firstSessionToken()).resolves.toBe('first');
    await expect(module.nextSessionToken()).resolves.toBe('first');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/token',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
    await expect(module.nextSessionToken()).resolves.toBe('second');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  test('asked by another script of the page first (the reader’s head script), it is that one’s answer', async () => {
    const { module, fetchMock } = await freshModule([token('again')]);
    window.threadbookFirstToken = Promise.resolve('from the head script');
    await expect(module.nextSessionToken()).resolves.toBe('from the head script');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('no session is null; a failing server an error', async () => {
    const { module } = await freshModule([
      new Response(null, { status: 401 }),
      new Response(null, { status: 502 }),
    ]);
    await expect(module.requestSessionToken()).resolves.toBeNull();
    await expect(module.requestSessionToken()).rejects.toThrow('Request failed: 502');
  });
});
