/**
 * The one way the web app calls the product API (`/api/...` outside `/api/auth`): every request carries the
 * in-memory ID token as `Authorization: Bearer`, and a 401 is answered by force-refreshing the token and
 * retrying once (docs/product.md §4, §7, §8).
 */

/** Where apiFetch gets ID tokens; the auth feature's token manager is registered at start-up. */
export interface TokenSource {
  getIdToken(options?: { forceRefresh?: boolean }): Promise<string | null>;
}

export const AUTH_FAILED_MESSAGE = 'Authentication failed - please log in again';

/**
 * A non-OK reply other than the final 401. `detail` is the `message` of the API's JSON error answer
 * (`{statusCode, error, message}`), when it had one: the server's own words for people.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly detail: string | null;

  constructor(status: number, statusText: string, detail: string | null = null) {
    super(`Request failed: ${status} ${statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.detail = detail;
  }
}

/** Thrown when the server answers with something the contract does not allow. */
export class UnexpectedAnswerError extends Error {
  constructor(what: string) {
    super(`The server's answer is not ${what}`);
    this.name = 'UnexpectedAnswerError';
  }
}

/** The `message` of an API error answer's JSON body, or null when it has none. */
export function errorDetail(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('message' in body)) return null;
  const { message } = body;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** What to tell people about a failed call: the server's message when it gave one, else the error's own. */
export function describeError(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return error instanceof Error && error.message ? error.message : fallback;
}

/** The 401 that survived a fresh token: the session is gone. */
export class AuthenticationError extends Error {
  constructor() {
    super(AUTH_FAILED_MESSAGE);
    this.name = 'AuthenticationError';
  }
}

export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

/** Builds an apiFetch around a token source and a fetch implementation (both injectable for tests). */
export function createApiFetch(
  tokens: TokenSource,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): ApiFetch {
  const send = async (path: string, init: RequestInit, forceRefresh: boolean) => {
    const token = await tokens.getIdToken({ forceRefresh });
    const headers = new Headers(init.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (init.body !== undefined && init.body !== null && !headers.has('Content-Type')) {
      headers.set('Content-Type', 'application/json');
    }
    return fetchImpl(path, { ...init, headers });
  };

  return async (path, init = {}) => {
    let response = await send(path, init, false);
    if (response.status === 401) {
      response = await send(path, init, true);
      if (response.status === 401) throw new AuthenticationError();
    }
    if (!response.ok) {
      let body: unknown;
      try {
        body = await response.clone().json();
      } catch {
        // Not JSON (a proxy's error page): no message of the server's.
      }
      throw new ApiError(response.status, response.statusText, errorDetail(body));
    }
    return response;
  };
}

let tokenSource: TokenSource = { getIdToken: async () => null };

/** Registers the token source apiFetch uses (called once when the app starts). */
export function setTokenSource(source: TokenSource): void {
  tokenSource = source;
}

/**
 * The current ID token (null when signed out), from the registered token source; `forceRefresh` after a 401,
 * for requests apiFetch cannot make (an upload through XMLHttpRequest, for its progress events).
 */
export function idToken(options?: { forceRefresh?: boolean }): Promise<string | null> {
  return tokenSource.getIdToken(options);
}

const defaultApiFetch = createApiFetch({ getIdToken: (options) => tokenSource.getIdToken(options) });

/** `fetch` for the product API with the bearer token and the 401 retry. Throws on any non-OK reply. */
export function apiFetch(path: string, init?: RequestInit): Promise<Response> {
  return defaultApiFetch(path, init);
}

/** apiFetch that sends `body` as JSON (when given) and parses the JSON answer. */
export async function apiJson<T>(
  path: string,
  init: Omit<RequestInit, 'body'> & { body?: unknown } = {},
): Promise<T> {
  const { body, ...rest } = init;
  const response = await apiFetch(path, body === undefined ? rest : { ...rest, body: JSON.stringify(body) });
  return (await response.json()) as T;
}

/**
 * A graph call (docs/product.md §7): its answer checked against `schema`, or null on error, as the spec has it: a
 * refusal by the API (a non-OK status) or an answer of the wrong shape. A failure to make the call at all
 * (no network, the session gone) is thrown, so the reader can tell the two apart (docs/product.md §8).
 */
export async function graphCall<T>(
  path: string,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  init: RequestInit,
): Promise<T | null> {
  let response: Response;
  try {
    response = await apiFetch(path, init);
  } catch (error) {
    if (error instanceof ApiError) {
      console.warn(`graph call ${path} failed:`, error.message);
      return null;
    }
    throw error;
  }
  // A body that is not JSON at all (a proxy's error page) is as wrong a shape as any other.
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = schema.safeParse(body);
  if (!parsed.success) console.warn(`graph call ${path} answered in an unexpected shape`);
  return parsed.success ? parsed.data : null;
}
