import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeIdToken } from '../../test/fake-auth.ts';
import { createTokenManager } from './token-manager.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('token manager', () => {
  it('keeps the token in memory and fetches only when needed or forced', async () => {
    const token = fakeIdToken();
    const fetchToken = vi.fn(async () => token);
    const manager = createTokenManager({ fetchToken });

    expect(await manager.getIdToken()).toBe(token);
    expect(await manager.getIdToken()).toBe(token);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    await manager.getIdToken({ forceRefresh: true });
    expect(fetchToken).toHaveBeenCalledTimes(2);
    manager.clear();
  });

  it('shares one fetch between concurrent callers', async () => {
    const fetchToken = vi.fn(async () => fakeIdToken());
    const manager = createTokenManager({ fetchToken });
    await Promise.all([
      manager.getIdToken(),
      manager.getIdToken(),
      manager.getIdToken({ forceRefresh: true }),
    ]);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    manager.clear();
  });

  it('refreshes 60 s before the token expires', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const exp = Math.floor(Date.now() / 1000) + 900;
    const fetchToken = vi.fn(async () => fakeIdToken({ exp }));
    const manager = createTokenManager({ fetchToken });
    await manager.getIdToken();

    await vi.advanceTimersByTimeAsync(839_000);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetchToken).toHaveBeenCalledTimes(2);
    manager.clear();
  });

  it('tells subscribers about new tokens and about a session that is gone', async () => {
    let answer: string | null = fakeIdToken();
    const manager = createTokenManager({ fetchToken: async () => answer });
    const seen: Array<string | null> = [];
    manager.subscribe((token) => seen.push(token));

    await manager.getIdToken();
    answer = null;
    expect(await manager.getIdToken({ forceRefresh: true })).toBeNull();
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBeNull();
    manager.clear();
  });

  it('forgets the token on clear', async () => {
    const fetchToken = vi.fn(async () => fakeIdToken());
    const manager = createTokenManager({ fetchToken });
    await manager.getIdToken();
    manager.clear();
    await manager.getIdToken();
    expect(fetchToken).toHaveBeenCalledTimes(2);
    manager.clear();
  });
});
