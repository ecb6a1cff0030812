import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBetterAuthService } from './auth-service.ts';
import { AuthError } from './errors.ts';

/**
 * A popup that closes itself at once and whose outcome message reaches the opener only after better-auth has
 * seen it closed: what a busy machine does to the real popup.
 */
function popupWhoseMessageTrailsItsClosing(message: object) {
  vi.spyOn(window, 'open').mockImplementation(() => {
    setTimeout(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'better-auth:oauth-popup', ...message },
          origin: window.location.origin,
        }),
      );
    }, 800);
    return { closed: true, close() {}, focus() {} } as unknown as Window;
  });
}

function noSession() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
    Response.json(null, { headers: { 'content-type': 'application/json' } }),
  );
}

describe('signInWithGoogle', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reports the refusal the popup sent, even when the popup was seen closed first', async () => {
    popupWhoseMessageTrailsItsClosing({ error: { code: 'ACCOUNT_NOT_LINKED', description: 'not linked' } });
    noSession();
    const failure = await createBetterAuthService()
      .signInWithGoogle()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AuthError);
    expect((failure as AuthError).code).toBe('ACCOUNT_NOT_LINKED');
  });

  it('is cancelled when the popup closed and nothing came', async () => {
    vi.spyOn(window, 'open').mockImplementation(
      () => ({ closed: true, close() {}, focus() {} }) as unknown as Window,
    );
    noSession();
    const failure = await createBetterAuthService()
      .signInWithGoogle()
      .catch((error: unknown) => error);
    expect((failure as AuthError).code).toBe('POPUP_CLOSED');
  });
});
