import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AuthUser } from '@threadbook/contracts';
import { AuthContext, type AuthContextValue, type AuthStatus } from './auth-context.ts';
import type { AuthService } from './auth-service.ts';
import { AuthError, ClientErrorCode } from './errors.ts';
import { decodeIdTokenClaims, userFromClaims } from './id-token.ts';
import { createTokenManager, type TokenManager } from './token-manager.ts';

interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  signedOutByUser: boolean;
}

const SIGNED_OUT: AuthState = { status: 'signedOut', user: null, signedOutByUser: false };

function stateFromToken(token: string | null): AuthState {
  if (!token) return SIGNED_OUT;
  try {
    return { status: 'signedIn', user: userFromClaims(decodeIdTokenClaims(token)), signedOutByUser: false };
  } catch {
    return SIGNED_OUT;
  }
}

export function AuthProvider({
  service,
  tokenManager,
  firstToken,
  children,
}: {
  service: AuthService;
  /** The app passes the one it also gives apiFetch; tests may leave it out. */
  tokenManager?: TokenManager;
  /** The session's ID token (or null), asked for as the app started; else it is asked for here. */
  firstToken?: Promise<string | null>;
  children: ReactNode;
}) {
  const [tokens] = useState(
    () => tokenManager ?? createTokenManager({ fetchToken: () => service.fetchIdToken() }),
  );
  const [state, setState] = useState<AuthState>({ status: 'loading', user: null, signedOutByUser: false });

  // Every new token refreshes the user (claims may change); a vanished session signs out.
  useEffect(() => tokens.subscribe((token) => setState(stateFromToken(token))), [tokens]);

  // On load: a session cookie means signed in, once its ID token is in hand. The token call answers for
  // the session itself (none without one), so it is the only round trip before the first screen.
  useEffect(() => {
    let active = true;
    (async () => {
      try {
        const token = await (firstToken ?? tokens.getIdToken({ forceRefresh: true }));
        if (active) setState(stateFromToken(token));
      } catch (error) {
        console.error('Could not restore the session:', error);
        if (active) setState(SIGNED_OUT);
      }
    })();
    return () => {
      active = false;
    };
  }, [service, tokens, firstToken]);

  const establish = useCallback(async () => {
    const token = await tokens.getIdToken({ forceRefresh: true });
    if (!token) throw new AuthError({ message: '' });
    setState(stateFromToken(token));
  }, [tokens]);

  const dropSession = useCallback(() => {
    tokens.clear();
    setState({ ...SIGNED_OUT, signedOutByUser: true });
  }, [tokens]);

  const requireUser = useCallback(() => {
    if (state.status !== 'signedIn') throw new AuthError({ code: ClientErrorCode.noUser });
  }, [state.status]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      async signIn(email, password) {
        await service.signInWithEmail(email, password);
        await establish();
      },
      async signUp(email, password) {
        await service.signUpWithEmail(email, password);
        await establish();
      },
      async signInWithGoogle() {
        await service.signInWithGoogle();
        await establish();
      },
      requestPasswordReset: (email) => service.requestPasswordReset(email),
      async resetPassword(token, newPassword) {
        await service.resetPassword(token, newPassword);
        // The reset ends every session of that account, possibly this browser's.
        if (state.status === 'signedIn') dropSession();
      },
      async changePassword(newPassword) {
        requireUser();
        await service.changePassword(newPassword);
      },
      async deleteAccount() {
        requireUser();
        try {
          await service.deleteUser();
        } catch (error) {
          await service.signOut().catch(() => {});
          throw error;
        } finally {
          dropSession();
        }
      },
      async signOut() {
        try {
          await service.signOut();
        } catch (error) {
          console.error('Sign-out failed:', error);
        } finally {
          dropSession();
        }
      },
      getIdToken: (options) => tokens.getIdToken(options),
    }),
    [state, service, tokens, establish, dropSession, requireUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
