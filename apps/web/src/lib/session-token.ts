/**
 * GET /api/auth/token: a fresh ID token from the session cookie, or null without a session. index.html
 * preloads the first one; the first to ask for it as the page loads (the reader's head script, or the
 * app) takes that answer, and the other shares it through the window, so it is asked once.
 */
export async function requestSessionToken(): Promise<string | null> {
  const response = await fetch('/api/auth/token', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`Request failed: ${response.status} ${response.statusText}`);
  const body = (await response.json()) as { token?: unknown };
  return typeof body.token === 'string' ? body.token : null;
}

declare global {
  interface Window {
    /** The page load's token, shared by the scripts that ask for it (see firstSessionToken). */
    threadbookFirstToken?: Promise<string | null>;
  }
}

let firstTaken = false;

/** The page load's token: the preloaded answer, asked for once whoever asks first. */
export function firstSessionToken(): Promise<string | null> {
  window.threadbookFirstToken ??= requestSessionToken();
  return window.threadbookFirstToken;
}

/** A token for the auth service: the page load's the first time, a new one after that. */
export function nextSessionToken(): Promise<string | null> {
  if (firstTaken) return requestSessionToken();
  firstTaken = true;
  return firstSessionToken();
}
