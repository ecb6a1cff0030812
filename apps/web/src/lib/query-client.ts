import { QueryClient } from '@tanstack/react-query';

/**
 * Server state (TanStack Query). The calls go through apiFetch, which sends the bearer token and retries a
 * 401 once itself: the client adds no retries of its own, and asks again only when a screen mounts or its
 * key changes, as the app did before, not when the window regains focus or the network comes back. A query
 * whose data is an object URL (`meta: { objectUrl: true }`) has it revoked when the query is dropped.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
  client.getQueryCache().subscribe((event) => {
    const { data } = event.query.state;
    if (event.type === 'removed' && event.query.meta?.objectUrl === true && typeof data === 'string') {
      URL.revokeObjectURL(data);
    }
  });
  return client;
}
