/** SPEC §4, §9: the jump indicator fades at 2 s and is gone at 2.5 s. */
export const INDICATOR_FADE_MS = 2000;
export const INDICATOR_GONE_MS = 2500;
