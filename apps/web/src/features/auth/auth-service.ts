import { createAuthClient } from 'better-auth/react';
import { oauthPopupClient } from 'better-auth/client/plugins';
import { nextSessionToken } from '../../lib/session-token.ts';
import { AuthError } from './errors.ts';
import { LATE_POPUP_MESSAGE_MS, listenForPopupOutcome } from './popup-outcome.ts';

/** Everything the web app asks of the identity module at /api/auth (injectable so screens can be tested). */
export interface AuthService {
  /** A fresh ID token from the session, or null without a session. */
  fetchIdToken(): Promise<string | null>;
  signInWithEmail(email: string, password: string): Promise<void>;
  signUpWithEmail(email: string, password: string): Promise<void>;
  /** Opens the Google popup; rejects with AuthError code POPUP_CLOSED, POPUP_BLOCKED or the server's code. */
  signInWithGoogle(): Promise<void>;
  requestPasswordReset(email: string): Promise<void>;
  resetPassword(token: string, newPassword: string): Promise<void>;
  changePassword(newPassword: string): Promise<void>;
  deleteUser(): Promise<void>;
  signOut(): Promise<void>;
}

export const RESET_PASSWORD_PATH = '/reset-password';

interface ErrorReply {
  code?: string | undefined;
  message?: string | undefined;
  status?: number | undefined;
}

/** better-auth answers `{data, error}`; an error reply becomes an AuthError carrying its code and status. */
function unwrap<T extends { error: ErrorReply | null }>(result: T): T {
  if (result.error) {
    const { code, message, status } = result.error;
    throw new AuthError({ code, message, status });
  }
  return result;
}

export function createBetterAuthService(): AuthService {
  const client = createAuthClient({ plugins: [oauthPopupClient()] });

  return {
    fetchIdToken: nextSessionToken,

    async signInWithEmail(email, password) {
      unwrap(await client.signIn.email({ email, password }));
    },

    async signUpWithEmail(email, password) {
      unwrap(await client.signUp.email({ email, password, name: '' }));
    },

    async signInWithGoogle() {
      const relayed = listenForPopupOutcome();
      try {
        const result = await client.signIn.popup({ providerId: 'google' });
        if (result.error?.code === 'POPUP_CLOSED') {
          // The popup posts its result and closes itself; better-auth may notice the closing first. A result
          // that arrives late is the real outcome; the session cookie tells a success whose message was lost.
          const late = await relayed.within(LATE_POPUP_MESSAGE_MS);
          if (late?.error) {
            const { code, description } = late.error;
            throw new AuthError({ code, message: description ?? code });
          }
          if ((await client.getSession()).data) return;
        }
        unwrap(result);
      } finally {
        relayed.stop();
      }
    },

    async requestPasswordReset(email) {
      unwrap(await client.requestPasswordReset({ email, redirectTo: RESET_PASSWORD_PATH }));
    },

    async resetPassword(token, newPassword) {
      unwrap(await client.resetPassword({ newPassword, token }));
    },

    async changePassword(newPassword) {
      unwrap(await client.$fetch('/account/password', { method: 'POST', body: { newPassword } }));
    },

    async deleteUser() {
      unwrap(await client.deleteUser());
    },

    async signOut() {
      // Stay in the app: never follow a provider's end-session redirect (docs/product.md §2: Sign Out goes to /login).
      unwrap(await client.signOut({ disableRedirect: true }));
    },
  };
}
