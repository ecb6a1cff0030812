import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import { setTokenSource } from '../lib/api.ts';

/**
 * For tests of code that calls the API with a stubbed `fetch`: before each test, apiFetch has an ID token
 * to send and console.error and console.warn are silenced; after it, the stubs and spies are undone and the
 * token is gone. `logged.error` and `logged.warn` are the running test's console spies.
 */
export function useSignedInApi(): { readonly error: MockInstance; readonly warn: MockInstance } {
  const logged = { error: vi.fn() as MockInstance, warn: vi.fn() as MockInstance };
  beforeEach(() => {
    setTokenSource({ getIdToken: async () => 'id-token' });
    logged.error = vi.spyOn(console, 'error').mockImplementation(() => {});
    logged.warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setTokenSource({ getIdToken: async () => null });
  });
  return logged;
}
