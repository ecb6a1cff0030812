import { useQuery } from '@tanstack/react-query';
import { fetchCover } from './api.ts';

export type CoverState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; url: string };

/**
 * The cover of book `id` as an object URL, shared by the tiles that show it and revoked once none does
 * (the query is dropped at once then, and the client revokes an `objectUrl` query's URL as it drops it).
 */
export function useCover(id: number): CoverState {
  const query = useQuery({
    queryKey: ['books', id, 'cover'],
    queryFn: async ({ signal }) => URL.createObjectURL(await fetchCover(id, { signal })),
    meta: { objectUrl: true },
    staleTime: Infinity,
    gcTime: 0,
  });
  if (query.status === 'error') return { status: 'failed' };
  return query.status === 'pending' ? { status: 'loading' } : { status: 'ready', url: query.data };
}
