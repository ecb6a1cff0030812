import { request } from 'node:http';

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Authorization: Bearer <token>. */
  token?: string;
}

/**
 * A tiny browser stand-in for one user: keeps the cookies the server sets (for the server's own origin),
 * sends `Origin: <server>` as a browser would on same-origin POSTs (or the installation's PUBLIC_URL, for
 * a server behind a balancer), and never follows redirects.
 * Each request uses its own connection: a client kept across a server restart on the same port would
 * otherwise send its next request down a keep-alive socket the old server already closed.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  readonly baseUrl: string;
  /** The loopback address this client connects from (127.x.y.z), which the server sees as its IP. */
  readonly localAddress: string | undefined;
  /** The page's origin the requests come from: the server's own, unless the installation's is another. */
  readonly origin: string;

  constructor(baseUrl: string, options: { localAddress?: string; origin?: string } = {}) {
    this.baseUrl = baseUrl;
    this.localAddress = options.localAddress;
    this.origin = options.origin ?? baseUrl;
  }

  /** The jar as a Cookie header, or undefined when empty. */
  cookieHeader(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Stores (or, for expired ones, removes) the cookies of a response. */
  keepCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', attributeValue = ''] = attribute.split('=').map((part) => part.trim());
        if (key.toLowerCase() === 'max-age') return Number(attributeValue) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(attributeValue).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** A raw request to the server (path or absolute URL on the server), cookies and Origin included. */
  async fetch(pathOrUrl: string, options: RequestOptions = {}): Promise<Response> {
    const url = new URL(pathOrUrl, this.baseUrl);
    const headers: Record<string, string> = { origin: this.origin, connection: 'close', ...options.headers };
    const cookie = url.origin === this.baseUrl ? this.cookieHeader() : undefined;
    if (cookie) headers.cookie = cookie;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const method = options.method ?? (body === undefined ? 'GET' : 'POST');
    const response = this.localAddress
      ? await fetchFrom(this.localAddress, url, { method, headers, body })
      : await fetch(url, { method, headers, body, redirect: 'manual' });
    if (url.origin === this.baseUrl) this.keepCookies(response);
    return response;
  }

  /** A request whose answer is read as JSON (null for an empty body). */
  async json<T = Record<string, unknown>>(
    pathOrUrl: string,
    options: RequestOptions = {},
  ): Promise<JsonResponse<T>> {
    const response = await this.fetch(pathOrUrl, options);
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : null) as T,
    };
  }

  signUp(email: string, password: string, name = '') {
    return this.json('/api/auth/sign-up/email', { body: { email, password, name } });
  }

  signIn(email: string, password: string) {
    return this.json('/api/auth/sign-in/email', { body: { email, password } });
  }

  signOut() {
    return this.json('/api/auth/sign-out', { body: {} });
  }

  /** A fresh ID token from the session cookie; throws unless the server issues one. */
  async getIdToken(): Promise<string> {
    const { status, body } = await this.json<{ token?: string }>('/api/auth/token');
    if (status !== 200 || typeof body?.token !== 'string') {
      throw new Error(`GET /api/auth/token answered ${status} ${JSON.stringify(body)}`);
    }
    return body.token;
  }

  /** GET /api/me with a bearer token (no cookies, as the web app's API calls). */
  async me(token: string | undefined, authorization?: string) {
    const headers: Record<string, string> = { connection: 'close' };
    if (authorization !== undefined) headers.authorization = authorization;
    else if (token !== undefined) headers.authorization = `Bearer ${token}`;
    const response = await fetch(new URL('/api/me', this.baseUrl), { headers });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : null) as Record<string, unknown>,
    };
  }
}

/**
 * fetch (redirects not followed) over a connection from `localAddress`, which fetch itself cannot choose.
 * Every 127.x.y.z is loopback on Linux, so each address is another machine to the server.
 */
function fetchFrom(
  localAddress: string,
  url: URL,
  init: { method: string; headers: Record<string, string>; body: string | undefined },
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method: init.method, headers: init.headers, localAddress },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const headers = new Headers();
          for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
            headers.append(incoming.rawHeaders[i] ?? '', incoming.rawHeaders[i + 1] ?? '');
          }
          const content = chunks.length > 0 ? new Uint8Array(Buffer.concat(chunks)) : null;
          resolve(new Response(content, { status: incoming.statusCode, headers }));
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}

let counter = 0;
/** A distinct address per call, so tests sharing a server never collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}@example.com`;
}

/** A new account, signed in: its browser stand-in, address, ID token (for bearer calls) and user id. */
export interface SignedUpUser {
  client: TestClient;
  email: string;
  token: string;
  userId: string;
}

/** Signs up a new account on the server at `baseUrl` (a distinct address unless one is given). */
export async function signedUp(
  baseUrl: string,
  { email = uniqueEmail(), password = 'secret1', name = '' } = {},
): Promise<SignedUpUser> {
  const client = new TestClient(baseUrl);
  const { status, body } = await client.signUp(email, password, name);
  if (status !== 200) throw new Error(`sign-up answered ${status}: ${JSON.stringify(body)}`);
  const userId = (body.user as { id: string }).id;
  return { client, email, token: await client.getIdToken(), userId };
}

/** An API call with the bearer token only (no cookies), as the web app makes it. */
export function bearerCall(
  baseUrl: string,
  method: string,
  pathname: string,
  token: string | undefined,
  body?: unknown,
) {
  return new TestClient(baseUrl).json(pathname, { method, token, body });
}
