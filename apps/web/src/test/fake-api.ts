import { vi } from 'vitest';
import { setTokenSource } from '../lib/api.ts';

/**
 * For tests of code that calls the API: a stubbed `fetch` that records every call the code makes and
 * answers it with the test's handler, with the token source set so the calls carry a bearer token. Use it
 * with useSignedInApi (signed-in-api.ts), which undoes the stub after each test.
 */

export interface ApiCall {
  method: string;
  url: string;
  /** The JSON body, parsed; undefined without one. */
  body: unknown;
  authorization: string | null;
  /** The Range header, when one was sent. */
  range: string | null;
  /** The request's cache mode, when one was set. */
  cache: RequestCache | undefined;
  keepalive: boolean;
}

export type ApiHandler = (call: ApiCall) => Response | Promise<Response>;

export function stubApi(handler: ApiHandler) {
  const calls: ApiCall[] = [];
  let current = handler;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: ApiCall = {
      method: init.method ?? 'GET',
      url: String(input),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: new Headers(init.headers).get('Authorization'),
      range: new Headers(init.headers).get('Range'),
      cache: init.cache,
      keepalive: init.keepalive ?? false,
    };
    calls.push(call);
    return current(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  setTokenSource({ getIdToken: async () => 'id-token' });
  return {
    calls,
    /** Answers the calls from now on with `next`. */
    answerWith(next: ApiHandler) {
      current = next;
    },
  };
}

export const json = (body: unknown, status = 200) => Response.json(body, { status });

export const failure = (status: number, statusText: string, message = statusText) =>
  Response.json({ statusCode: status, error: statusText, message }, { status, statusText });

export const noContent = () => new Response(null, { status: 204 });

/** A reply the test sends when it chooses, to see what the feature shows meanwhile. */
export function heldReply() {
  let send: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => (send = resolve));
  return { promise, send };
}

/** The answer of a server that honours Range (`bytes=a-b`, `bytes=a-`, `bytes=-n`) for `file`. */
export function rangeAnswer(file: Uint8Array, range: string | null): Response {
  const match = /^bytes=(\d*)-(\d*)$/.exec(range ?? '');
  if (!match) return new Response(file.slice(), { status: 200 });
  const [, from, to] = match;
  const begin = from ? Number(from) : Math.max(0, file.length - Number(to));
  const end = from && to ? Math.min(Number(to), file.length - 1) : file.length - 1;
  return new Response(file.slice(begin, end + 1), {
    status: 206,
    headers: { 'Content-Range': `bytes ${begin}-${end}/${file.length}` },
  });
}
