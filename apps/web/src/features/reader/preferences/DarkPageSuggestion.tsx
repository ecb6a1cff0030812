import { useSyncExternalStore } from 'react';
import type { ReaderPreferences, ReaderPreferencesPatch } from '@threadbook/contracts';
import './preferences.css';

export const DarkPageSuggestionText = {
  question: 'Your system uses a dark theme. Read with dark pages too?',
  accept: 'Use dark pages',
  decline: 'Not now',
} as const;

const DARK_THEME = '(prefers-color-scheme: dark)';

/** Whether the system asks for a dark theme, kept up to date. */
function useSystemDarkTheme(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia?.(DARK_THEME);
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(DARK_THEME).matches ?? false,
  );
}

interface DarkPageSuggestionProps {
  preferences: ReaderPreferences;
  onChange(patch: ReaderPreferencesPatch): void;
}

/**
 * When the system asks for a dark theme (the app's own theme follows it) and the pages are the book's own
 * white, the reader suggests dark pages, once: taken or declined, it is not asked again. A bar under the
 * toolbar, never over the page.
 */
export function DarkPageSuggestion({ preferences, onChange }: DarkPageSuggestionProps) {
  const dark = useSystemDarkTheme();
  if (!dark || preferences.darkPageSuggested || preferences.pageColours !== 'normal') return null;
  return (
    <div className="dark-page-suggestion" role="region" aria-label="Dark pages">
      <p>{DarkPageSuggestionText.question}</p>
      <button
        type="button"
        className="dark-page-suggestion__accept"
        onClick={() => onChange({ pageColours: 'dark', darkPageSuggested: true })}
      >
        {DarkPageSuggestionText.accept}
      </button>
      <button type="button" onClick={() => onChange({ darkPageSuggested: true })}>
        {DarkPageSuggestionText.decline}
      </button>
    </div>
  );
}
