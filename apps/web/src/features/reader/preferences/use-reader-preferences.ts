import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_READER_PREFERENCES,
  type ReaderPreferences,
  type ReaderPreferencesPatch,
} from '@threadbook/contracts';
import { fetchReaderPreferences, patchReaderPreferences } from './api.ts';

export const readerPreferencesQueryKey = ['me', 'preferences'] as const;

export type ReaderPreferencesState =
  | { status: 'loading' }
  | { status: 'done'; preferences: ReaderPreferences; change(patch: ReaderPreferencesPatch): void };

/**
 * The user's reader preferences, kept on the server (issue 34). The reader waits for them before it draws
 * a page, so a dark page never flashes white first; preferences that cannot be had are the defaults (the
 * book is still read). A change shows at once and is sent; one the server refuses is taken back.
 */
export function useReaderPreferences(
  takePrefetched?: () => Promise<ReaderPreferences> | undefined,
): ReaderPreferencesState {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: readerPreferencesQueryKey,
    queryFn: ({ signal }) =>
      (takePrefetched?.() ?? fetchReaderPreferences(signal)).catch((error: unknown) => {
        if (!signal.aborted) console.warn('the reader preferences could not be loaded', error);
        return DEFAULT_READER_PREFERENCES;
      }),
    staleTime: Infinity,
  });
  const mutation = useMutation({
    mutationFn: patchReaderPreferences,
    onMutate: (patch) => {
      const before = queryClient.getQueryData<ReaderPreferences>(readerPreferencesQueryKey);
      if (before) queryClient.setQueryData(readerPreferencesQueryKey, { ...before, ...patch });
      return before;
    },
    onSuccess: (saved) => queryClient.setQueryData(readerPreferencesQueryKey, saved),
    onError: (error, _patch, before) => {
      console.warn('the reader preferences could not be saved', error);
      if (before) queryClient.setQueryData(readerPreferencesQueryKey, before);
    },
  });
  if (query.status !== 'success') return { status: 'loading' };
  return { status: 'done', preferences: query.data, change: (patch) => mutation.mutate(patch) };
}
