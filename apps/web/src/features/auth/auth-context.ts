import { createContext, useContext } from 'react';
import type { AuthUser } from '@threadbook/contracts';

/** docs/product.md §4 "Auth state: loading, then signed-in or signed-out." */
export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthContextValue {
  status: AuthStatus;
  /** docs/product.md §3 Authenticated user, from the ID token's claims; null unless signed in. */
  user: AuthUser | null;
  /** True after this tab signed out or deleted the account (not when the session ran out). */
  signedOutByUser: boolean;
  signIn(email: string, password: string): Promise<void>;
  signUp(email: string, password: string): Promise<void>;
  signInWithGoogle(): Promise<void>;
  requestPasswordReset(email: string): Promise<void>;
  resetPassword(token: string, newPassword: string): Promise<void>;
  changePassword(newPassword: string): Promise<void>;
  /** Deletes the account; whatever happens, the user is signed out here afterwards. Rethrows the failure. */
  deleteAccount(): Promise<void>;
  /** Signs out; never throws (a failure is logged and the local session is dropped anyway). */
  signOut(): Promise<void>;
  getIdToken(options?: { forceRefresh?: boolean }): Promise<string | null>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
