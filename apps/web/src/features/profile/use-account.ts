import { useEffect, useState } from 'react';
import type { AuthUser } from '@threadbook/contracts';
import { apiJson } from '../../lib/api.ts';

/**
 * The signed-in account as the server sees it (GET /api/me): the profile shows the server's truth, such as
 * a Google account linked since the ID token was issued, and an API failure is shown, not hidden.
 */
export function useAccount(): { account: AuthUser | undefined; error: string | undefined } {
  const [account, setAccount] = useState<AuthUser>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let active = true;
    apiJson<AuthUser>('/api/me').then(
      (me) => active && setAccount(me),
      (failure: unknown) => active && setError(failure instanceof Error ? failure.message : String(failure)),
    );
    return () => {
      active = false;
    };
  }, []);
  return { account, error };
}
