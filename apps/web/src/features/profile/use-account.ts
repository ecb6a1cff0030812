import { useQuery } from '@tanstack/react-query';
import type { AuthUser } from '@threadbook/contracts';
import { apiJson } from '../../lib/api.ts';

/**
 * The signed-in account as the server sees it (GET /api/me): the profile shows the server's truth, such as
 * a Google account linked since the ID token was issued, and an API failure is shown, not hidden.
 */
export function useAccount(): { account: AuthUser | undefined; error: string | undefined } {
  const query = useQuery({
    queryKey: ['me'],
    queryFn: ({ signal }) => apiJson<AuthUser>('/api/me', { signal }),
  });
  return { account: query.data, error: query.error?.message };
}
