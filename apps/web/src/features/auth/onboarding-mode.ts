/** docs/product.md §2: one onboarding screen answers at three paths, one mode each. */
export type OnboardingMode = 'login' | 'signup' | 'reset';

export const ONBOARDING_PATHS: Record<OnboardingMode, string> = {
  login: '/login',
  signup: '/signup',
  reset: '/forgot-password',
};

export function modeFromPath(pathname: string): OnboardingMode {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === ONBOARDING_PATHS.signup) return 'signup';
  if (path === ONBOARDING_PATHS.reset) return 'reset';
  return 'login';
}

/** The location a private route remembered when it sent the user to /login (location state `from`). */
export function rememberedFrom(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  const from = (state as { from: unknown }).from;
  // Only same-app paths; never back to an onboarding screen.
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return undefined;
  if (Object.values(ONBOARDING_PATHS).some((path) => from === path || from.startsWith(`${path}?`)))
    return undefined;
  return from;
}
