export { fetchReaderPreferences } from './api.ts';
export { useReaderPreferences, type ReaderPreferencesState } from './use-reader-preferences.ts';
export { DarkPageSuggestion, DarkPageSuggestionText } from './DarkPageSuggestion.tsx';
