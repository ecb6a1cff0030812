import type { TestClient } from './client.ts';

/** What the popup's completion page hands to its opener (better-auth's oauth-popup data block). */
export interface PopupOutcome {
  type: string;
  targetOrigin: string;
  nonce: string;
  token?: string;
  error?: { code: string; description?: string };
}

export interface PopupResult {
  outcome: PopupOutcome;
  /** The completion page's own Content-Security-Policy (its inline script must be allowed by hash). */
  contentSecurityPolicy: string | null;
  /** Every URL the popup went through, in order. */
  visited: string[];
}

/**
 * Drives the Google popup as a browser would, over HTTP: opens /api/auth/oauth-popup/start, then follows each
 * redirect by hand, to the OpenID provider (no cookies: another site) and back to our callback (with the
 * client's cookies), until a page answers 200. Returns the data block of that completion page.
 */
export async function googlePopupSignIn(client: TestClient, nonce = 'n1'): Promise<PopupResult> {
  const start = `/api/auth/oauth-popup/start?provider=google&popupOrigin=${encodeURIComponent(client.baseUrl)}&popupNonce=${nonce}`;
  const visited = [new URL(start, client.baseUrl).toString()];
  let response = await client.fetch(start);
  for (let hop = 0; hop < 10 && response.status >= 300 && response.status < 400; hop++) {
    const location = response.headers.get('location');
    if (!location) throw new Error(`redirect ${response.status} without a location`);
    const next = new URL(location, visited.at(-1)).toString();
    visited.push(next);
    response =
      new URL(next).origin === client.baseUrl
        ? await client.fetch(next)
        : await fetch(next, { redirect: 'manual' });
  }
  const html = await response.text();
  if (response.status !== 200)
    throw new Error(`the popup ended on ${response.status}: ${html.slice(0, 300)}`);
  const block = /<script type="application\/json" id="better-auth-oauth-popup">([\s\S]*?)<\/script>/.exec(
    html,
  );
  if (!block?.[1]) throw new Error(`no popup data block in: ${html.slice(0, 300)}`);
  return {
    outcome: JSON.parse(block[1]) as PopupOutcome,
    contentSecurityPolicy: response.headers.get('content-security-policy'),
    visited,
  };
}
