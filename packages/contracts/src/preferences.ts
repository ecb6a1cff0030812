import { z } from 'zod';

/**
 * A signed-in user's reader preferences, kept on the server so that they follow the user to another
 * browser: GET /api/me/preferences (the defaults until one is changed) and PATCH /api/me/preferences (the
 * ones given change, the answer is all of them).
 */

/** The page colours of the reader's menu: the book as printed, sepia, and light text on a dark page. */
export const PAGE_COLOURS = ['normal', 'sepia', 'dark'] as const;
export type PageColours = (typeof PAGE_COLOURS)[number];

export const readerPreferencesSchema = z.object({
  pageColours: z.enum(PAGE_COLOURS, { error: `must be one of ${PAGE_COLOURS.join(', ')}` }),
  /** Defined terms on a page are underlined and explained on hover. */
  definedTerms: z.boolean({ error: 'must be true or false' }),
  /**
   * Whether the student has answered the dark page the app suggests once when the system asks for a dark
   * theme (taken or declined, it is not suggested again).
   */
  darkPageSuggested: z.boolean({ error: 'must be true or false' }),
});
export type ReaderPreferences = z.infer<typeof readerPreferencesSchema>;

export const DEFAULT_READER_PREFERENCES: ReaderPreferences = {
  pageColours: 'normal',
  definedTerms: true,
  darkPageSuggested: false,
};

export const readerPreferencesPatchSchema = readerPreferencesSchema
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'must change at least one preference');
export type ReaderPreferencesPatch = z.input<typeof readerPreferencesPatchSchema>;
