import { request as playwrightRequest, type Page, type Request } from '@playwright/test';
import { createAccount, expect, signIn, test } from './support/fixtures.ts';
import type { RunningServer } from './support/server.ts';

/**
 * docs/product.md §4: on a 401 the client force-refreshes its ID token and retries once; docs/product.md §8: a 401 after the retry
 * gives 'Authentication failed - please log in again'. The server really answers every 401 here: the test only
 * swaps the bearer token of a request for one that has genuinely expired.
 */

/** A product API call that carries the bearer token (every /api/ path outside the identity module's). */
const isBearerApiCall = (url: URL) =>
  url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/auth/');

function bearerOf(request: Request): string | undefined {
  return /^Bearer (.+)$/.exec(request.headers()['authorization'] ?? '')?.[1];
}

/** An ID token issued by the server for a real session, waited on until it has expired. */
async function expiredToken(baseURL: string, email: string): Promise<{ token: string; expiresAt: number }> {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    await createAccount(api, baseURL, email);
    const response = await api.get('/api/auth/token');
    expect(response.status()).toBe(200);
    const { token } = (await response.json()) as { token: string };
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    return { token, expiresAt: claims.exp * 1000 };
  } finally {
    await api.dispose();
  }
}

async function waitUntil(time: number) {
  const remaining = time - Date.now();
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
}

interface Exchange {
  path: string;
  token: string | undefined;
  status: number;
}

/**
 * Passes every product API call through to the server and records the answers; `swap` picks (by their order
 * among the calls that carry a bearer token) the calls whose token is replaced.
 */
async function routeBearerCalls(
  page: Page,
  swap: (index: number) => string | undefined,
): Promise<Exchange[]> {
  const exchanges: Exchange[] = [];
  await page.route(isBearerApiCall, async (route) => {
    const request = route.request();
    const sent = bearerOf(request);
    if (sent === undefined) return route.continue(); // e.g. a cover image: no token to swap
    const replacement = swap(exchanges.length);
    const exchange: Exchange = {
      path: new URL(request.url()).pathname,
      token: replacement ?? sent,
      status: 0,
    };
    exchanges.push(exchange);
    const headers = { ...request.headers(), authorization: `Bearer ${exchange.token}` };
    const response = await route.fetch({ headers });
    exchange.status = response.status();
    await route.fulfill({ response });
  });
  return exchanges;
}

test.describe('401 retry', () => {
  // A server whose ID tokens live 10 s, the shortest it allows, so a token can really expire.
  test.describe.configure({ timeout: 60_000 });
  let server: RunningServer;
  // One expired token for each test, issued together: the tests wait out one lifetime, not one each.
  const stale: { token: string; expiresAt: number }[] = [];
  test.beforeAll(async ({ env }) => {
    server = await env.startExtraServer({ env: { ID_TOKEN_TTL_SECONDS: '10' } });
    for (let i = 0; i < 2; i += 1) stale.push(await expiredToken(server.baseURL, env.nextEmail()));
  });

  test('an expired token is answered 401, refreshed, and the retried call works', async ({
    browser,
    env,
    request,
  }) => {
    const expired = stale[0]!;

    const context = await browser.newContext({ baseURL: server.baseURL });
    const page = await context.newPage();
    const email = env.nextEmail();
    await createAccount(request, server.baseURL, email);
    await signIn(page, email);
    await waitUntil(expired.expiresAt + 1_500);

    const exchanges = await routeBearerCalls(page, (index) => (index === 0 ? expired.token : undefined));
    await page.goto('/account/profile');
    await expect(page.getByTestId('profile-email')).toHaveText(email);

    await expect
      .poll(() => exchanges.length, {
        message: 'the profile asks the server who is signed in (GET /api/me)',
      })
      .toBeGreaterThanOrEqual(2);
    const first = exchanges[0]!;
    expect(first, 'the first call carried the expired token and the server refused it').toMatchObject({
      token: expired.token,
      status: 401,
    });
    const retry = exchanges.slice(1).find((exchange) => exchange.path === first.path);
    expect(retry, `the call to ${first.path} is retried`).toBeDefined();
    expect(retry!.token, 'with a fresh token').not.toBe(expired.token);
    // The screen may show the address (from the token) before the retried call's answer is recorded.
    await expect.poll(() => retry!.status).toBe(200);
    await expect(page.getByText('Authentication failed - please log in again')).toHaveCount(0);
    await context.close();
  });

  test('when the retry is refused too, the screen says "Authentication failed - please log in again"', async ({
    browser,
    env,
    request,
  }) => {
    const expired = stale[1]!;

    const context = await browser.newContext({ baseURL: server.baseURL });
    const page = await context.newPage();
    const email = env.nextEmail();
    await createAccount(request, server.baseURL, email);
    await signIn(page, email);
    await waitUntil(expired.expiresAt + 1_500);

    const exchanges = await routeBearerCalls(page, () => expired.token);
    await page.goto('/account/profile');
    await expect
      .poll(() => exchanges.length, {
        message: 'the profile asks the server who is signed in (GET /api/me)',
      })
      .toBeGreaterThanOrEqual(1);
    await expect(
      page.getByText('Authentication failed - please log in again', { exact: false }),
    ).toBeVisible();
    expect(exchanges.length, 'one call and one retry').toBeGreaterThanOrEqual(2);
    expect(exchanges.slice(0, 2).map((exchange) => exchange.status)).toEqual([401, 401]);
    await context.close();
  });
});
