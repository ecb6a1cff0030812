import {
  readerPreferencesSchema,
  type ReaderPreferences,
  type ReaderPreferencesPatch,
} from '@threadbook/contracts';
import { apiJson, UnexpectedAnswerError } from '../../../lib/api.ts';

const PATH = '/api/me/preferences';

function checked(answer: unknown): ReaderPreferences {
  const parsed = readerPreferencesSchema.safeParse(answer);
  if (!parsed.success) throw new UnexpectedAnswerError('reader preferences');
  return parsed.data;
}

/** GET /api/me/preferences: the user's reader preferences (the defaults before any change). */
export async function fetchReaderPreferences(signal?: AbortSignal): Promise<ReaderPreferences> {
  return checked(await apiJson<unknown>(PATH, { signal }));
}

/** PATCH /api/me/preferences: changes the ones given, answers all of them. */
export async function patchReaderPreferences(patch: ReaderPreferencesPatch): Promise<ReaderPreferences> {
  return checked(await apiJson<unknown>(PATH, { method: 'PATCH', body: patch }));
}
