import { decodeIdTokenClaims } from './id-token.ts';

/** Fetches a fresh ID token from the session; null when there is no session (401). */
export type IdTokenFetcher = () => Promise<string | null>;

export interface TokenManager {
  /** The current ID token, fetched anew when forced, missing or about to expire; null when signed out. */
  getIdToken(options?: { forceRefresh?: boolean }): Promise<string | null>;
  /** Forgets the token and stops refreshing (sign-out). */
  clear(): void;
  /** Called with every newly fetched token, and with null when the session turns out to be gone. */
  subscribe(listener: (token: string | null) => void): () => void;
}

export interface TokenManagerOptions {
  fetchToken: IdTokenFetcher;
  /** Refresh this long before `exp` (capped at half the token's lifetime). Default 60 s. */
  refreshLeadMs?: number;
  /** After a failed background refresh, try again after this long. Default 30 s. */
  retryMs?: number;
  now?: () => number;
}

interface Held {
  token: string;
  expiresAt: number;
  refreshAt: number;
}

/**
 * Keeps the ID token in memory only (DESIGN decision 8): it is re-issued from the httpOnly session cookie,
 * refreshed shortly before it expires, and shared by every caller while a fetch is in flight.
 */
export function createTokenManager({
  fetchToken,
  refreshLeadMs = 60_000,
  retryMs = 30_000,
  now = () => Date.now(),
}: TokenManagerOptions): TokenManager {
  let held: Held | null = null;
  let inFlight: Promise<string | null> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;
  const listeners = new Set<(token: string | null) => void>();

  const notify = (token: string | null) => {
    for (const listener of listeners) listener(token);
  };

  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const schedule = (delayMs: number) => {
    stopTimer();
    timer = setTimeout(
      () => {
        timer = undefined;
        refresh().catch(() => {
          if (held) schedule(retryMs);
        });
      },
      Math.max(0, delayMs),
    );
  };

  const refresh = (): Promise<string | null> => {
    if (inFlight) return inFlight;
    const started = generation;
    const request = (async () => {
      const token = await fetchToken();
      if (started !== generation) return null; // signed out meanwhile
      if (!token) {
        const hadToken = held !== null;
        held = null;
        stopTimer();
        if (hadToken) notify(null);
        return null;
      }
      const expiresAt = decodeIdTokenClaims(token).exp * 1000;
      const issuedAt = now();
      const lead = Math.min(refreshLeadMs, Math.max(0, (expiresAt - issuedAt) / 2));
      held = { token, expiresAt, refreshAt: expiresAt - lead };
      schedule(held.refreshAt - issuedAt);
      notify(token);
      return token;
    })();
    inFlight = request;
    const settle = () => {
      if (inFlight === request) inFlight = null;
    };
    request.then(settle, settle);
    return request;
  };

  return {
    async getIdToken({ forceRefresh = false } = {}) {
      if (!forceRefresh && held && now() < held.refreshAt) return held.token;
      try {
        return await refresh();
      } catch (error) {
        // A failed refresh (network) still leaves a token that has not expired usable.
        if (!forceRefresh && held && now() < held.expiresAt) return held.token;
        throw error;
      }
    },
    clear() {
      generation += 1;
      held = null;
      inFlight = null;
      stopTimer();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
