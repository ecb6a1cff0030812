/** How many calls of one kind one client address may make to the identity module in a window. */
export interface RequestLimit {
  /** Names the counter: each kind is counted apart. */
  kind: string;
  max: number;
  windowMs: number;
}

const MINUTE_MS = 60_000;

/**
 * The limit on a call to /api/auth/<path>, or undefined for calls not counted: '/token' and '/app-config'
 * are asked for by every screen as it starts, nothing is guessed through them (the token needs a session,
 * the settings are public), and counting them would write to the database each time.
 *
 * Counted in fixed windows (db/window-counter.ts) rather than by better-auth's limiter, whose count starts
 * again only after a whole window without a call: a class signing in one after another from one school
 * address would be locked out for good, however slowly they came.
 */
export function authRequestLimit(path: string, signUpsPerMinute: number): RequestLimit | undefined {
  if (path === '/token' || path === '/app-config') return undefined;
  // Guessing is stopped by the failure counts (sign-in-failures.ts); this bounds the password hashing
  // one address can ask of the server.
  if (path.startsWith('/sign-in')) return { kind: 'sign-in', max: 60, windowMs: MINUTE_MS };
  if (path.startsWith('/sign-up')) return { kind: 'sign-up', max: signUpsPerMinute, windowMs: MINUTE_MS };
  if (path === '/request-password-reset') return { kind: 'reset', max: 10, windowMs: MINUTE_MS };
  // better-auth's own rule for these: they check a password too.
  if (path.startsWith('/change-password') || path.startsWith('/change-email')) {
    return { kind: 'change', max: 3, windowMs: 10_000 };
  }
  return { kind: 'other', max: 600, windowMs: MINUTE_MS };
}
